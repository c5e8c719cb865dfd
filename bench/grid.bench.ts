// Browser figures of the data grid and the record editor on the production build, served by the real server on a
// fresh PGlite folder with the demo data and 100,000 articles: time to the first painted rows of a shared grid link,
// frame times while scrolling 100,000 loaded rows (wheel, fling and scroll-bar drag), and keystroke-to-paint latency in the largest catalogue editor
// and in a synthetic 300-field editor. Headless system Chromium; figures only, nothing passes or fails on time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { freshStorage, startMate, type MateServer } from '../e2e/support/mate-server';
import { syntheticDocument } from './compile.bench';

const ARTICLES = Number(process.env.BENCH_GRID_ROWS ?? 100_000);
const FIRST_ROWS_RUNS = Number(process.env.BENCH_GRID_RUNS ?? 9);
const KEYSTROKES = 36;
const PASSWORD = 'grid-bench-password';
const ARTICLE_GRID = '/data/pos-supply/article';
const ARTICLE_KIND = 'pos-supply/article';
const TENANT = 'Mate Deutschland'; // the seed puts the articles there (docs/demo-data.md)
const WIDE_GRID = '/data/bench/wide';
// The data service answers at most 500 rows a call (server/data/list-query.ts MAX_TAKE).
const LARGE_PAGE = 500;
const staticDir = process.env.MATE_STATIC_DIR ?? 'dist';

const log = (line: string) => console.log(`grid: ${line}`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;
function stats(values: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), max: round(sorted[sorted.length - 1] ?? NaN) };
}

/** Runs `npm run seed -- --articles N` on the fresh folder before the server opens it (PGlite has one owner). */
async function seedArticles(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--articles', String(ARTICLES)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the seed failed (${String(code)}):\n${output}`);
}

/** The entity document of the catalogue with the most fields (nested ones counted), and its grid path. */
function largestCatalogueKind(): { kind: string; fields: number } {
  const count = (fields: { properties?: unknown[]; items?: { properties?: unknown[] } }[]): number =>
    fields.reduce((n, f) => n + 1 + count((f.properties ?? f.items?.properties ?? []) as typeof fields), 0);
  let best = { kind: '', fields: 0 };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.json') && entry.name !== 'navigation.json') {
        const doc = JSON.parse(readFileSync(file, 'utf8')) as { area?: string; entity?: string; fields?: Parameters<typeof count>[0] };
        if (!doc.area || !doc.entity || !Array.isArray(doc.fields)) continue;
        const n = count(doc.fields);
        if (n > best.fields) best = { kind: `${doc.area}/${doc.entity}`, fields: n };
      }
    }
  };
  walk('server/metadata');
  return best;
}

interface NavItem { path: string; entity?: string; component?: string; children?: NavItem[] }
function gridPathOf(kind: string): string {
  const flat = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
  const items = flat(JSON.parse(readFileSync('server/metadata/navigation.json', 'utf8')) as NavItem[]);
  const item = items.find((i) => i.component === 'data-grid' && i.entity === kind);
  if (!item) throw new Error(`no data grid of ${kind} in the navigation`);
  return item.path;
}

/** A grid link that searches at once (the grid's shared link: `$k` = base64 JSON of the query, `$start`). */
function startLink(base: string, gridPath: string): string {
  const key = Buffer.from(JSON.stringify({ values: {}, q: '', sort: [] }), 'utf8').toString('base64');
  return `${base}${gridPath}?${new URLSearchParams({ $k: key, $start: '1' }).toString()}`;
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByTestId('title-bar').waitFor();
  await page.getByTestId('organisation-selector').click();
  await page.getByTestId('organisation-list').getByTestId('organisation-option').filter({ hasText: TENANT }).first().click();
  await page.waitForFunction((name) => document.querySelector('[data-testid="organisation-selector"]')?.getAttribute('aria-label')?.includes(name), TENANT);
}

