import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'row-details-permitted-e2e-password';
// No demo data: the first administrator then holds no tenant, so a tenant-scoped kind (the operators) is not theirs to see.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });

const isOperatorsView = (url: string) => /\/api\/data\/identity\/user\/\d+\/details\/operators$/.test(new URL(url).pathname);

test('an administrator without tenants sees a user row\'s details, and "View not permitted" where the operators would be', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, mate.url, PASSWORD, '/data/identity/user');
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('grid-search').click();
  await expect(page.locator('.rdg-row')).toHaveCount(1);

  const refused = page.waitForResponse((r) => isOperatorsView(r.url()));
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  expect((await refused).status()).toBe(403); // the server refuses the view: operators belong to tenants
  const details = page.getByTestId('row-details');
  await expect(details).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('details-error')).toHaveCount(0);
  await expect(details).not.toContainText('Error');

  // What the user may see is shown: the record and the API access keys (a global kind)...
  await expect(page.getByTestId('details-summary').locator('[data-field="UserName"]')).toContainText('admin');
  await expect(page.getByTestId('detail-view-api-access')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('detail-view-api-access')).toContainText('API access keys (0)');
  // ...and the part that is not permitted says so in words, under its name.
  const operators = page.getByTestId('detail-view-operators');
  await expect(operators).toHaveAttribute('data-status', 'not-permitted');
  await expect(operators).toContainText('Operators');
  await expect(operators.getByTestId('view-not-permitted')).toHaveText('View not permitted');

  // The other modes still work on the record.
  await page.getByTestId('mode-view').click();
  await expect(details.getByTestId('record-editor')).toBeVisible();
});
