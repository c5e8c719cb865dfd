import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { startMate } from './support/mate-server';
import { signIn } from './support/sign-in';
import { serveMateForSpec, storageFor } from './support/spec-server';

// The bridge page follows the job runner through the hub: a started job's progress and end show without a reload,
// a queued one is cancelled by keyboard, refusals show beside the start form, and the dashboard card links to it.
const PASSWORD = 'bridge-page-e2e-password';
const DEMO_PASSWORD = 'demo-pass-1';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

async function openBridge(page: Page): Promise<void> {
  await expect(page.getByTestId('bridge-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
}

/** Records every progress figure the job's row shows, so the test can tell it moved live rather than jumped. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-testid="bridge-job"][data-name="recompute-daily-turnover"] [data-testid="job-progress"]'))
        seen.push(`${element.getAttribute('data-count')}/${element.getAttribute('data-count-max')}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-count', 'data-count-max'] });
  });
}

test('the dashboard card links to the page, where a job started by mouse shows its progress and success live', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, mate.url, PASSWORD);
  const card = page.getByTestId('bridge-card');
  await expect(card.getByTestId('bridge-state')).toHaveAttribute('data-state', 'ON');
  await expect(card.getByTestId('bridge-state')).toHaveText('ON (running)');
  await expect(card.getByTestId('bridge-version')).toHaveText(await page.getByTestId('api-version').innerText());
  await card.getByTestId('bridge-card-link').click();
  await expect(page).toHaveURL(/\/service\/bridge$/);
  await openBridge(page);
  await expect(page.getByTestId('bridge-page').getByTestId('bridge-state')).toHaveAttribute('data-state', 'ON');
  const jobsBefore = Number(await page.getByTestId('bridge-page').getByTestId('bridge-job-count').innerText());

  // A bad parameter is refused at its field, in words, and nothing starts.
  await page.getByTestId('start-job-name').selectOption('recompute-daily-turnover');
  await expect(page.getByTestId('start-job-description')).toContainText('daily turnover');
  await page.getByTestId('parameter-days').fill('0');
  await page.getByTestId('start-job-submit').click();
  await expect(page.getByTestId('parameter-days-problem')).toHaveText('Enter a value from 1 to 366.');
  await page.getByTestId('parameter-days').fill('2.5');
  await page.getByTestId('start-job-submit').click();
  await expect(page.getByTestId('parameter-days-problem')).toHaveText('Enter a whole number.');
  await expect(page.locator('[data-testid="bridge-job"][data-name="recompute-daily-turnover"]')).toHaveCount(0);

  await recordProgress(page);
  await page.getByTestId('parameter-days').fill('366');
  await page.getByTestId('start-job-submit').click();
  await expect(page.getByTestId('start-job-started')).toContainText('Started as run');
  const job = page.locator('[data-testid="bridge-job"][data-name="recompute-daily-turnover"]');
  await expect(job).toHaveAttribute('data-new', 'true');
  await expect(job).toHaveAttribute('data-state', '3', { timeout: 60_000 });
  await expect(job.getByTestId('job-state')).toHaveText('Succeeded');
  await expect(job.getByTestId('job-progress-text')).toHaveText('366 / 366 days');
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.some((figure) => /^([1-9]\d*)\/366$/.test(figure) && figure !== '366/366'), `progress figures seen: ${[...new Set(seen)].join(', ')}`).toBe(true);
  // At least this run more: the demo schedules (every 5 minutes) may add runs of their own meanwhile.
  await expect.poll(async () => Number(await page.getByTestId('bridge-page').getByTestId('bridge-job-count').innerText())).toBeGreaterThanOrEqual(jobsBefore + 1);
  // The highlight of a newly seen run passes.
  await expect(job).not.toHaveAttribute('data-new', 'true');

  // The history lists it; its filter by state keeps it under 'Succeeded' and drops it under 'Failed'.
  const history = page.getByTestId('bridge-history');
  await expect(history.locator('[data-testid="history-row"][data-name="recompute-daily-turnover"]')).toHaveAttribute('data-state', '3');
  await history.getByTestId('history-filter').selectOption('4');
  await expect(history.locator('[data-testid="history-row"][data-name="recompute-daily-turnover"]')).toHaveCount(0);
  await history.getByTestId('history-filter').selectOption('3');
  await expect(history.locator('[data-testid="history-row"][data-name="recompute-daily-turnover"]')).toHaveCount(1);
  // Started by hand: the history names who did it.
  await expect(history.locator('[data-testid="history-row"][data-name="recompute-daily-turnover"] [data-testid="history-started-by"]')).toHaveText('admin');
  await expectAccessible(page, 'bridge page, English, light');
  await page.screenshot({ path: 'test-results/bridge-page-en-light-1440.png', fullPage: true });
});

test('on an instance that runs no jobs the bridge is OFF; a queued job is refused twice and cancelled by keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  const idleEnv = { MATE_ADMIN_PASSWORD: PASSWORD, MATE_RUN_JOBS: 'false' };
  const idle = await startMate(await storageFor(idleEnv), idleEnv);
  try {
    await signIn(page, idle.url, PASSWORD, '/service/bridge', 'bridge-page');
    await openBridge(page);
    await expect(page.getByTestId('bridge-state')).toHaveAttribute('data-state', 'OFF');
    await expect(page.getByTestId('bridge-state')).toHaveText('OFF (stopped)');

    // Keyboard only: the job select, its parameter, Start by Enter.
    // Typing a name's first letters picks it in the closed select, as a person finds a job among several.
    await page.getByTestId('start-job-name').focus();
    await page.keyboard.type('recompute');
    await expect(page.getByTestId('start-job-name')).toHaveValue('recompute-daily-turnover');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('parameter-days')).toBeFocused();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('parameter-days-problem')).toHaveText('Enter a value from 1 to 366.');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    const job = page.locator('[data-testid="bridge-job"][data-name="recompute-daily-turnover"]');
    await expect(job).toHaveAttribute('data-state', '1');
    await expect(job.getByTestId('job-state')).toHaveText('Queued');
    // The progress bar of a job whose end is not known yet is indeterminate.
    await expect(job.getByTestId('job-progress')).toHaveAttribute('data-count-max', '');

    // A second start of a job that waits is the server's refusal, shown beside the form, not a crash.
    await page.getByTestId('start-job-submit').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('start-job-refusal')).toContainText('is already queued or running');

    // Tab on to the job's Cancel, confirm in the dialog by keyboard.
    const cancel = job.getByTestId('job-cancel');
    for (let step = 0; step < 40 && !(await cancel.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Shift+Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('cancel-job-dialog');
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByTestId('cancel-job-confirm');
    for (let step = 0; step < 5 && !(await confirm.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(job).toHaveAttribute('data-state', '5');
    await expect(job.getByTestId('job-state')).toHaveText('Cancelled');
    await expect(job.getByTestId('job-cancel')).toHaveCount(0);
    await expect(page.locator('[data-testid="history-row"][data-name="recompute-daily-turnover"]')).toHaveAttribute('data-state', '5');
  } finally {
    await idle.stop();
  }
});

test('without the bridge right the card neither links nor reads and the page is forbidden; a reader of one tenant may not start', async ({ browser }) => {
  test.setTimeout(120_000);
  const cashier = await (await browser.newContext()).newPage();
  await signIn(cashier, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'cashier.at');
  const card = cashier.getByTestId('bridge-card');
  await expect(card.getByTestId('view-not-permitted')).toBeVisible();
  await expect(card.getByTestId('bridge-card-link')).toHaveCount(0);
  await expect(card.getByTestId('bridge-state')).toHaveCount(0);
  await cashier.goto(`${mate.url}/service/bridge`);
  await expect(cashier).toHaveURL(/\/forbidden\?requested=%2Fservice%2Fbridge/);

  // A store manager reads the bridge of their tenant only: no start form, no cancel, not the root tenant's run.
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, mate.url, DEMO_PASSWORD, '/', 'title-bar', 'manager.de');
  await manager.getByTestId('bridge-card').getByTestId('bridge-card-link').click();
  await openBridge(manager);
  await expect(manager.getByTestId('bridge-state')).toHaveAttribute('data-state', 'ON');
  await expect(manager.getByTestId('start-job-form')).toHaveCount(0);
  await expect(manager.locator('[data-testid="bridge-job"][data-name="recompute-daily-turnover"]')).toHaveCount(0);
  await expect(manager.getByTestId('job-cancel')).toHaveCount(0);
});

test('the page in Arabic, dark, on a phone: right to left, nothing wider than the screen', { tag: '@looks' }, async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, mate.url, PASSWORD);
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/service/bridge`);
  await openBridge(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('bridge-state')).toHaveAttribute('data-state', 'ON');
  await page.getByTestId('start-job-name').selectOption('recompute-daily-turnover');
  // The job's words come in the user's language with its definition (docs/jobs.md "Texts").
  await expect(page.getByTestId('start-job-description')).toContainText('يعيد حساب المبيعات اليومية');
  await expect(page.getByText('الأيام', { exact: true })).toBeVisible();
  await page.getByTestId('parameter-days').fill('30');
  await page.getByTestId('start-job-submit').click();
  const run = page.locator('[data-testid="bridge-job"][data-name="recompute-daily-turnover"]').first();
  await expect(run).toHaveAttribute('data-state', '3', { timeout: 60_000 });
  await expect(run).toContainText('التقارير');
  await expect(run.getByTestId('job-progress').getByRole('progressbar')).toHaveAttribute('aria-valuetext', /أيام/);
  await expect(page.locator('[data-testid="history-row"]').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'bridge page, Arabic, dark, phone');
  await page.screenshot({ path: 'test-results/bridge-page-ar-dark-390.png', fullPage: true });
  await page.goto(`${mate.url}/`);
  await expect(page.getByTestId('bridge-card').getByTestId('bridge-state')).toBeVisible();
  await page.getByTestId('bridge-card').scrollIntoViewIfNeeded();
  await expectAccessible(page, 'dashboard, Arabic, dark, phone');
  await page.screenshot({ path: 'test-results/bridge-card-ar-dark-390.png' });
});
