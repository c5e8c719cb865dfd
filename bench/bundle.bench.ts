import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The production bundle's initial JS: the entry script and what index.html preloads, gzip-compressed. */
export async function run(): Promise<Record<string, number>> {
  if (!existsSync('dist/index.html')) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the UI build failed');
  }
  const html = readFileSync('dist/index.html', 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const file of new Set(files)) {
    const content = readFileSync(path.join('dist', file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { initialJsFiles: new Set(files).size, initialJsKiB: Math.round(raw / 102.4) / 10, initialJsGzipKiB: Math.round(gzip / 102.4) / 10 };
}
