import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// Ports reserved for this process until it ends (the reasons are in the file).
import { freePort } from '../../e2e/support/free-port';

/** The product running in a process of its own, as `npm run serve` starts it. */
export interface ServerProcess {
  url: string;
  port: number;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the instance dies as a crashed machine's would, finishing nothing. */
  kill(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * Starts server/server.ts through tsx on `databaseUrl` (PostgreSQL) without the UI build and demo data, and waits
 * until /api/health answers. On a free port, or on `env.PORT` (a new release taking a stopped instance's place).
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}, timeoutMs = 150_000): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mate-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, MATE_DATA_DIR: dataDir, MATE_DEMO_DATA: 'false', MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${text}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${text}`);
    }
    const healthy = await fetch(`${url}/api/health`).then((answer) => answer.ok, () => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    output: () => text,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
