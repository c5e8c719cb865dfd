import { expect, test } from './support/test';
import { blocking, formatViolations, scanPage, type AxeViolation } from './support/axe';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';
import { openInApp } from './support/open-in-app';

// The screens a user spends the day on, scanned by axe-core in both themes, English and Arabic, on a desktop and a
// phone: no serious or critical violation, colour contrast included.
const PASSWORD = 'look-a11y-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;


for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'ar'] as const) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      test(`sign-in, dashboard, grid, editor, permissions and organisations pass axe: ${theme}, ${locale}, ${size}`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await page.addInitScript((chosen) => localStorage.setItem('mate.locale', chosen), locale);
        const found: Array<{ where: string; violations: AxeViolation[] }> = [];
        const scan = async (where: string, disabled: string[] = []) => {
          await settled(page);
          await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          const rules = Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }]));
          const violations = blocking(await scanPage(page, disabled.length ? { rules } : {}));
          if (violations.length) found.push({ where, violations });
        };

        await page.goto(`${mate.url}/auth/login`);
        await expect(page.locator('input[name=password]')).toBeVisible();
        await scan('sign-in page');
        await page.locator('input[name=username]').fill('admin');
        await page.locator('input[name=password]').fill(PASSWORD);
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('title-bar')).toBeVisible({ timeout: 30_000 });
        await page.goto(`${mate.url}/`);
        await expect(page.getByTestId('api-version')).toBeVisible();
        await scan('dashboard');

        await page.getByTestId('organisation-selector').click();
        await expect(page.getByTestId('organisation-list')).toBeVisible();
        await scan('organisation selector');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('organisation-list')).toBeHidden();

        await openInApp(page, mate.url, '/data/pos-operating/document-number');
        await page.getByTestId('grid-search').click();
        await page.getByTestId('data-grid').getByRole('gridcell').nth(1).click();
        await expect(page.getByTestId('details-summary')).toBeVisible({ timeout: 30_000 });
        await scan('grid with an open row');

        await page.getByTestId('mode-edit').click();
        const form = page.getByTestId('row-details').locator('form');
        await expect(form).toBeVisible();
        await form.locator('input').first().fill('');
        await page.getByTestId('editor-save').click();
        await expect(form.locator('[aria-invalid=true]').first()).toBeVisible();
        await scan('editor with errors');

        await openInApp(page, mate.url, '/admin/permissions');
        // The matrix shows once a role or user is picked: the first one.
        const subject = page.locator('[data-testid="subject-picker"]:visible');
        await subject.selectOption({ index: 1 });
        await expect(page.getByTestId('permission-matrix')).toBeVisible({ timeout: 30_000 });
        await scan('permission matrix');

        const report = found.map(({ where, violations }) => `== ${where} (${theme}, ${locale}, ${size})\n${formatViolations(violations)}`).join('\n');
        expect(found.map(({ where, violations }) => `${where}: ${violations.map((violation) => violation.id).join(', ')}`), report).toEqual([]);
      });
    }
  }
}
