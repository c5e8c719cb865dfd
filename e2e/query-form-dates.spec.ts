import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'query-dates-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

// Demo data (docs/demo-data.md): contact tasks of Mate Deutschland, due around the seeding day; manager.de sees them.
const DEMO_PASSWORD = 'demo-pass-1';
const TASKS = '/data/campaigns/contacttask';
const isList = (url: string) => new URL(url).pathname === '/api/data/campaigns/contacttask';

/** The query of a grid address (`$k`: base64 of the query's JSON). */
const queryOf = (address: string) => JSON.parse(Buffer.from(new URL(address).searchParams.get('$k') ?? '', 'base64').toString('utf8')) as { values: Record<string, unknown> };

test('in German the query form reads and shows a date range day first, and the query keeps ISO dates', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, mate.url, DEMO_PASSWORD, TASKS, 'title-bar', 'manager.de');
  await page.evaluate(() => localStorage.setItem('mate.locale', 'de'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });

  const from = page.locator('[data-query-field="DueDate"][data-bound="from"]');
  const to = page.locator('[data-query-field="DueDate"][data-bound="to"]');
  // Two boxes, each with its own id, a German date pattern as the hint, and the field's label.
  await expect(from).toHaveAttribute('placeholder', '31.12.2026');
  await expect(to).toHaveAttribute('id', /-to$/);
  expect(await from.getAttribute('id')).not.toBe(await to.getAttribute('id'));
  await expect(page.getByRole('textbox', { name: 'Fällig am von' })).toHaveAttribute('data-bound', 'from');
  await expect(page.getByRole('textbox', { name: 'Fällig am bis' })).toHaveAttribute('data-bound', 'to');

  await from.click();
  await page.keyboard.type('1.1.2020');
  await page.keyboard.press('Tab'); // leaving writes the date the German way
  await expect(from).toHaveValue('01.01.2020');
  await expect(to).toBeFocused();
  await page.keyboard.type('31.12.2030');
  const listed = page.waitForResponse((r) => isList(r.url()) && r.status() === 200);
  await page.keyboard.press('Enter');
  const items = ((await (await listed).json()) as { items: { DueDate: string }[] }).items;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(item.DueDate >= '2020-01-01' && item.DueDate <= '2030-12-31', item.DueDate).toBe(true);
  await expect(page.locator('.rdg-row').first()).toBeVisible();

  // The page address and the shared link carry the days as ISO dates, whatever the language.
  await expect.poll(() => queryOf(page.url()).values.DueDate).toEqual({ from: '2020-01-01', to: '2030-12-31' });
  await page.getByTestId('cmd-copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(queryOf(link).values.DueDate).toEqual({ from: '2020-01-01', to: '2030-12-31' });

  await page.reload();
  await expect(from).toHaveValue('01.01.2020', { timeout: 30_000 });
  await expect(to).toHaveValue('31.12.2030');
});

const PROMOTIONS = '/data/campaigns/promotion';
const isPromotionList = (url: string) => new URL(url).pathname === '/api/data/campaigns/promotion';

test('the query form reads and shows a time range in the UI language, steps minutes by the arrows, and the query keeps ISO times', async ({ page }) => {
  test.setTimeout(120_000);
  // Demo data: Mate Deutschland's "Happy hour bakery" starts at 18:00; no other promotion has a time of day.
  await signIn(page, mate.url, DEMO_PASSWORD, PROMOTIONS, 'title-bar', 'manager.de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });

  const from = page.locator('[data-query-field="TimeFrom"][data-bound="from"]');
  const to = page.locator('[data-query-field="TimeFrom"][data-bound="to"]');
  // Text boxes with the English 12-hour pattern as the hint, not the browser's native time input.
  await expect(from).toHaveAttribute('type', 'text');
  await expect(from).toHaveAttribute('placeholder', /^11:59\sPM$/);
  await expect(page.getByRole('textbox', { name: 'From time to' })).toHaveAttribute('data-bound', 'to');

  await from.click();
  await page.keyboard.type('5:30 pm');
  await page.keyboard.press('Tab'); // leaving writes the time the English way
  await expect(from).toHaveValue(/^5:30\sPM$/);
  await expect(to).toBeFocused();
  await page.keyboard.type('6:28 PM');
  await page.keyboard.press('ArrowUp'); // a minute later each
  await page.keyboard.press('ArrowUp');
  await expect(to).toHaveValue(/^6:30\sPM$/);
  const listed = page.waitForResponse((r) => isPromotionList(r.url()) && r.status() === 200);
  await page.keyboard.press('Enter');
  const items = ((await (await listed).json()) as { items: { Code: string; TimeFrom: string | null }[] }).items;
  expect(items.map((item) => item.Code)).toEqual(['HAPPYHOUR']);
  await expect(page.locator('.rdg-row')).toHaveCount(1);
  await expect.poll(() => queryOf(page.url()).values.TimeFrom).toEqual({ from: '17:30:00', to: '18:30:00' });

  // In German the same query shows 24 hours.
  await page.evaluate(() => localStorage.setItem('mate.locale', 'de'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(from).toHaveValue('17:30', { timeout: 30_000 });
  await expect(to).toHaveValue('18:30');
  await to.click();
  await page.keyboard.press('ArrowDown');
  await expect(to).toHaveValue('18:29');
  await expect.poll(() => queryOf(page.url()).values.TimeFrom).toEqual({ from: '17:30:00', to: '18:30:00' }); // the address changes when a query runs
});
