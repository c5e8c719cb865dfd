import { expect, test, type Page } from './support/test';
import { blocking, formatViolations, scanPage, type AxeViolation } from './support/axe';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

const PASSWORD = 'a11y-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

/** Waits until transitions (popover fade-in, colour changes) are over, so contrast is measured on final colours. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

for (const theme of ['light', 'dark'] as const) {
  test(`the shell pages have no serious or critical accessibility violation in the ${theme} theme`, async ({ page }) => {
    // The theme stays on 'auto', which follows the system colour scheme emulated here.
    await page.emulateMedia({ colorScheme: theme });
    const found: Array<{ where: string; violations: AxeViolation[] }> = [];
    const scan = async (where: string) => {
      await settled(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      const all = await scanPage(page);
      const violations = blocking(all);
      if (violations.length) found.push({ where, violations });
      // Moderate and minor findings are printed for the record but do not fail the test.
      const minor = all.filter((violation) => !violations.includes(violation));
      if (minor.length) console.log(`-- ${where} (${theme}), not failing:\n${formatViolations(minor)}`);
    };

    await page.goto(`${mate.url}/auth/login`);
    await expect(page.getByLabel('Username')).toBeVisible();
    await scan('login page');

    await page.goto(`${mate.url}/forbidden?requested=${encodeURIComponent('/settings/secret')}`);
    await expect(page.getByTestId('forbidden-page')).toBeVisible();
    await scan('forbidden page, signed out');

    await signIn(page, mate.url, PASSWORD);
    await expect(page.getByTestId('api-version')).toBeVisible();
    await scan('dashboard');

    await page.getByTestId('mega-menu-/data').click();
    await expect(page.getByTestId('mega-menu-panel').first()).toBeVisible();
    await scan('mega menu open');
    await page.keyboard.press('Escape');

    await page.getByTestId('organisation-selector').click();
    await expect(page.getByTestId('organisation-list')).toBeVisible();
    await scan('organisation selector open');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('organisation-list')).toBeHidden();

    await page.goto(`${mate.url}/forbidden?requested=${encodeURIComponent('/settings/secret')}`);
    await expect(page.getByTestId('forbidden-page')).toBeVisible();
    await expect(page.getByTestId('title-bar')).toBeVisible();
    await scan('forbidden page, signed in');

    await page.goto(`${mate.url}/no/such/page?x=1`);
    await expect(page.getByTestId('not-found-path')).toBeVisible();
    await scan('not-found page');

    const report = found.map(({ where, violations }) => `== ${where} (${theme})\n${formatViolations(violations)}`).join('\n');
    if (report) console.log(report);
    expect(found.map(({ where, violations }) => `${where}: ${violations.map((violation) => violation.id).join(', ')}`), report).toEqual([]);
  });
}
