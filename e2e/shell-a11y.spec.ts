import { expect, test } from './support/test';
import { blocking, formatViolations, scanPage, type AxeViolation } from './support/axe';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

const PASSWORD = 'a11y-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });


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

/** The channels (0..1) and alpha of a computed CSS colour: rgb(), rgba() or color(srgb r g b / a), as Chromium reports them. */
function rgba(css: string): [number, number, number, number] {
  const numbers = (css.match(/[\d.]+/g) ?? []).map(Number);
  const scale = css.startsWith('color(') ? 1 : 255;
  const channel = (index: number) => (numbers[index] ?? 0) / scale;
  return [channel(0), channel(1), channel(2), numbers[3] ?? 1];
}

/** WCAG contrast ratio of text on a background that may be translucent over an opaque one beneath it. */
function contrast(text: string, background: string, beneath: string): number {
  const [br, bg, bb, alpha] = rgba(background);
  const [ur, ug, ub] = rgba(beneath);
  const over = (top: number, under: number) => top * alpha + under * (1 - alpha);
  const seen: [number, number, number, number] = [over(br, ur), over(bg, ug), over(bb, ub), 1];
  const luminance = ([r, g, b]: readonly number[]) => {
    const linear = (value = 0) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [a, b] = [luminance(rgba(text)), luminance(seen)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

// axe sees buttons at rest only. Chakra's solid buttons turned 90 % opaque under the pointer, which put the grid's
// blue Start/Refresh button at 4.31:1 in the light theme.
for (const theme of ['light', 'dark'] as const) {
  test(`a solid button under the pointer keeps AA contrast in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, mate.url, PASSWORD, `/data/tenancy/location`);
    const button = page.getByTestId('grid-search');
    await expect(button).toBeVisible();
    await button.hover();
    await settled(page);
    const colours = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      // The first ancestor with a background of its own is what shows through a translucent button.
      let beneath = 'rgb(255, 255, 255)';
      for (let node = element.parentElement; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
          beneath = colour;
          break;
        }
      }
      return { text: style.color, background: style.backgroundColor, beneath };
    });
    expect(contrast(colours.text, colours.background, colours.beneath), JSON.stringify(colours)).toBeGreaterThanOrEqual(4.5);
  });
}
