#!/usr/bin/env node
// `npm test`: unit and server tests (vitest), then browser tests (Playwright on system Chromium against the
// built UI and the real server). Writes test-results/summary.json and prints one closing line.
// MATE_TEST_PARTS=vitest runs the vitest half only (.ci/run's second Node version); MATE_UI_BUILT=1 skips
// `vite build` because the caller has just built the UI from the same checkout (.ci/run builds it once for both
// databases).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const requireE2e = process.env.REQUIRE_E2E === '1';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const vitestOnly = process.env.MATE_TEST_PARTS === 'vitest';
const uiBuilt = process.env.MATE_UI_BUILT === '1';

function run(command, args, runEnv = env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: runEnv });
  return result.status ?? 1;
}

// MATE_VITEST_NODE_BIN=<folder of a node binary> runs the vitest half (unit and server suites) on that Node, with the
// browser half on this one: .ci/run runs PostgreSQL's vitest half on Node 22 (docs/testing.md).
const vitestNodeBin = process.env.MATE_VITEST_NODE_BIN?.trim();
const vitestEnv = vitestNodeBin ? { ...env, PATH: `${vitestNodeBin}:${env.PATH ?? ''}` } : env;
const vitestNodeVersion = vitestNodeBin ? spawnSync('node', ['--version'], { env: vitestEnv, encoding: 'utf8' }).stdout.trim() || 'unknown' : process.version;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The titles of the tests Playwright reports with this status ('flaky': failed, then passed on retry). */
function e2eTitles(report, status) {
  const titles = [];
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === status) titles.push([...path, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  return titles;
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];

console.log(`\n== unit and server tests (vitest, Node ${vitestNodeVersion}, database: ${db}) ==`);
// MATE_VITEST_PROJECTS=unit (comma-separated) runs only those vitest projects (.ci/run's second Node version).
const projects = (process.env.MATE_VITEST_PROJECTS ?? '').split(',').filter(Boolean).flatMap((name) => ['--project', name]);
const vitestStatus = run('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'], vitestEnv);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that fails to load has no failed test of its own; count it so the total cannot look green.
  const brokenFiles = (vitest.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).every((a) => a.status !== 'failed')).length;
  totals.failed += brokenFiles;
  // Named in the closing lines, which are often all a CI log keeps of a long run.
  const failedTests = (vitest.testResults ?? []).flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${where} › ${a.fullName}`);
    return failed.length || file.status !== 'failed' ? failed : [`${where} (did not load: ${String(file.message ?? '').split('\n')[0]})`];
  });
  if (failedTests.length) notes.push(`vitest failed: ${failedTests.join(' | ')}`);
} else {
  totals.failed += 1;
  notes.push('vitest wrote no results');
}
if (vitestStatus !== 0 && totals.failed === 0) {
  totals.failed += 1;
  notes.push(`vitest exited with ${vitestStatus}`);
}

if (vitestOnly) {
  console.log('\n(MATE_TEST_PARTS=vitest: no browser tests in this run)');
} else if (!existsSync(chromium)) {
  console.log(`\n== browser tests (Playwright, Chromium at ${chromium}, database: ${db}) ==`);
  const message = `Chromium was not found at ${chromium}. Install it with 'apt-get install chromium' or set CHROMIUM_PATH.`;
  if (requireE2e) {
    console.error(`${message} REQUIRE_E2E=1, so this is a failure.`);
    totals.failed += 1;
    notes.push('no Chromium');
  } else {
    console.warn(`${message} Browser tests are skipped.`);
    notes.push('browser tests skipped: no Chromium');
  }
} else {
  console.log(`\n== browser tests (Playwright, Chromium at ${chromium}, database: ${db}) ==`);
  const buildStatus = uiBuilt ? 0 : run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (buildStatus !== 0) {
    totals.failed += 1;
    notes.push('the UI build failed');
  } else {
    // On PostgreSQL the spec files about drawing and keys (UI_ONLY_SPECS in playwright.config.ts) and the tests tagged
    // @looks run only with MATE_E2E_ALL=1: they run on the embedded database, and reach no database behaviour of
    // their own.
    if (process.env.DATABASE_URL && process.env.MATE_E2E_ALL !== '1') notes.push('the UI-only browser spec files and the tests tagged @looks ran on PGlite only (playwright.config.ts UI_ONLY_SPECS, LOOKS_TAG; MATE_E2E_ALL=1 runs them here too)');
    const e2eStatus = run('npx', ['playwright', 'test']);
    const e2e = readJson('test-results/e2e.json');
    if (e2e?.stats) {
      // A test that passed on its retry (CI only, playwright.config.ts) counts as passed and is named in the notes.
      totals.passed += e2e.stats.expected + e2e.stats.flaky;
      totals.failed += e2e.stats.unexpected;
      const flaky = e2eTitles(e2e, 'flaky');
      const failedTitles = e2eTitles(e2e, 'unexpected');
      if (failedTitles.length) notes.push(`browser tests failed: ${failedTitles.join(' | ')}`);
      if (flaky.length) notes.push(`flaky (passed on retry): ${flaky.join(' | ')}`);
      totals.skipped += e2e.stats.skipped;
      if ((e2e.errors ?? []).length > 0 && e2e.stats.unexpected === 0) {
        totals.failed += 1;
        notes.push('Playwright reported errors outside tests');
      }
    } else {
      totals.failed += 1;
      notes.push('Playwright wrote no results');
    }
    if (e2eStatus !== 0 && totals.failed === 0) {
      totals.failed += 1;
      notes.push(`Playwright exited with ${e2eStatus}`);
    }
  }
}

writeFileSync('test-results/summary.json', JSON.stringify({ database: db, node: process.version, vitestNode: vitestNodeVersion, ...totals, notes }, null, 2));
if (notes.length) console.log(`\nNotes: ${notes.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