// In the page before any script: the time (ms since navigation start) the first data row was painted, i.e. the
// second animation frame after it entered the DOM (the first frame's callbacks run before that frame's paint).
const FIRST_ROW_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.rdg-row')) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { window.__firstRowPaintedMs = performance.now(); }));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** (a) navigation to a `$start` link until the first grid row is painted, over several runs. */
async function timeToFirstRows(page: Page, base: string): Promise<number[]> {
  await page.addInitScript(FIRST_ROW_PROBE);
  const times: number[] = [];
  const link = startLink(base, ARTICLE_GRID);
  for (let i = 0; i < FIRST_ROWS_RUNS + 1; i++) {
    await page.goto(link);
    const ms = await (await page.waitForFunction(() => (window as { __firstRowPaintedMs?: number }).__firstRowPaintedMs, undefined, { timeout: 60_000 })).jsonValue();
    if (i > 0) times.push(ms as number); // the first run warms the HTTP cache, as a returning user's browser is
  }
  return times;
}

/** Frame intervals of three ways to scroll the loaded list, one step per animation frame. */
interface ScrollPasses {
  /** A mouse wheel: 3 rows a frame for 300 frames in the middle of the list. */
  wheel: number[];
  /** A fast trackpad fling: 12 rows a frame for 300 frames. */
  fling: number[];
  /** Dragging the scroll bar from top to bottom in 1,000 frames: with 100,000 rows, a new screen of rows every frame. */
  drag: number[];
}

/**
 * (b) Loads pages until the grid holds the wanted rows, then scrolls it three ways and answers the frame intervals.
 * The grid's own page-size option (extensions.grid.pageSize) is set to the data service's largest page in the form
 * extensions the browser receives, as an installation's document could set it: 200 calls of 500 rows instead of
 * 2,000 of 50, each started by scrolling to the end like a user would.
 */
async function scrollFrames(page: Page, base: string, rows: number): Promise<{ passes: ScrollPasses; loadMs: number; loaded: number }> {
  await page.route(`**/api/data/${ARTICLE_KIND}/form-extensions**`, async (route) => {
    const response = await route.fetch();
    const extensions = (await response.json()) as { grid?: { columns: unknown[]; pageSize?: number } };
    if (extensions.grid) extensions.grid.pageSize = LARGE_PAGE;
    await route.fulfill({ response, json: extensions });
  });
  await page.goto(startLink(base, ARTICLE_GRID));
  const grid = page.getByTestId('data-grid');
  // The scrolling element is react-data-grid's own root inside the test id's box.
  const scroller = grid.locator('.rdg');
  await page.locator('.rdg-row').first().waitFor();
  const started = Date.now();
  let loaded = Number(await grid.getAttribute('data-rows'));
  while (loaded < rows) {
    const before = loaded;
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      element.dispatchEvent(new Event('scroll'));
    });
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="data-grid"]')?.getAttribute('data-rows')) > n || !document.querySelector('[data-testid="grid-count"]')?.textContent?.includes('+'), before, { timeout: 60_000 });
    loaded = Number(await grid.getAttribute('data-rows'));
    if (loaded === before) break; // no more rows
  }
  const loadMs = Date.now() - started;
  // tsx compiles this file keeping function names (`__name(fn, 'name')`); the page needs the helper for the nested
  // functions of the callback below.
  await page.evaluate('window.__name = (fn) => fn');
  const passes = await scroller.evaluate(async (element) => {
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    // Stop a few rows short of the end: reaching it would load the next page in the middle of the measurement.
    const end = element.scrollHeight - element.clientHeight - 35 * 10;
    const pass = async (from: number, step: number, frames: number) => {
      element.scrollTop = from;
      await frame();
      let last = await frame();
      const intervals: number[] = [];
      for (let i = 1; i <= frames; i++) {
        element.scrollTop = Math.min(end, from + step * i);
        const now = await frame();
        intervals.push(now - last);
        last = now;
      }
      return intervals;
    };
    const middle = Math.floor(end / 2);
    return { wheel: await pass(middle, 3 * 35, 300), fling: await pass(Math.floor(end / 4), 12 * 35, 300), drag: await pass(0, end / 1000, 1000) };
  });
  await page.unroute(`**/api/data/${ARTICLE_KIND}/form-extensions**`);
  return { passes, loadMs, loaded };
}

