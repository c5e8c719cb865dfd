import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Issue 17, live diagnostics: a receipt the intake cannot book appears in the open unprocessed documents page through
// the hub (DiagnosticsDataChanged), well before the slow stand-in refresh used only while the hub is down.
const PASSWORD = 'diagnostics-live-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
const TERMINAL = `Basic ${Buffer.from('demo-pos-001:demo-terminal-secret-1').toString('base64')}`;

test('a document handed in lands in the open unprocessed list without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, '/diagnostics/unprocessed-documents', 'unprocessed-documents');
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  const uid = randomUUID();
  const answer = await page.request.post(`${mate.url}/api/terminals/receipts`, {
    headers: { authorization: TERMINAL },
    data: { id: uid, type: 'receipt', number: 4343, createdAt: new Date().toISOString(), currency: 'EUR', operator: 'E2E', lines: [{ text: 'Odd rate', quantity: 1, unitPrice: 3, amount: 3, taxRate: 16 }], payments: [{ method: 'cash', amount: 3 }], total: 3 },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  // The stand-in refresh runs every 60 s only while the hub is down: within 15 s it can only be the hub's message.
  await expect(page.getByTestId('unprocessed-table').locator('tbody tr').filter({ hasText: uid.slice(0, 8) })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'test-results/diagnostics-live-unprocessed-en-light-1440.png' });
});
