// The browser half of bench/dashboard.bench.ts: headless Chromium on the production build, signed in through the
// form, the stored layout with every card; then loads of `/` timed from navigation start until every card shows
// its content (not its loading state), and until the first one does. As bench/grid.bench.ts measures: an init
// script in the page, the time of the animation frame after the one in which the DOM was ready (that frame has been
// painted by then).
import { chromium, type Browser, type Page } from '@playwright/test';
import { DASHBOARD_CARD_NAMES } from '../schemas/dashboard-layout';

/** A card shows its content when none of these is in it; `CONTENT` names what some cards show when they have it. */
const CONTENT: Partial<Record<(typeof DASHBOARD_CARD_NAMES)[number], string>> = {
  // Both render their own "Loading…" without a test id, and the bridge card an empty body while the navigation loads.
  version: '[data-testid="api-version"]',
  'bridge-status': '[data-testid="bridge-summary"]',
};

/** What the probe leaves in `window.__dashboardPaint`. */
export interface PaintProbe {
  /** Ms since navigation start: the first card with its content painted. */
  firstMs?: number;
  /** Every card of the layout with its content painted at once. */
  allMs?: number;
  /** Per card name, when it was first painted with its content. */
  cards: Record<string, number>;
  /** A card's error text (the bench stops: the figures would not be of the dashboard users see). */
  errors: string[];
}

function probeScript(expected: readonly string[]): string {
  return `(() => {
  const expected = ${JSON.stringify(expected)};
  const content = ${JSON.stringify(CONTENT)};
  const state = { cards: {}, errors: [] };
  window.__dashboardPaint = state;
  const ready = (tile) => {
    if (!tile.firstElementChild) return false;
    if (tile.querySelector('[data-testid$="-loading"]')) return false;
    if ((tile.textContent || '').includes('Loading\u2026')) return false;
    for (const chart of tile.querySelectorAll('[data-testid$="-chart"]')) if (!chart.querySelector('svg.recharts-surface')) return false;
    const needed = content[tile.dataset.card];
    return !needed || tile.querySelector(needed) !== null;
  };
  let seen;
  const tick = () => {
    const now = performance.now();
    // What was ready in the last frame has been painted when this one starts.
    if (seen) {
      for (const name of seen.names) if (state.cards[name] === undefined) state.cards[name] = now;
      if (seen.names.length > 0 && state.firstMs === undefined) state.firstMs = now;
      if (seen.all && state.allMs === undefined) state.allMs = now;
    }
    const tiles = [...document.querySelectorAll('[data-testid="dashboard-grid"] > [data-card]')];
    for (const tile of tiles) {
      const error = tile.querySelector('[data-testid$="-error"]');
      if (error) state.errors.push(tile.dataset.card + ': ' + error.textContent);
    }
    const names = tiles.filter(ready).map((tile) => tile.dataset.card);
    seen = { names, all: tiles.length === expected.length && expected.every((name) => names.includes(name)) };
    if (state.allMs === undefined && state.errors.length === 0) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
}

/** Where the time of the last load went: the document, the scripts, and every API call, in ms since navigation start. */
export interface Waterfall {
  documentMs: number;
  domContentLoadedMs: number;
  lastScriptMs: number;
  calls: { path: string; startMs: number; endMs: number }[];
}

async function waterfall(page: Page): Promise<Waterfall> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // No named helper functions in here: tsx wraps them in a `__name` call the page does not have.
    return {
      documentMs: Math.round(navigation.responseEnd),
      domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
      lastScriptMs: Math.round(Math.max(0, ...resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js')).map((entry) => entry.responseEnd))),
      calls: resources
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, startMs: Math.round(entry.startTime), endMs: Math.round(entry.responseEnd) }))
        .sort((a, b) => a.startMs - b.startMs),
    };
  });
}

async function measuredLoad(page: Page, url: string): Promise<PaintProbe> {
  await page.goto(`${url}/`);
  const probe = (await (await page.waitForFunction(() => {
    const state = (window as { __dashboardPaint?: PaintProbe }).__dashboardPaint;
    return state && (state.allMs !== undefined || state.errors.length > 0) ? state : undefined;
  }, undefined, { timeout: 120_000 })).jsonValue()) as PaintProbe;
  if (probe.errors.length > 0) throw new Error(`a dashboard card shows an error: ${probe.errors.join('; ')}`);
  return probe;
}

export interface PaintRuns {
  /** Reloads of `/` in the signed-in tab: the browser has the assets cached, as a returning user's has. */
  warm: PaintProbe[];
  /** A new browser context each (empty cache), the session put where the app keeps it before the page starts. */
  cold: PaintProbe[];
  /** The last warm load's network waterfall. */
  waterfall: Waterfall;
}

/**
 * Signs `username` in through the form in headless Chromium, chooses `tenantName` in the organisation selector, then
 * loads `/` `warmRuns` times in that tab (one more first, uncounted: it fills the cache) and `coldRuns` times in
 * fresh contexts.
 */
export async function measureFirstPaint(options: { url: string; username: string; password: string; tenantName: string; warmRuns: number; coldRuns: number; log: (line: string) => void }): Promise<PaintRuns> {
  const { url, username, password, tenantName, warmRuns, coldRuns, log } = options;
  const probe = probeScript(DASHBOARD_CARD_NAMES);
  const contextOptions = { viewport: { width: 1440, height: 900 }, locale: 'en-US' };
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(`${url}/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.keyboard.press('Enter');
    await page.getByTestId('title-bar').waitFor({ timeout: 60_000 });
    await page.getByTestId('organisation-selector').click();
    await page.getByTestId('organisation-list').getByTestId('organisation-option').filter({ hasText: tenantName }).first().click();
    await page.waitForFunction((name) => document.querySelector('[data-testid="organisation-selector"]')?.getAttribute('aria-label')?.includes(name), tenantName);
    log(`signed in as ${username} in ${tenantName}`);
    // What the app keeps between loads (the session, the tenant chosen, the kept scope tree), for the cold contexts.
    const kept = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
    await page.addInitScript(probe);
    const warm: PaintProbe[] = [];
    for (let i = 0; i <= warmRuns; i++) {
      const run = await measuredLoad(page, url);
      if (i > 0) warm.push(run);
    }
    const last = await waterfall(page);
    await context.close();
    const cold: PaintProbe[] = [];
    for (let i = 0; i < coldRuns; i++) {
      const fresh = await browser.newContext(contextOptions);
      await fresh.addInitScript((stored: { origin: string; local: Record<string, string>; session: Record<string, string> }) => {
        if (location.origin !== stored.origin) return; // about:blank has no storage
        for (const [key, value] of Object.entries(stored.local)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
        for (const [key, value] of Object.entries(stored.session)) if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
      }, { origin: new URL(url).origin, ...kept });
      await fresh.addInitScript(probe);
      const coldPage = await fresh.newPage();
      cold.push(await measuredLoad(coldPage, url));
      await fresh.close();
    }
    return { warm, cold, waterfall: last };
  } finally {
    await browser?.close();
  }
}
