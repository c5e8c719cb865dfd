import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// System Chromium only: Playwright never downloads a browser here.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// One id per run, set in the runner's process before workers start (they inherit it): the databases a run
// creates carry it, and the global teardown drops them.
process.env.MATE_E2E_RUN ??= randomBytes(4).toString('hex');

// The longest spec files (per the last full run's test-results/e2e.json, docs/testing.md), started first: files go
// to the two workers in order, and a four-minute file begun last kept one worker busy while the other sat idle.
// Add a file here when it becomes one of the longest; the rest run after them in name order.
const LONG_SPECS = ['every-widget', 'data-grid', 'data-grid-every-kind', 'look-a11y', 'live-hub'].map((name) => `**/${name}.spec.ts`);

// Spec files about what the browser draws and how it answers the mouse and keys (looks, axe, every widget, the code
// editor, the phone shell): they reach no behaviour of the database beyond reading demo records, so they run on the
// embedded database only. On PostgreSQL (DATABASE_URL set) the browser suite is the rest, the tests of what the
// server does with the data; MATE_E2E_ALL=1 runs them there too. docs/testing.md "Browser tests on two databases".
const UI_ONLY_SPECS = [
  'every-widget',
  'look-a11y',
  'account-pages-looks',
  'shell-a11y',
  'shell-phone',
  'rtl-values',
  'code-editor',
  'query-form-dates',
  'time-zone-widget',
  'data-grid-keyboard',
  'security-headers',
  'error-page',
  'page-errors',
  'data-grid-lookups-rtl',
  'data-grid-values',
].map((name) => `**/${name}.spec.ts`);
const onPostgresSubset = Boolean(process.env.DATABASE_URL) && process.env.MATE_E2E_ALL !== '1';
const skipped = onPostgresSubset ? UI_ONLY_SPECS : [];
// Likewise single tests tagged `@looks` in the other spec files: a page read in both corners of the looks (theme,
// language, width) with axe and overflow checks, after the same file's other tests did the work on the data.
const LOOKS_TAG = /@looks/;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  testMatch: '**/*.spec.ts',
  grepInvert: onPostgresSubset ? LOOKS_TAG : undefined,
  // Each spec file starts its own server on its own database, so files run side by side safely. Two workers on two
  // cores: much of a browser test is waiting (debounces, animations, the server), which the other worker fills; the
  // suite had grown past 20 minutes per database with one. MATE_E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.MATE_E2E_WORKERS ?? 2),
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // On CI a failed test runs once more: the runners are shared 2-core machines where a busy neighbour can push a
  // browser test past a timeout. A test that passes only on its retry is named in the closing notes ("flaky: ...")
  // so it is seen and mended; it does not fail the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  projects: [
    { name: 'long', testMatch: LONG_SPECS, testIgnore: skipped },
    { name: 'rest', testIgnore: [...LONG_SPECS, ...skipped] },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // A trace records every action's snapshots and screencast frames, which on a shared 2-core machine costs every
    // test time even when it passes and the trace is thrown away. On CI the trace is taken on the retry of a failed
    // test (CI runs a failed test once more, `retries` above); locally, where a failure is not retried, of every test.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
