import { LOOK_CORNERS } from './support/looks';
import { expectReadable, useLook } from './support/readable';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'audit-history-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const KIND = 'pos-operating/reservation-reject-reason';
const SHOTS = process.env.MATE_SCREENSHOTS;

/** A new record of KIND made in the grid, its text then changed on its page: a history of two entries. Answers its oid. */
async function editedRecord(page: Page): Promise<number> {
  await page.goto(`${mate.url}/data/${KIND}`);
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  const code = `AU${Date.now().toString(36).toUpperCase()}`;
  await page.getByTestId('cmd-new').click();
  const fresh = page.getByTestId('new-record').getByTestId('record-editor');
  await fresh.locator('[data-field="Code"] input').fill(code);
  await fresh.locator('[data-field="Text"] input').fill('Before the edit');
  const message = fresh.locator('[data-field="CustomerMessage"] textarea');
  if (await message.count()) await message.fill('Sorry.');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/data/${KIND}`);
  await fresh.getByTestId('editor-save').click();
  const oid = ((await (await created).json()) as { Oid: number }).Oid;

  await page.goto(`${mate.url}/data/${KIND}/${oid}`);
  const editor = page.getByTestId('record-page').getByTestId('record-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.locator('[data-field="Text"] input').fill('After the edit');
  await editor.getByTestId('editor-save').click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  return oid;
}

test('an edit shows in the record history, its old value is restored, and the activity page filters to the user', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  const oid = await editedRecord(page);
  const editor = page.getByTestId('record-page').getByTestId('record-editor');

  await page.goto(`${mate.url}/data/${KIND}/${oid}`);
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.getByTestId('editor-history').press('Enter');
  const history = editor.getByTestId('history-panel');
  const update = history.locator('[data-testid="history-entry"][data-operation="update"]').first();
  await expect(update).toBeVisible();
  await expect(update.getByTestId('history-who')).toContainText('admin');
  const row = update.locator('[data-field="Text"]');
  await expect(row.getByTestId('history-old')).toHaveText('Before the edit');
  await expect(row.getByTestId('history-new')).toHaveText('After the edit');
  await row.getByTestId('history-restore-field').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-restore-dialog')).toBeVisible();
  await page.getByTestId('history-restore-confirm').click();
  await expect(page.getByText('Restored.').first()).toBeVisible();

  await page.reload();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(editor.locator('[data-field="Text"] input')).toHaveValue('Before the edit');

  await page.goto(`${mate.url}/admin/activity`);
  await expect(page.getByTestId('activity')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('activity-user').fill('admin');
  await page.getByTestId('activity-kind').fill(KIND);
  await page.getByTestId('activity-apply').click();
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('activity-who').filter({ hasNotText: 'admin' })).toHaveCount(0);
  await expect(rows).not.toHaveCount(0);
  await page.getByTestId('activity-user').fill('nobody-at-all');
  await page.getByTestId('activity-apply').click();
  await expect(page.getByTestId('activity-empty')).toBeVisible();
});

// The History panel and the activity page in both corners of the looks (light English at 1440 px, dark Arabic at
// 390 px): axe finds nothing serious, nothing runs off the side of a phone. One test per page, both looks in it.
test('the History panel of a record reads in both looks', { tag: '@looks' }, async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  const oid = await editedRecord(page);
  for (const look of LOOK_CORNERS) {
    await useLook(page, look);
    await page.goto(`${mate.url}/data/${KIND}/${oid}`);
    await expect(page.locator('html')).toHaveAttribute('dir', look.locale === 'ar' ? 'rtl' : 'ltr');
    const editor = page.getByTestId('record-page').getByTestId('record-editor');
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await editor.getByTestId('editor-history').click();
    const update = editor.getByTestId('history-panel').locator('[data-testid="history-entry"][data-operation="update"]').first();
    await expect(update.locator('[data-field="Text"]').getByTestId('history-new')).toHaveText('After the edit');
    await expectReadable(page, `the History panel in ${look.theme}, ${look.locale}, ${look.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-panel-${look.theme}-${look.locale}-${look.width}.png`, fullPage: true });
  }
});

test('the activity page reads in both looks', { tag: '@looks' }, async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await editedRecord(page);
  for (const look of LOOK_CORNERS) {
    await useLook(page, look);
    await page.goto(`${mate.url}/admin/activity`);
    await expect(page.locator('html')).toHaveAttribute('dir', look.locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 30_000 });
    // The time filters are written the way the language writes them (Arabic: day first), not the browser's mm/dd/yyyy.
    await expect(page.getByTestId('activity-to')).toHaveAttribute('placeholder', look.locale === 'ar' ? /^31\u200f?\/12\u200f?\/2026 11:59 م$/ : /^12\/31\/2026 11:59 PM$/);
    await expectReadable(page, `the activity page in ${look.theme}, ${look.locale}, ${look.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/activity-${look.theme}-${look.locale}-${look.width}.png`, fullPage: true });
  }
});
