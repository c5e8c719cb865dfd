import { expect, test, type Page } from './support/test';
import { serveMateForSpec } from './support/spec-server';
import { signIn } from './support/sign-in';

const PASSWORD = 'headers-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DATA: 'false' });

/** Everything the browser refused because of the Content-Security-Policy, as it reports it. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

test('the UI works under its Content-Security-Policy, in the full and the embedded layout', async ({ page }) => {
  const violations = await watchViolations(page);
  const answer = await page.request.get(`${mate.url}/`, { headers: { accept: 'text/html' } });
  expect(answer.headers()['content-security-policy']).toContain("script-src 'self' 'unsafe-eval';");

  await signIn(page, mate.url, PASSWORD, '/data/tenancy/tenant');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
  await page.screenshot({ path: 'test-results/security-headers-grid.png' });
  // The editor validates with ajv, which compiles the kind's JSON Schema at run time: it must be allowed to.
  await page.getByTestId('cmd-new').click();
  const editor = page.getByTestId('new-record').getByTestId('record-editor');
  await expect(editor).toBeVisible();
  await editor.getByTestId('editor-save').click();
  await expect(editor.locator('[aria-invalid=true]').first()).toBeVisible();

  await page.goto(`${mate.url}/e/data/tenancy/tenant`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
  await page.screenshot({ path: 'test-results/security-headers-embedded.png' });
  expect(violations).toEqual([]);
});
