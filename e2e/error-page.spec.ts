import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { expect, test } from './support/test';

const PASSWORD = process.env.DEV_MATE_PASSWORD ?? 'error-page-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const GRID = '/data/pos-operating/reservation-reject-reason';

test('a page that fails to render shows the error page inside the shell, and Try again shows it once it works', async ({ page, pageErrors }) => {
  // A kind's metadata the page cannot use: its fields are missing.
  await page.route('**/api/data/pos-operating/reservation-reject-reason/meta*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), fields: null } });
  });
  pageErrors.allow(/fields|null|undefined/); // React reports the error the page's boundary caught
  await signIn(page, mate.url, PASSWORD, GRID);
  const error = page.getByTestId('error-page');
  await expect(error.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(error.getByTestId('error-message')).not.toBeEmpty();
  await expect(page.getByTestId('title-bar')).toBeVisible(); // the shell stays, with its navigation
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(error.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');

  await page.unroute('**/api/data/pos-operating/reservation-reject-reason/meta*');
  await error.getByRole('button', { name: 'Try again' }).click(); // reloads the app
  await expect(page.getByTestId('data-grid-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('error-page')).toHaveCount(0);
});
