import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { buildNewRecord, editableField, newToken, SYSTEM_FIELDS, type DataCalls, type Extensions, type FieldState, type Meta } from './support/record-builder';
import { signIn } from './support/sign-in';
import { serveMateForSpec } from './support/spec-server';
import { openInApp } from './support/open-in-app';

const PASSWORD = 'every-kind-e2e-password';
const mate = serveMateForSpec({ MATE_ADMIN_PASSWORD: PASSWORD });

interface NavItem {
  path: string;
  component?: string;
  entity?: string;
  children?: NavItem[];
}
const flatten = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
// e2e may read the catalogue's navigation: every data grid of the product.
const GRIDS = flatten(JSON.parse(readFileSync('server/metadata/navigation.json', 'utf8')) as NavItem[]).filter((item) => item.component === 'data-grid' && item.entity && (!process.env.E2E_KINDS || process.env.E2E_KINDS.split(',').includes(item.entity)));

/** The data service with the headers the app itself sent (bearer token, scope, language). */
function dataCalls(page: Page, headers: Record<string, string>): DataCalls {
  const answer = async (response: Awaited<ReturnType<Page['request']['get']>>, what: string) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    get: async (path) => answer(await page.request.get(`${mate.url}${path}`, { headers }), `GET ${path}`),
    post: async (path, body) => answer(await page.request.post(`${mate.url}${path}`, { headers, data: body }), `POST ${path}`),
  };
}

/** Opens the grid and runs its search; answers the headers of the app's own list call. */
async function openGrid(page: Page, path: string, kind: string, base: string): Promise<Record<string, string>> {
  await openInApp(page, mate.url, path);
  await expect(page.getByTestId('data-grid-page')).toHaveAttribute('data-kind', kind);
  await expect(page.getByTestId('grid-not-started')).toBeVisible();
  const listCall = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === base);
  await page.getByTestId('grid-search').click();
  const headers = await (await listCall).allHeaders();
  await expect(page.getByTestId('data-grid')).toBeVisible();
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name === 'authorization' || name === 'accept-language' || name.startsWith('x-mate-')));
}

/** Rejects when the editor refuses to save (its warning toast names the marked fields). */
async function refused(page: Page): Promise<never> {
  const warning = page.getByText('Please correct the marked fields.');
  await warning.waitFor({ timeout: 16_000 });
  const fields = await page.locator('[data-field]:has([aria-invalid="true"])').evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-field')}: ${node.textContent}`));
  throw new Error(`the editor refused to save: ${fields.join('; ')}`);
}

/** Runs the quick search and waits for the grid to show exactly `rows` rows. */
async function quickSearch(page: Page, text: string, rows: number): Promise<void> {
  await page.getByTestId('quick-search').fill(text);
  await page.getByTestId('grid-search').click();
  await expect(page.getByTestId('data-grid')).toHaveAttribute('data-rows', String(rows));
}

/** What a quick search finds the record by: the token where a searched field holds it, else a searched value. */
function searchTextOf(meta: Meta, extensions: Extensions, record: Record<string, unknown>, token: string): string {
  const searched = extensions.quickSearch ?? meta.fields.filter((f) => f.type === 'String').map((f) => f.name);
  const texts = searched.map((name) => record[name]).filter((value): value is string => typeof value === 'string' && value !== '');
  const text = texts.find((value) => value.includes(token)) ? token : texts[0];
  if (!text) throw new Error(`${meta.area}/${meta.entity}: the new record has no text a quick search finds`);
  return text;
}

