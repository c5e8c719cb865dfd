import { expect, test, type Page } from './support/test';
import { freshStorage, startMate } from './support/mate-server';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// The hub makes the product live: what one session saves shows in another's grid without a reload, and a
// restarted server is found again by itself.
const PASSWORD = 'live-hub-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const REASONS = '/data/pos-operating/reservation-reject-reason';

async function openGrid(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}${REASONS}`);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
}

test('an edit in one browser shows in the other one’s grid without a reload', async ({ browser }) => {
  // Two browsers sign in and open a grid each: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const a = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const b = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(a, mate.url, PASSWORD);
  await signIn(b, mate.url, PASSWORD);
  await openGrid(a, mate.url);
  await openGrid(b, mate.url);

  const code = `L${Date.now().toString(36).toUpperCase()}`;
  await a.getByTestId('cmd-new').click();
  const created = a.getByTestId('new-record').getByTestId('record-editor');
  await created.locator('[data-field="Code"] input').fill(code);
  await created.locator('[data-field="Text"] input').fill('Before');
  const message = created.locator('[data-field="CustomerMessage"] textarea');
  if (await message.count()) await message.fill('Sorry.');
  await created.getByTestId('editor-save').click();
  await expect(a.getByText('Saved.').first()).toBeVisible();

  // B is told a record came, without it jumping into the rows it is reading.
  await expect(b.getByTestId('grid-live-changes')).toHaveText('0 changed, 1 new');
  await b.getByTestId('grid-search').click();
  const rowOfB = b.locator('.rdg-row', { hasText: code });
  await expect(rowOfB).toContainText('Before');
  await expect(b.getByTestId('grid-live-changes')).toHaveCount(0);

  // B has the record open in its editor too; A saves first.
  await rowOfB.locator('.rdg-cell').nth(1).dblclick();
  await expect(b.getByTestId('record-editor')).toBeVisible();
  await a.locator('.rdg-row', { hasText: code }).locator('.rdg-cell').nth(1).dblclick();
  const editor = a.getByTestId('row-details').getByTestId('record-editor');
  await editor.locator('[data-field="Text"] input').fill('After');
  await editor.getByTestId('editor-save').click();
  await expect(a.getByText('Saved.').first()).toBeVisible();

  await expect(rowOfB).toContainText('After');
  await expect(b.getByTestId('grid-live-changes')).toHaveText('1 changed, 0 new');
  // B's editor says so before B saves over it.
  await expect(b.getByTestId('changed-elsewhere')).toContainText('changed elsewhere');
  await b.screenshot({ path: 'test-results/live-hub-grid-1440.png' });
});

test('the client reconnects by itself after the server restarts', async ({ page }) => {
  test.setTimeout(240_000);
  const storage = await freshStorage();
  const first = await startMate(storage, { MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });
  try {
    await signIn(page, first.url, PASSWORD);
    const status = page.getByTestId('hub-status');
    await expect(status).toHaveAttribute('data-status', 'connected');
    await page.screenshot({ path: 'test-results/live-hub-connected.png' });
    expect(await first.stop()).toBe(0);
    await expect(status).toHaveAttribute('data-status', 'reconnecting');
    await page.screenshot({ path: 'test-results/live-hub-reconnecting.png' });
    const second = await startMate(storage, { MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' }, first.port);
    try {
      await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});
