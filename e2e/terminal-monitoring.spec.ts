import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';

// Terminal monitoring, the terminal log and the terminal server page driven by real simulated terminals: the
// simulator (`npm run terminals`) runs as its own process against the spec's server, as an operator would run it.
const PASSWORD = 'terminal-pages-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });
/** The terminal the simulator's first terminal (demo-pos-001) is, found by the first test. */
let firstTerminal: number | undefined;

interface Simulator {
  output: () => string;
  /** Ctrl+C: the simulator closes its connections and exits. */
  stop: () => Promise<number | null>;
}

function startSimulator(count: number, rate: number): Simulator {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/terminals/simulator.ts', '--count', String(count), '--rate', String(rate), '--url', mate.url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    output: () => text,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGINT');
      }),
  };
}

interface TerminalRow {
  terminalOid: number;
  connected: boolean;
  documentsReceived: number;
}

async function connections(request: APIRequestContext): Promise<TerminalRow[]> {
  const login = await request.get(`${mate.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  return ((await (await request.get(`${mate.url}/api/terminals/connections`, { headers })).json()) as { items: TerminalRow[] }).items;
}

async function expectAccessibleAtRest(page: Page, where: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page, where);
}

test('a simulated terminal shows connected live, answers a ping, its receipt shows in its log and on the terminal server page, and it turns disconnected without a reload', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, mate.url, PASSWORD, `/service/terminals`);
  const table = page.getByTestId('terminal-table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  const total = (await connections(request)).length;
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('terminal-counts')).toHaveText(`0 connected, ${total} disconnected`);

  // One terminal connects and hands in receipts (60 a minute): the page hears it on the hub.
  const simulator = startSimulator(1, 60);
  try {
    const connected = table.locator('tr[data-connected="true"]');
    await expect(connected).toHaveCount(1, { timeout: 30_000 });
    await expect(connected.getByTestId('terminal-state')).toHaveText('Connected');
    await expect(page.getByTestId('terminal-counts')).toHaveText(`1 connected, ${total - 1} disconnected`);
    const oid = Number(await connected.getAttribute('data-terminal-oid'));
    firstTerminal = oid;
    await expect.poll(async () => (await connections(request)).find((row) => row.terminalOid === oid)?.documentsReceived ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);

    // Ping: the server asks the terminal over its socket, the simulator answers, the row shows the round trip.
    await connected.getByRole('button', { name: /^Ping terminal/ }).click();
    await expect(connected.getByTestId('ping-outcome')).toHaveText(/^Answered in \d+ ms$/);
    // A disconnected terminal offers no ping.
    await expect(table.locator('tr[data-connected="false"]').first().getByRole('button', { name: /^Ping terminal/ })).toHaveCount(0);

    // The filter by state and by text, and sorting by a header, by keyboard.
    await page.getByLabel('Connection state', { exact: true }).selectOption('connected');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Connection state', { exact: true }).selectOption('all');
    await page.getByLabel('Filter terminals', { exact: true }).fill('no terminal is called this');
    await expect(table.locator('tbody tr')).toHaveCount(0);
    await page.getByLabel('Filter terminals', { exact: true }).fill('');
    await page.locator('[data-sort-column="state"]').focus();
    await page.keyboard.press('Enter');
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-connected', 'true');
    await expect(page.locator('th[aria-sort="ascending"]')).toContainText('State');
    await page.screenshot({ path: 'test-results/terminal-monitoring-en-light-1440.png' });
    await expectAccessibleAtRest(page, 'terminal monitoring');

    // Ctrl+C on the simulator: the row turns disconnected in place.
    expect(await simulator.stop()).toBe(0);
    await expect(table.locator(`tr[data-terminal-oid="${oid}"]`)).toHaveAttribute('data-connected', 'false', { timeout: 30_000 });
    await expect(page.getByTestId('terminal-counts')).toHaveText(`0 connected, ${total} disconnected`);

    // Its log: newest first, the disconnect on top, a received receipt below it.
    await table.locator(`tr[data-terminal-oid="${oid}"]`).getByRole('link', { name: /^Log of terminal/ }).click();
    await expect(page).toHaveURL(new RegExp(`/service/terminals/log\\?terminal=${oid}$`));
    const lines = page.getByTestId('terminal-log-lines').locator('tbody tr');
    await expect(lines.first()).toHaveAttribute('data-event', 'disconnected');
    await expect(page.locator('tr[data-event="receipt"]').first()).toContainText(/No\. \d+, total/);
    await expect(page.locator('tr[data-event="connected"]').first()).toContainText('from 127.0.0.1');
    await expect(page.getByTestId('terminal-log-state')).toContainText('Disconnected');
    await page.screenshot({ path: 'test-results/terminal-log-en-light-1440.png' });

    // The terminal server: no instance holds a terminal now, the receipts of today are counted.
    await page.goto(`${mate.url}/service/terminal-server`);
    await expect(page.getByTestId('server-connected')).toHaveText('0');
    expect(Number(await page.getByTestId('server-receipts-today').textContent())).toBeGreaterThan(0);
  } finally {
    await simulator.stop();
  }
});

test('the log follows a terminal that connects while it is open, and the pages read in Arabic, dark, at 390 px', { tag: '@looks' }, async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, mate.url, PASSWORD);
  await page.evaluate(() => localStorage.setItem('mate.locale', 'ar'));
  await page.goto(`${mate.url}/service/terminals`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const table = page.getByTestId('terminal-table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
  expect(firstTerminal, 'the first test found demo-pos-001').toBeDefined();

  // The log of demo-pos-001 is open before it connects again: the new connection appears without a reload.
  await page.goto(`${mate.url}/service/terminals/log?terminal=${firstTerminal}`);
  const connects = page.locator('tr[data-event="connected"]');
  await expect(connects).toHaveCount(1);
  const simulator = startSimulator(3, 0);
  try {
    await expect(connects).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('terminal-log-lines').locator('tbody tr').first()).toHaveAttribute('data-event', 'connected');
    await page.screenshot({ path: 'test-results/terminal-log-ar-dark-390.png', fullPage: true });
    await expectAccessibleAtRest(page, 'terminal log');

    await page.goto(`${mate.url}/service/terminals`);
    await expect(table.locator('tr[data-connected="true"]')).toHaveCount(3, { timeout: 30_000 });
    // Ping by keyboard: focus the button, Enter; the answer reads in Arabic.
    const pinged = table.locator('tr[data-connected="true"]').first();
    await pinged.getByRole('button', { name: /^اختبار اتصال الجهاز/ }).focus();
    await page.keyboard.press('Enter');
    await expect(pinged.getByTestId('ping-outcome')).toHaveAttribute('data-ping', 'answered');
    await expect(pinged.getByTestId('ping-outcome')).toContainText('رد خلال');
    await page.screenshot({ path: 'test-results/terminal-monitoring-ar-dark-390.png', fullPage: true });
    await expectAccessibleAtRest(page, 'terminal monitoring');
    // Nothing but the table's own scroll area is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto(`${mate.url}/service/terminal-server`);
    await expect(page.getByTestId('server-connected')).toHaveText(new Intl.NumberFormat('ar').format(3));
    await page.screenshot({ path: 'test-results/terminal-server-ar-dark-390.png', fullPage: true });
    await expectAccessibleAtRest(page, 'terminal server');
  } finally {
    await simulator.stop();
    await context.close();
  }
});