test('every kind: open the grid and a row, create a record, edit it and save', async ({ page, context }) => {
  test.setTimeout(60_000 + GRIDS.length * 12_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, mate.url, PASSWORD);
  const results: string[] = [];
  const failures: string[] = [];
  for (const grid of GRIDS) {
    const kind = grid.entity!;
    const base = `/api/data/${kind.toLowerCase()}`;
    // Every kind runs even after one failed: the report names each kind that cannot be created or edited.
    await test.step(kind, async () => {
      const started = Date.now();
      const laps: string[] = [];
      const lap = (name: string) => laps.push(`${name} ${Date.now() - started}`);
      try {
      const calls = dataCalls(page, await openGrid(page, grid.path, kind, base));
      const rows = Number(await page.getByTestId('data-grid').getAttribute('data-rows'));
      if (rows > 0) {
        await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).click();
        await expect(page.getByTestId('row-details')).toHaveAttribute('data-phase', 'ready');
        await expect(page.getByTestId('details-error')).toHaveCount(0);
      }

      lap('row');
      const meta = (await calls.get(`${base}/meta`)) as Meta;
      const extensions = (await calls.get(`${base}/form-extensions`)) as Extensions;
      if (!meta.operations.includes('create')) {
        // A kind without create offers neither New nor Paste nor Import.
        await expect(page.getByTestId('cmd-new')).toHaveCount(0);
        await expect(page.getByTestId('cmd-paste')).toHaveCount(0);
        results.push(`${kind}: rows ${rows}, read-only kind: no New (${Date.now() - started} ms)`);
        return;
      }

      // Create: the built record pasted as a user copies one ({ type, data }), then saved in the new-record editor.
      const token = newToken();
      const draft = await buildNewRecord(base, meta, extensions, token, calls);
      await page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify({ type: kind, data: draft }));
      lap('built');
      await page.getByTestId('cmd-paste').click();
      const editor = page.getByTestId('new-record').getByTestId('record-editor');
      await expect(editor).toBeVisible();
      lap('pasted');
      const post = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === base, { timeout: 15_000 });
      await editor.getByTestId('editor-save').click();
      const posted = await Promise.race([post, refused(page)]);
      expect(posted.status(), `create ${kind}: ${await posted.text()}`).toBe(201);
      const created = (await posted.json()) as Record<string, unknown>;
      await expect(page.getByText('Saved.').first()).toBeVisible();
      await expect(page.getByTestId('new-record')).toHaveCount(0);

      // Find it, open it for editing, change one free field, save.
      lap('created');
      await quickSearch(page, searchTextOf(meta, extensions, created, token), 1);
      await page.locator('.rdg-row').first().locator('.rdg-cell').nth(1).dblclick();
      const details = page.getByTestId('row-details');
      await expect(details).toHaveAttribute('data-mode', 'edit');
      await expect(details.getByTestId('record-editor')).toBeVisible();
      const input = Object.fromEntries(Object.entries(created).filter(([name]) => !SYSTEM_FIELDS.includes(name)));
      const { states } = (await calls.post(`${base}/adjust`, input)) as { states: Record<string, FieldState> };
      const field = editableField(meta, extensions, states);
      if (!field) throw new Error(`${kind}: no free text or number field to edit`);
      const tab = extensions.tabs?.find((t) => t.groups.some((g) => g.fields.includes(field.name)));
      if (tab) await details.locator(`[data-tab="${tab.id}"]`).click();
      const box = details.locator(`[data-field="${field.name}"]`).locator('input, textarea').first();
      const value = field.type === 'String' ? `Edited ${token}`.slice(0, field.maxLength ?? 40) : Math.min(field.max ?? 7, Math.max(field.min ?? 0, 7));
      await box.fill(String(value));
      lap('filled');
      const put = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === `${base}/${String(created.Oid)}`, { timeout: 15_000 });
      await details.getByTestId('editor-save').click();
      const saved = await Promise.race([put, refused(page)]);
      expect(saved.status(), `update ${kind}.${field.name}: ${await saved.text()}`).toBe(200);
      await expect(page.getByText('Saved.').first()).toBeVisible();
      const stored = (await calls.get(`${base}/${String(created.Oid)}`)) as Record<string, unknown>;
      expect(stored[field.name]).toBe(value);
      results.push(`${kind}: rows ${rows}, created ${String(created.Oid)}, edited ${field.name} (${Date.now() - started} ms: ${laps.join(', ')})`);
      } catch (error) {
        failures.push(`${kind} [${laps.join(', ')}]: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
      }
    });
  }
  console.log(results.join('\n'));
  expect(failures, 'kinds that failed').toEqual([]);
});
