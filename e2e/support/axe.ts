import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import { settled } from './settled';

// axe-core itself, injected into the page (@axe-core/playwright needs Node 22). It is evaluated through the
// browser's debugging protocol rather than added as a <script>: the product's Content-Security-Policy refuses inline
// scripts, and the scans must run under the policy users get.
const AXE_SCRIPT = path.resolve('node_modules/axe-core/axe.min.js');
let axeSource: string | undefined;

/** One violation as the scan reports it: rule, impact, summary and the elements it hit. */
export interface AxeViolation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  targets: string[];
  summaries: string[];
}

/** The impacts a scan fails on. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/** Runs axe-core on the page (WCAG 2.x A and AA plus best practices) and answers its violations. */
export async function scanPage(page: Page, options: RunOptions = {}): Promise<AxeViolation[]> {
  // Contrast is measured on the final colours: a dialog scanned mid-fade read as grey on grey (CI, passkeys looks).
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${(axeSource ??= readFileSync(AXE_SCRIPT, 'utf8'))}\n;undefined`);
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'], ...options };
  const results = await page.evaluate((opts) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, opts), runOptions);
  return results.violations.map((violation: Result) => ({
    id: violation.id,
    impact: violation.impact ?? undefined,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    summaries: violation.nodes.map((node) => node.failureSummary ?? ''),
  }));
}

/** The serious and critical violations only. */
export function blocking(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => violation.impact !== undefined && BLOCKING_IMPACTS.includes(violation.impact));
}

/** A readable report: one block per violation with each target and its failure summary. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.targets.map((target, index) => `    ${target}\n      ${(violation.summaries[index] ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** Fails with the violations named when the page as it is now has a serious or critical one; `where` says which page. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = blocking(await scanPage(page));
  expect(violations, `${where}:\n${formatViolations(violations)}`).toEqual([]);
}
