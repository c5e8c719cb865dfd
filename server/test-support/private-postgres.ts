import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** How long initdb or pg_ctl may take before the test fails saying which one stalled (pg_ctl's own -t is 30 s). */
const PROGRAM_TIMEOUT_MS = 90_000;

/** The bin folder of the newest PostgreSQL installed from Debian's packages with initdb and pg_ctl; undefined when there is none. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const hasPrograms = (v: string) => ['initdb', 'pg_ctl'].every((program) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', program)));
  const versions = readdirSync(POSTGRES_ROOT).filter(hasPrograms);
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

/** A PostgreSQL server of one test's own, which the test may stop and start without disturbing anyone else. */
export interface PrivatePostgres {
  /** Connection string of its `postgres` database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * initdb into a temporary folder and start it on a free port. PostgreSQL refuses to run as root, so as root the
 * binaries run as the `postgres` user. pg_ctl's `-w` waits until the server accepts connections (or is down).
 */
export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mate-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const exec = async (program: string, args: string[]) => {
    const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args]] : [path.join(binDir, program), args];
    try {
      return await run(file, fileArgs, { timeout: PROGRAM_TIMEOUT_MS });
    } catch (error) {
      const { stderr, killed } = error as { stderr?: string; killed?: boolean };
      throw new Error(`${program} ${args.at(-1)} ${killed ? `did not finish within ${PROGRAM_TIMEOUT_MS} ms` : 'failed'}: ${stderr?.trim() ?? String(error)}`, { cause: error });
    }
  };
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => exec('pg_ctl', ['-D', dataDir, '-w', '-t', '30', ...args]);
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => void (await pgCtl('-o', options, '-l', path.join(dir, 'log'), 'start')),
    // Fast mode: sessions are ended and open transactions rolled back, as in a restart by an operator.
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}
