import { LOOK_CORNERS } from './support/looks';
import { expectReadable } from './support/readable';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { expect, test } from './support/test';

// The pages of sign-in and sessions (the account page, Administration > Security log) read in both corners of
// the looks (light English at 1440 px, dark Arabic at 390 px): axe finds nothing serious, nothing runs off the
// side of a phone, and the security log's filters (a name, times in the language's format) work by keyboard.
// What they do is second-factor.spec.ts's.
const PASSWORD = 'account-looks-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });
const SHOTS = process.env.MATE_SCREENSHOTS;

for (const { theme, locale, width, height } of LOOK_CORNERS) {
  test(`the account page and the security log read in ${theme}, ${locale}, ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((chosenLocale) => {
      localStorage.setItem('mate.locale', chosenLocale);
    }, locale);
    await signIn(page, mate.url, PASSWORD, '/auth/account', 'account-page');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    await expect(page.getByTestId('second-factor-start')).toBeVisible();
    await expect(page.getByTestId('account-passkeys')).toBeVisible();
    await expectReadable(page, 'the account page');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-${theme}-${locale}-${width}.png`, fullPage: true });

    await page.goto(`${mate.url}/admin/security-log`);
    // A cold first load of the page and its log on a busy machine can take longer than the default wait.
    await expect(page.getByTestId('security-log-table')).toBeVisible({ timeout: 30_000 });
    // The sign-in of this test is in the log.
    await expect(page.getByTestId('security-log-table').getByRole('row').nth(1)).toContainText('admin');
    await expectReadable(page, 'the security log');
    // By keyboard: a user name typed into the filter, applied with Enter, finds nobody of that name.
    await page.getByTestId('security-log-user').focus();
    await page.keyboard.type('nobody-of-this-name');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('diagnostics-empty')).toBeVisible();
    await expect(page.getByTestId('security-log-table')).toHaveCount(0);
    // The time filters are written the way the user's language writes them (Arabic: day first), not the browser's
    // mm/dd/yyyy, and a date typed that way filters: nothing happened until the end of 2020, all of it since.
    await page.getByTestId('security-log-user').fill('');
    const [from, until] = [page.getByTestId('security-log-from'), page.getByTestId('security-log-to')];
    await expect(until).toHaveAttribute('placeholder', locale === 'ar' ? /^31\u200f?\/12\u200f?\/2026 11:59 م$/ : /^12\/31\/2026 11:59 PM$/);
    const endOf2020 = locale === 'ar' ? '31/12/2020 23:59' : '12/31/2020 11:59 PM';
    await until.focus();
    await page.keyboard.type(endOf2020);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('diagnostics-empty')).toBeVisible();
    await expect(until).not.toHaveAttribute('aria-invalid', 'true');
    await until.fill('');
    await from.focus();
    await page.keyboard.type(endOf2020);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('security-log-table').getByRole('row').nth(1)).toContainText('admin');
    // Leaving the box writes the typed text the way the language does.
    await page.keyboard.press('Tab');
    await expect(from).toHaveValue(locale === 'ar' ? /^31\u200f?\/12\u200f?\/2020 11:59 م$/ : '12/31/2020 11:59 PM');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-log-${theme}-${locale}-${width}.png`, fullPage: true });
  });
}