/**
 * (c) Opens a new record of the grid's kind and types into its first editable text box with room for the text;
 * per keystroke the time from keydown (the event's time stamp) to the second animation frame after it, i.e. until
 * the frame showing the character has been painted.
 */
async function keystrokeLatency(page: Page, base: string, gridPath: string): Promise<{ latencies: number[]; fields: number }> {
  await page.goto(`${base}${gridPath}`);
  await page.getByTestId('cmd-new').click();
  const editor = page.getByTestId('new-record');
  await editor.waitFor();
  await page.waitForTimeout(500);
  const fields = await editor.evaluate((element) => element.querySelectorAll('input, textarea, select, [role="checkbox"], [role="combobox"]').length);
  const marked = await editor.evaluate((element, length) => {
    const boxes = [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[type="text"], input:not([type]), textarea')];
    const box = boxes.find((b) => !b.readOnly && !b.disabled && b.offsetParent !== null && (b.maxLength < 0 || b.maxLength >= length) && !b.getAttribute('role'));
    if (!box) return false;
    box.setAttribute('data-bench-target', '');
    return true;
  }, KEYSTROKES);
  if (!marked) throw new Error(`no editable text box for ${KEYSTROKES} characters in the editor of ${gridPath}`);
  const target = page.locator('[data-bench-target]');
  await target.click();
  await target.evaluate((element) => {
    const w = window as { __keyLatencies?: number[] };
    w.__keyLatencies = [];
    element.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => requestAnimationFrame(() => w.__keyLatencies!.push(performance.now() - start)));
    }, { capture: true });
  });
  const text = 'The quick brown fox jumps over the lazy dog'.slice(0, KEYSTROKES);
  for (const char of text) {
    await page.keyboard.type(char);
    await page.waitForTimeout(80); // one keystroke at a time, as a typist; the next does not queue behind the last
  }
  await page.waitForFunction((n) => ((window as { __keyLatencies?: number[] }).__keyLatencies?.length ?? 0) >= n, text.length);
  const latencies = await page.evaluate(() => (window as { __keyLatencies?: number[] }).__keyLatencies ?? []);
  const typed = await target.inputValue();
  if (typed !== text) throw new Error(`the editor shows '${typed}' after typing '${text}'`);
  return { latencies, fields };
}

/** The synthetic 300-field document of bench/compile.bench.ts, in a metadata folder of its own. */
function wideMetadataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mate-bench-meta-'));
  mkdirSync(path.join(dir, 'bench'));
  writeFileSync(path.join(dir, 'bench', 'wide.json'), JSON.stringify(syntheticDocument(300), null, 2));
  return dir;
}

/** The navigation has no item for a kind of MATE_METADATA_DIR; the bench adds one to the answer the browser gets. */
async function addWideGridToNavigation(page: Page): Promise<void> {
  await page.route('**/api/ui/navigation**', async (route) => {
    const response = await route.fetch();
    const items = (await response.json()) as NavItem[];
    items.push({ path: WIDE_GRID, component: 'data-grid', entity: 'bench/wide', ...{ title: { en: 'Wide' }, ignorePermissions: true } });
    await route.fulfill({ response, json: items });
  });
  // Nor do the UI's permissions name its path: the bench grants what the New command needs (the editor is only typed
  // into, never saved).
  await page.route('**/api/ui/permissions**', async (route) => {
    const response = await route.fetch();
    const permissions = (await response.json()) as Record<string, Record<string, boolean>>;
    permissions[WIDE_GRID] = { Read: true, Create: true, Update: true };
    await route.fulfill({ response, json: permissions });
  });
}

