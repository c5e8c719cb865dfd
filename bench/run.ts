// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones), prints the figures and writes
// them to bench/results/<name>.json. Figures only: nothing here passes or fails on time.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const wanted = process.argv.slice(2);
const dir = path.resolve('bench');
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

mkdirSync(path.join(dir, 'results'), { recursive: true });
let failures = 0;
for (const name of names) {
  const module = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as { run?: () => Promise<Record<string, number>> };
  if (typeof module.run !== 'function') {
    console.warn(`${name}: exports no run(), skipped`);
    continue;
  }
  try {
    const figures = await module.run();
    const record = { name, at: new Date().toISOString(), node: process.version, figures };
    writeFileSync(path.join(dir, 'results', `${name}.json`), JSON.stringify(record, null, 2));
    console.log(`${name}:`);
    for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(32)} ${value}`);
  } catch (error) {
    failures++;
    console.error(`${name}: failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failures > 0 ? 1 : 0);
