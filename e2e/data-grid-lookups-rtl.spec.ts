import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { openInApp } from './support/open-in-app';

// Lookup values as the looked-up record's text; the grid and the editor right-to-left in Arabic.
const PASSWORD = 'grid-kinds-e2e-password';
const TENANT = 'Mate Deutschland';

interface NavItem {
  path: string;
  component?: string;
  entity?: string;
  children?: NavItem[];
}
const flatten = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
const GRIDS = flatten(JSON.parse(readFileSync('server/metadata/navigation.json', 'utf8')) as NavItem[]).filter((item) => item.component === 'data-grid' && item.entity);

interface Lookup {
  entity: string;
  valueField?: string;
  filter?: unknown;
}
interface Extensions {
  lookups?: Record<string, Lookup>;
}
type Headers = Record<string, string>;

const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

const base = (kind: string) => `/api/data/${kind.toLowerCase()}`;

async function chooseTenant(page: Page): Promise<void> {
  await page.getByTestId('organisation-selector').click();
  const list = page.getByTestId('organisation-list');
  await list.getByTestId('organisation-option').filter({ hasText: TENANT }).first().click();
  await expect(page.getByTestId('organisation-selector')).toHaveAccessibleName(`Organisation: ${TENANT}`);
}

/** Opens a grid and answers the headers the app sent with its data calls (token and scope), for page.request. */
async function openGrid(page: Page, path: string): Promise<Headers> {
  const metaCall = page.waitForRequest((request) => request.url().includes('/api/data/') && new URL(request.url()).pathname.endsWith('/meta'));
  await openInApp(page, mate.url, path);
  const sent = (await metaCall).headers();
  await expect(page.getByTestId('data-grid-page')).toBeVisible();
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toBeVisible();
  return Object.fromEntries(Object.entries(sent).filter(([name]) => name === 'authorization' || name.startsWith('x-mate')));
}

async function getJson<T>(request: APIRequestContext, headers: Headers, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const response = await request.get(`${mate.url}${path}`, { headers, params: query });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('lookup values show the looked-up record, not its key', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await chooseTenant(page);
  const grid = GRIDS.find((g) => g.entity === 'base-data/article') ?? GRIDS.find((g) => g.entity?.endsWith('/article'));
  test.skip(!grid, 'no article grid');
  const headers = await openGrid(page, grid!.path);
  const ext = await getJson<Extensions>(page.request, headers, `${base(grid!.entity!)}/form-extensions`);
  test.skip(!ext.lookups || Object.keys(ext.lookups).length === 0, 'no lookups');
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
  const summary = page.getByTestId('details-summary');
  await expect(summary).toBeVisible();
  const resolved = summary.locator('[data-lookup-value]');
  await expect(resolved.first()).toBeVisible();
  // Once read, at least one lookup shows a text that is not its stored key.
  await expect.poll(async () => (await resolved.evaluateAll((els) => els.filter((el) => el.textContent !== el.getAttribute('data-lookup-value')).length)) > 0).toBe(true);
});

test('Arabic: the grid and the editor are right-to-left', async ({ page }) => {
  await signIn(page, mate.url, PASSWORD);
  await chooseTenant(page);
  await page.getByTestId('shell-footer').locator('#language-select').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const grid = GRIDS.find((g) => g.entity?.endsWith('/article')) ?? GRIDS[0]!;
  await openGrid(page, grid.path);
  await expect(page.locator('.rdg')).toHaveAttribute('dir', 'rtl');
  await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).dblclick();
  await expect(page.getByTestId('record-editor')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: 'test-results/grid-arabic-rtl.png', fullPage: false });
});
