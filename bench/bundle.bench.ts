import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The build to measure: MATE_STATIC_DIR (the folder the server would serve) or dist/.
const distDir = process.env.MATE_STATIC_DIR ?? 'dist';

/** The chunks a chunk imports statically (they load before it runs); dynamic import() targets are not followed. */
function staticClosure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, 'assets', file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1]!);
  }
  return seen;
}

function sizes(files: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(path.join(distDir, 'assets', file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kib = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * The production bundle's initial JS (the entry script and what index.html preloads: everything the sign-in page
 * runs), raw and gzip-compressed; and the JS of the signed-in dashboard, which adds the lazily loaded shell and
 * dashboard page with their static imports.
 */
export async function run(): Promise<Record<string, number>> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the UI build failed');
  }
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!));
  const initialSize = sizes(initial);
  const figures: Record<string, number> = { initialJsFiles: initial.size, initialJsKiB: kib(initialSize.raw), initialJsGzipKiB: kib(initialSize.gzip) };
  // Lazy chunks are named after their first module (src/app/signed-in-shell.tsx, src/shell/dashboard-page.tsx).
  const assets = readdirSync(path.join(distDir, 'assets'));
  const lazy = ['signed-in-shell-', 'dashboard-page-'].map((prefix) => assets.find((file) => file.startsWith(prefix) && file.endsWith('.js')));
  if (lazy.every((file) => file !== undefined)) {
    const dashboard = staticClosure([...initial, ...(lazy as string[])]);
    const dashboardSize = sizes(dashboard);
    Object.assign(figures, { dashboardJsFiles: dashboard.size, dashboardJsGzipKiB: kib(dashboardSize.gzip), targetInitialJsGzipKiB: 200 });
  }
  return figures;
}
