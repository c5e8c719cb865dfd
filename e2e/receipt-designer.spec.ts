import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { LOOK_CORNERS } from './support/looks';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { settled } from './support/settled';

// Issue 18, the visual receipt designer (docs/receipt-templates.md): opened from the navigation, a text element added
// from the palette, moved by keyboard, its properties changed, the template saved and seen again after a reload; the
// preview shows a real stored receipt, and that receipt's download (PDF and HTML parts) prints the designed text.
// Light English at 1440 px and dark Arabic at 390 px, screenshots in test-results/receipt-designer/.
const PASSWORD = 'receipt-designer-e2e-password';
// One day of demo documents is enough: the test hands in the receipt it designs for.
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD, MATE_DEMO_DOCUMENT_DAYS: '1' });
const TERMINAL = `Basic ${Buffer.from('demo-pos-001:demo-terminal-secret-1').toString('base64')}`;
const DESIGNED = 'Thank you from E2E-DESIGN';

test.describe.configure({ mode: 'serial' });

async function sendReceipt(request: APIRequestContext): Promise<string> {
  const uid = randomUUID();
  const answer = await request.post(`${mate.url}/api/terminals/receipts`, {
    headers: { authorization: TERMINAL },
    data: {
      id: uid,
      type: 'receipt',
      number: 930_001,
      createdAt: new Date().toISOString(),
      currency: 'EUR',
      operator: 'E2E Designer',
      lines: [{ articleNumber: 'E2E-930001', text: 'Designer article', quantity: 1, unitPrice: 4.2, amount: 4.2, taxRate: 19 }],
      payments: [{ method: 'cash', amount: 4.2 }],
      total: 4.2,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return uid;
}

async function tokenOf(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const elementTypes = (page: Page) => page.getByTestId('canvas-element').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-element')));

let uid: string;

/**
 * Reading the sandboxed preview frame, Playwright's own helper script is refused by the sandbox (no allow-scripts),
 * and Chromium reports that on the console: the proof the frame runs nothing, not an error of the page.
 */
const allowSandboxRefusals = (pageErrors: { allow(pattern: RegExp): void }) => pageErrors.allow(/Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);

test('designs a receipt template from the navigation, keeps it over a reload, and the receipt downloads print it', async ({ page, request, pageErrors }) => {
  test.setTimeout(240_000);
  allowSandboxRefusals(pageErrors);
  uid = await sendReceipt(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD);
  await page.getByTestId('mega-menu-/settings').click();
  await page.getByRole('link', { name: 'Visual receipt designer', exact: true }).click();
  await expect(page).toHaveURL(/\/visual-receipt-designer\/receipt/);
  const designer = page.getByTestId('receipt-designer');
  await expect(designer).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('template-scope')).toHaveValue('GLOBAL');
  await expect(page.getByTestId('template-origin')).toContainText('built-in template');
  // The preview renders the latest stored receipt of the scope: the one just handed in.
  await expect(page.getByTestId('template-preview-document')).toContainText('Receipt 930001', { timeout: 30_000 });
  await expect(page.frameLocator('[data-testid="template-preview"]').getByText('Designer article')).toBeVisible();

  // Add a text element from the palette (it goes last, after the barcode), and write its text.
  const before = await elementTypes(page);
  expect(before.at(-1)).toBe('barcode');
  await page.getByTestId('palette-text').click();
  await expect(page.getByTestId('canvas-element')).toHaveCount(before.length + 1);
  expect((await elementTypes(page)).at(-1)).toBe('text');
  await page.getByTestId('property-text').fill(DESIGNED);

  // Move it by keyboard above the barcode: Alt+ArrowUp on its handle moves it one place up.
  const added = page.getByTestId('canvas-element').last();
  await added.getByTestId('canvas-handle').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(async () => (await elementTypes(page)).slice(-2)).toEqual(['text', 'barcode']);

  // Change its properties: centred and bold; the preview follows.
  await page.getByTestId('property-align').selectOption('center');
  await page.getByTestId('property-bold').click();
  await expect(page.frameLocator('[data-testid="template-preview"]').locator('p.c b', { hasText: DESIGNED })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('template-problems')).toContainText('No problems');

  // The XML tab shows the same template as text.
  await page.getByTestId('tab-xml').click();
  await expect(page.getByTestId('template-xml')).toContainText(`<text align="center" bold="true">${DESIGNED}</text>`);
  await page.getByTestId('tab-design').click();

  await page.getByTestId('template-save').click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(page.getByTestId('template-origin')).toContainText('own template (version 1');

  // After a reload the designed element is still there, in its place.
  await page.reload();
  await expect(page.getByTestId('receipt-designer')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('template-origin')).toContainText('own template (version 1');
  expect((await elementTypes(page)).slice(-2)).toEqual(['text', 'barcode']);
  await expect(page.getByTestId('canvas-element').nth(-2).getByTestId('canvas-summary')).toHaveText(DESIGNED);

  // The receipt's downloads print the designed text: the PDF (pdftotext) and both HTML parts.
  const token = await tokenOf(request);
  const download = (ext: string) => request.get(`${mate.url}/api/download/receipt/${uid}/designed.${ext}`, { headers: { authorization: `Bearer ${token}` } });
  const pdf = await download('pdf');
  expect(pdf.status()).toBe(200);
  const folder = mkdtempSync(join(tmpdir(), 'mate-designer-pdf-'));
  writeFileSync(join(folder, 'receipt.pdf'), await pdf.body());
  expect(execFileSync('pdftotext', ['-enc', 'UTF-8', join(folder, 'receipt.pdf'), '-']).toString()).toContain(DESIGNED);
  const html = await download('html');
  expect(html.status()).toBe(200);
  expect(html.headers()['content-type']).toMatch(/^multipart\/mixed/);
  expect((await html.text()).split(DESIGNED).length - 1).toBe(2);
});

test('refuses a template with problems and names the line in the XML tab', async ({ page, pageErrors }) => {
  allowSandboxRefusals(pageErrors);
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, '/visual-receipt-designer/receipt', 'receipt-designer');
  await page.getByTestId('tab-xml').click();
  const editor = page.getByTestId('template-xml').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<blink/>');
  await expect(page.getByTestId('template-problem').first()).toContainText('Line');
  await page.getByTestId('template-save').click();
  await expect(page.getByText('The template has problems')).toBeVisible();
  await page.getByTestId('template-discard').click();
  await expect(page.getByTestId('template-problems')).toContainText('No problems');
});

async function look(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `test-results/receipt-designer/${name}.png`, fullPage: true });
}

for (const { theme, locale, width } of LOOK_CORNERS) {
  test(`looks right: ${theme}, ${locale}, ${width} px`, { tag: '@looks' }, async ({ page, pageErrors }) => {
    allowSandboxRefusals(pageErrors);
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((chosen) => window === window.top && localStorage.setItem('mate.locale', chosen), locale);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${mate.url}/visual-receipt-designer/receipt`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('receipt-designer')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('canvas-element').first().click();
    await expect(page.getByTestId('template-preview')).toBeVisible({ timeout: 30_000 });
    await look(page, `${theme}-${locale}-${width}`);
  });
}
