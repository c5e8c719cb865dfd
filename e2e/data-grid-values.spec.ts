import { expect, test, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'values-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const SHOTS = process.env.MATE_SCREENSHOTS;

// Demo data (docs/demo-data.md): the articles belong to Mate Deutschland, the primary tenant of manager.de.
const DEMO_PASSWORD = 'demo-pass-1';

async function openArticles(page: Page, locale: string): Promise<void> {
  await signIn(page, mate.url, DEMO_PASSWORD, '/data/pos-supply/article', 'title-bar', 'manager.de');
  if (locale !== 'en') {
    await page.evaluate((chosen) => localStorage.setItem('mate.locale', chosen), locale);
    await page.reload();
  }
  // The first visit compiles the kind's metadata on a busy machine: more than the default 10 s is allowed.
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
  await expect(page.locator('.rdg-row').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

/** The text and alignment of the first row's retail price, the column before the last (the image name). */
async function firstPrice(page: Page): Promise<{ text: string; align: string }> {
  const cells = page.locator('.rdg-row').first().locator('.rdg-cell');
  const cell = cells.nth((await cells.count()) - 2);
  return { text: (await cell.innerText()).replace(/[\u00a0\u202f]/g, ' '), align: await cell.evaluate((node) => getComputedStyle(node).textAlign) };
}

test('prices read in the UI language with their currency and decimals, right-aligned', async ({ page }) => {
  await openArticles(page, 'en');
  const english = await firstPrice(page);
  expect(english.text).toMatch(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
  expect(english.align).toBe('end');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/values-en.png` });
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  const price = page.getByTestId('details-summary').locator('[data-field="RetailPrice"]');
  await expect(price).toContainText(english.text);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/values-en-details.png` });
});

test('the same price reads differently in German', async ({ page }) => {
  await openArticles(page, 'de');
  const german = await firstPrice(page);
  expect(german.text).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
  // The grid says how many articles match (the demo's 20,000 are more than the server counts exactly).
  await expect(page.getByTestId('grid-count')).toHaveText('Mehr als 10.000 passende Zeilen');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/values-de.png` });
});
