import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { LOOK_CORNERS } from './support/looks';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// The shopping cart (docs/shopping-cart.md): opened from the navigation in Mate Deutschland (the demo articles'
// tenant), two articles added (one by keyboard as a scanner does: the barcode and Enter), a quantity, a line and a
// cart discount, totals and taxes per rate as the price calculation computes them; the cart survives a reload.
// Light English at 1440 px and dark Arabic at 390 px, axe-scanned, screenshots in test-results/.
const PASSWORD = 'shopping-cart-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

type Article = { text: string; gtin: string | null; articleNumber: string | null; unitPrice: number; taxRate: number; discountable: boolean };

async function chooseGermany(page: Page): Promise<void> {
  await page.getByTestId('organisation-selector').click();
  const list = page.getByTestId('organisation-list');
  await list.getByTestId('organisation-option').filter({ hasText: 'Mate Deutschland' }).first().click();
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName('Organisation: Mate Deutschland');
}

test('builds a cart from the navigation: scan and click to add, quantity and discounts, totals and taxes, kept over a reload', { tag: '@looks' }, async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await chooseGermany(page);
  await page.getByTestId('mega-menu-/tools').click();
  await page.getByRole('link', { name: 'Shopping cart', exact: true }).click();
  await expect(page).toHaveURL(/\/tools\/shopping-cart$/);
  await expect(page.getByTestId('cart-empty')).toBeVisible({ timeout: 30_000 });

  // What the search answers with nothing typed: the tenant's articles. Two discountable ones of different rates.
  const answer = page.waitForResponse((response) => response.url().includes('/api/shopping-cart/articles') && response.ok());
  const search = page.getByLabel('Search articles by name, number or barcode');
  await search.fill('a');
  const first = await answer;
  const { items, currency } = (await first.json()) as { items: Article[]; currency: string };
  expect(currency).toBe('EUR');
  expect(items.length).toBeGreaterThan(0);
  // The same call with the app's own token and scope header, for more articles to choose from.
  const sent = first.request().headers();
  const headers = { authorization: sent.authorization!, 'x-mate-tenant': sent['x-mate-tenant']! };
  const all = ((await (await page.request.get(`${mate.url}/api/shopping-cart/articles?take=50`, { headers })).json()) as { items: Article[] }).items;
  const scanned = all.find((article) => article.gtin && article.discountable)!;
  const clicked = all.find((article) => article.discountable && article.taxRate !== scanned.taxRate && article.text !== scanned.text)!;
  expect(scanned && clicked).toBeTruthy();

  // Keyboard, as a scanner: the barcode and Enter adds it and empties the box; twice counts the line up.
  await search.fill(scanned.gtin!);
  await search.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(search).toHaveValue('');
  await search.fill(scanned.gtin!);
  await search.press('Enter');
  await expect(page.getByLabel(`Quantity of ${scanned.text}`)).toHaveValue('2');
  // An unknown code says so and adds nothing.
  await search.fill('0000000000000');
  await search.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'No article matches “0000000000000”.' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // Mouse: search by text, add with its button; set a quantity and a 10 % line discount and a cart discount of 1.
  await search.fill(clicked.text);
  await page.getByRole('button', { name: `Add ${clicked.text} to the cart` }).first().click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByLabel(`Quantity of ${clicked.text}`).fill('3');
  await page.getByLabel(`Discount on ${scanned.text}`, { exact: true }).fill('10');
  await page.getByTestId('cart-discount').getByLabel('Cart discount', { exact: true }).fill('1');
  await page.getByTestId('cart-discount').getByLabel('Kind of discount: Cart discount').selectOption('amount');

  const cents = (value: number) => Math.round(value * 100);
  const a = cents(scanned.unitPrice) * 2;
  const b = cents(clicked.unitPrice) * 3;
  const lineDiscount = Math.round(a / 10);
  const expectedTotal = a + b - lineDiscount - 100;
  const money = (units: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(units / 100);
  await expect(page.getByTestId('cart-total-value')).toHaveText(money(expectedTotal));
  await expect(page.getByTestId('cart-subtotal-value')).toHaveText(money(a + b));
  await expect(page.getByTestId('cart-line-discounts-value')).toHaveText(money(-lineDiscount));
  await expect(page.getByTestId('cart-discount-total-value')).toHaveText(money(-100));
  await expect(page.getByTestId('cart-tax-rate')).toHaveCount(2);
  await expectAccessible(page, 'shopping cart, English, light, 1440');
  await page.screenshot({ path: 'test-results/shopping-cart-en-light-1440.png', fullPage: true });

  // The cart is kept: a reload shows the same lines and total.
  await page.reload();
  await expect(page.getByTestId('cart-line')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('cart-total-value')).toHaveText(money(expectedTotal));

  // Dark Arabic at 390 px: right to left, nothing wider than the screen but the lines' own scroll area.
  const dark = LOOK_CORNERS[1];
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('mate.locale', 'ar'));
  await page.setViewportSize({ width: dark.width, height: dark.height });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 30_000 });
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'shopping cart, Arabic, dark, 390');
  await page.screenshot({ path: 'test-results/shopping-cart-ar-dark-390.png', fullPage: true });

  // Emptying it by keyboard.
  await page.getByRole('button', { name: 'إفراغ السلة' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

