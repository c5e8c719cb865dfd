import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

async function timeToFirstPing(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, PORT: String(port), MATE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/ping`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** Cold start to the first ping answer on PGlite: a first start (creates and migrates) and a warm restart. */
export async function run(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mate-bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  try {
    const first = await timeToFirstPing(dataDir, port);
    const restarts: number[] = [];
    for (let i = 0; i < 3; i++) restarts.push(await timeToFirstPing(dataDir, port));
    restarts.sort((a, b) => a - b);
    return { firstStartToPingMs: Math.round(first), restartToPingMedianMs: Math.round(restarts[1]!) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
