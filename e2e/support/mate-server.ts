import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** Where a test's product keeps its data: a fresh PGlite folder, or a fresh PostgreSQL database. */
export interface MateStorage {
  dataDir: string;
  databaseUrl: string | undefined;
}

/**
 * A running product process on the built UI: server/server.ts as the run's global setup transpiled it once
 * (global-setup.ts, server-bundle.ts), or through tsx as `npm run serve` starts it when there is no bundle.
 */
export interface MateServer {
  url: string;
  port: number;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code once the process has stopped. */
  stop: () => Promise<number | null>;
}

/**
 * The name prefix of the PostgreSQL databases this Playwright run creates. playwright.config.ts sets
 * MATE_E2E_RUN once in the runner's process, so every worker shares it and the global teardown can drop
 * exactly this run's databases (not those of a run going on beside it).
 */
export function e2eDatabasePrefix(run = process.env.MATE_E2E_RUN ?? 'adhoc'): string {
  return `mate_e2e_${run}_`;
}

/**
 * The folder under which this run keeps its data folders and the seeded template; the global teardown removes it,
 * so a run leaves no temp folders behind.
 */
export function e2eRunRoot(run = process.env.MATE_E2E_RUN ?? 'adhoc'): string {
  return path.join(tmpdir(), `mate-e2e-run-${run}`);
}

/**
 * Fresh storage: a temp folder under the run's root, plus a new (empty) database on the DATABASE_URL server when one
 * is set and `createDatabase` is not false.
 */
export async function freshStorage(options: { createDatabase?: boolean } = {}): Promise<MateStorage> {
  const root = e2eRunRoot();
  mkdirSync(root, { recursive: true });
  const dataDir = mkdtempSync(path.join(root, 'data-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || options.createDatabase === false) return { dataDir, databaseUrl: undefined };
  const name = `${e2eDatabasePrefix()}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

/** Removes a storage's folder and drops its database (when the server using it has stopped). */
export async function discardStorage(storage: MateStorage): Promise<void> {
  rmSync(storage.dataDir, { recursive: true, force: true });
  if (!storage.databaseUrl) return;
  const name = new URL(storage.databaseUrl).pathname.slice(1);
  const url = new URL(storage.databaseUrl);
  url.pathname = new URL(process.env.DATABASE_URL ?? storage.databaseUrl).pathname;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Server processes this worker started and has not seen end. A hook that times out while a start is still waiting
 * for health (a loaded machine) leaves its server running with nobody to stop it; it would go on seeding or serving
 * for the rest of the run, taking a core from every later spec. They end with the worker.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the product on a free port with the given storage and extra environment. */
export async function startMate(storage: MateStorage, env: Record<string, string> = {}, port?: number): Promise<MateServer> {
  const chosenPort = port ?? (await freePort());
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(chosenPort), HOST: '127.0.0.1', MATE_DATA_DIR: storage.dataDir, LOG_LEVEL: 'warn', MATE_DEMO_DATA: 'true', MATE_DEMO_DOCUMENT_DAYS: '14', ...env };
  if (storage.databaseUrl) childEnv.DATABASE_URL = storage.databaseUrl;
  else delete childEnv.DATABASE_URL;
  const bundle = process.env.MATE_E2E_SERVER_BUNDLE;
  const args = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const url = `http://127.0.0.1:${chosenPort}`;
  const output = () => text;
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  // A server that ends before it was asked to is a fault of the product: its output goes to the test log, since the
  // test itself only sees connections refused.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server on port ${chosenPort} exited by itself (code ${code}, signal ${signal}):\n${output().slice(-8000)}`);
  });
  return {
    url,
    port: chosenPort,
    output,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