/** Figures in milliseconds; targets beside them. */
export async function run(): Promise<Record<string, number>> {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', staticDir], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the UI build failed');
  }
  const storage = await freshStorage();
  if (storage.databaseUrl) throw new Error('this bench runs on PGlite: unset DATABASE_URL');
  const metadataDir = wideMetadataDir();
  const env = { MATE_ADMIN_PASSWORD: PASSWORD, MATE_STATIC_DIR: staticDir, MATE_METADATA_DIR: metadataDir };
  const figures: Record<string, number> = {};
  let mate: MateServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  try {
    const seedEnv: NodeJS.ProcessEnv = { ...process.env, MATE_DATA_DIR: storage.dataDir, LOG_LEVEL: 'warn', ...env };
    delete seedEnv.DATABASE_URL;
    log(`seeding ${ARTICLES} articles`);
    await seedArticles(seedEnv);
    mate = await startMate(storage, env);
    log('server up');
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    await signIn(page, mate.url);
    log('signed in');

    // Before any page.route: Playwright turns Chromium's HTTP cache off while a route is set, and a returning user's
    // browser has the assets cached (measured with routes set, every reload fetched every chunk: ~1.8 s instead of ~0.8 s).
    const first = stats(await timeToFirstRows(page, mate.url));
    Object.assign(figures, { firstRowsMedianMs: first.p50, firstRowsP95Ms: first.p95, firstRowsTargetMs: 1000 });
    log('first rows measured');
    await addWideGridToNavigation(page);
    const scroll = await scrollFrames(page, mate.url, ARTICLES);
    log(`scrolled ${scroll.loaded} rows`);
    const wheel = stats(scroll.passes.wheel);
    const fling = stats(scroll.passes.fling);
    const drag = stats(scroll.passes.drag);
    Object.assign(figures, {
      scrollRowsLoaded: scroll.loaded,
      scrollLoadAllMs: scroll.loadMs,
      scrollWheelFrameP50Ms: wheel.p50,
      scrollWheelFrameP95Ms: wheel.p95,
      scrollFlingFrameP50Ms: fling.p50,
      scrollFlingFrameP95Ms: fling.p95,
      scrollFrameP95TargetMs: 40,
      scrollDragFrameP50Ms: drag.p50,
      scrollDragFrameP95Ms: drag.p95,
      scrollDragFrameMaxMs: drag.max,
    });

    const largest = largestCatalogueKind();
    const catalogue = await keystrokeLatency(page, mate.url, gridPathOf(largest.kind));
    const catalogueStats = stats(catalogue.latencies);
    Object.assign(figures, { largestEditorFields: largest.fields, largestEditorInputs: catalogue.fields, largestKeyToPaintP50Ms: catalogueStats.p50, largestKeyToPaintP95Ms: catalogueStats.p95 });
    log(`the largest editor of the catalogue is ${largest.kind}`);

    const wide = await keystrokeLatency(page, mate.url, WIDE_GRID);
    const wideStats = stats(wide.latencies);
    Object.assign(figures, { wideEditorInputs: wide.fields, wide300KeyToPaintP50Ms: wideStats.p50, wide300KeyToPaintP95Ms: wideStats.p95, wide300KeyToPaintMaxMs: wideStats.max, wide300KeyToPaintP95TargetMs: 50 });
    await context.close();
    return figures;
  } catch (error) {
    // What the browser showed when it went wrong, beside the figures.
    mkdirSync('bench/results', { recursive: true });
    await page?.screenshot({ path: 'bench/results/grid-failure.png' }).catch(() => undefined);
    throw error;
  } finally {
    await browser?.close();
    await mate?.stop();
    rmSync(storage.dataDir, { recursive: true, force: true });
    rmSync(metadataDir, { recursive: true, force: true });
  }
}
