import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import type { HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import type { TestDatabase } from '../test-support/test-database';
import { connectTerminal, startTerminalInstance, type TestTerminal } from '../terminals/terminal-test-app';
import type { LayoutButton, LayoutContent } from '../../schemas/pos-layout';
import { LAYOUT_PAGES } from './layout-kinds';

interface Layout {
  oid: number;
  name: string;
  version: number;
  canChange: boolean;
  scope: { scope: string };
  content: LayoutContent;
  problems: { path: string; message: string }[];
}

const QUICK = '/api/pos-layouts/quick-access';

// The POS button layouts: stored per scope with the POS configuration's rules on their own page's rights, every save
// checked (overlap, outside the grid, an article that does not exist), inherited by name down to the terminal, pushed
// to connected terminals, who may read and change where (users x scopes x actions), and hostile input refused.
describe('the POS button layouts', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let de: number;
  let at: number;
  let location: number;
  let terminal: { oid: number; key: string };
  let article: { number: string; group: string };
  const tokens: Record<string, string> = {};
  const terminals: TestTerminal[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
    instance.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as Record<string, unknown> | undefined });
  const fingerprint = async () => (await database.db.query<{ s: string }>("select count(*)::text || '/' || coalesce(sum(version), 0)::text || '/' || coalesce(max(md5(content::text || name || scope)), '') as s from mate_pos_layout")).rows[0]!.s;
  const button = (id: string, x: number, y: number, more: Partial<LayoutButton> = {}): LayoutButton => ({ id, x, y, w: 1, h: 1, kind: 'function', target: 'payment.cash', label: id, background: '#1e3a8a', foreground: '#ffffff', icon: 'banknote', ...more });
  const content = (buttons: LayoutButton[]): LayoutContent => ({ columns: 4, rows: 3, screen: { width: 1024, height: 768 }, buttons });
  const create = async (scope: string, name: string, buttons: LayoutButton[] = [], token = tokens.globe, kind = QUICK) => call('POST', kind, token, { scope, name, content: content(buttons) });

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 5 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const tenantRows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(tenantRows.rows.find((t) => t.Id === id)!.Oid);
    de = oidOf('MATE-DE');
    at = oidOf('MATE-AT');
    const articleRow = (
      await database.db.query<{ InternalNumber: string; TenantOid: string }>(`select "InternalNumber", "TenantOid" from ${q(catalogue.find('pos-supply', 'article')!.table)} order by "Oid" limit 1`)
    ).rows[0]!;
    // The demo's articles belong to its first child tenant (MATE-DE): the article buttons sell one of them.
    expect(Number(articleRow.TenantOid)).toBe(de);
    await database.db.query(`update ${q(catalogue.find('pos-supply', 'article')!.table)} set "ProductGroup" = 'Drinks' where "InternalNumber" = $1`, [articleRow.InternalNumber]);
    article = { number: articleRow.InternalNumber, group: 'Drinks' };
    const terminalInDe = (
      await database.db.query<{ terminal_oid: string; terminal_key: string; LocationOid: string }>(
        `select c.terminal_oid, c.terminal_key, t."LocationOid" from mate_terminal_credential c join ${q(catalogue.find('tenancy', 'pos-terminal')!.table)} t on t."Oid" = c.terminal_oid where c.tenant_oid = $1 and t."LocationOid" is not null order by c.terminal_key limit 1`,
        [de],
      )
    ).rows[0]!;
    terminal = { oid: Number(terminalInDe.terminal_oid), key: terminalInDe.terminal_key };
    location = Number(terminalInDe.LocationOid);
    instance = await startTerminalInstance(database);

    const page = LAYOUT_PAGES['quick-access'].path;
    const admin = await createRole(database.db, 'Quick access admins');
    const reader = await createRole(database.db, 'Quick access readers');
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { roleOid: admin }, path: page, tenantOid: null, action, allowed: true });
    await setPermission(database.db, { subject: { roleOid: reader }, path: page, tenantOid: null, action: 'Read', allowed: true });
    const globe = await addUser(database, 'globe', 'globe-password-1', [de, at]);
    for (const path of [page, LAYOUT_PAGES['article-quick-selection'].path]) for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { userOid: globe }, path, tenantOid: null, action, allowed: true });
    const users: [string, [number, number][]][] = [
      ['tina', [[admin, de]]], // administrator of one tenant only, member of two
      ['rita', [[reader, de], [reader, at]]], // reads everywhere, changes nothing
      ['emil', []], // no right
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(database, name, `${name}-password-1`, [de, at]);
      await setUserRoles(database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
    }
    for (const name of ['globe', 'tina', 'rita', 'emil']) tokens[name] = await signInToken(instance.app, name, `${name}-password-1`);
  }, 180_000);
  afterAll(async () => {
    for (const open of terminals) open.socket.close();
    await instance?.close();
    await database?.drop();
  });

  it('creates, reads, saves with its version, duplicates, lists and deletes a layout', async () => {
    const created = await create(`TENANT:${de}`, 'Front counter', [button('cash', 0, 0), button('cola', 1, 0, { kind: 'item', target: article.number, w: 2 }), button('drinks', 0, 1, { kind: 'itemGroup', target: article.group })]);
    expect(created.statusCode, created.body).toBe(201);
    const layout = created.json() as Layout;
    expect(layout).toMatchObject({ name: 'Front counter', version: 1, canChange: true, scope: { scope: `TENANT:${de}` }, problems: [] });
    const read = (await call('GET', `${QUICK}/${layout.oid}`, tokens.rita)).json() as Layout;
    expect(read.content.buttons.map((b) => b.id)).toEqual(['cash', 'cola', 'drinks']);
    expect(read.canChange).toBe(false);

    const moved = { ...read.content, buttons: read.content.buttons.map((b) => (b.id === 'cash' ? { ...b, x: 3, y: 2 } : b)) };
    const saved = await call('PUT', `${QUICK}/${layout.oid}`, tokens.tina, { scope: `TENANT:${de}`, name: 'Front counter', content: moved, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Layout).version).toBe(2);
    // A save from the version before (a second editor) is refused rather than overwriting.
    const stale = await call('PUT', `${QUICK}/${layout.oid}`, tokens.globe, { scope: `TENANT:${de}`, name: 'Front counter', content: read.content, version: 1 });
    expect(stale.statusCode).toBe(409);

    const copy = await call('POST', `${QUICK}/${layout.oid}/duplicate`, tokens.globe, { scope: `LOCATION:${location}`, name: 'Front counter' });
    expect(copy.statusCode, copy.body).toBe(201);
    const taken = await call('POST', `${QUICK}/${layout.oid}/duplicate`, tokens.globe, { scope: `TENANT:${de}`, name: 'front COUNTER' });
    expect(taken.json()).toMatchObject({ status: 409, message: `A layout named front COUNTER exists at TENANT:${de} already.` });
    const list = (await call('GET', QUICK, tokens.globe)).json() as { items: { name: string; scope: { scope: string }; buttonCount: number; columns: number }[] };
    expect(list.items.map((item) => [item.name, item.scope.scope, item.buttonCount, item.columns])).toEqual([
      ['Front counter', `TENANT:${de}`, 3, 4],
      ['Front counter', `LOCATION:${location}`, 3, 4],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    // The other kind has its own list.
    expect(((await call('GET', '/api/pos-layouts/article-quick-selection', tokens.globe)).json() as { items: unknown[] }).items).toEqual([]);

    const copyOid = (copy.json() as Layout).oid;
    expect((await call('DELETE', `${QUICK}/${copyOid}`, tokens.globe)).statusCode).toBe(204);
    expect((await call('GET', `${QUICK}/${copyOid}`, tokens.globe)).statusCode).toBe(404);
  });

  it('refuses overlapping buttons, buttons outside the grid, poor contrast and articles that do not exist, naming each, storing nothing', async () => {
    const before = await fingerprint();
    const cases: [LayoutButton[], string, string][] = [
      [[button('a', 0, 0, { w: 2 }), button('b', 1, 0)], 'buttons[1]', 'overlaps button 1 (a)'],
      [[button('a', 3, 0, { w: 2 })], 'buttons[0].x', 'lies outside the grid of 4 x 3 cells'],
      [[button('a', 0, 0, { background: '#777777', foreground: '#888888' })], 'buttons[0].foreground', 'has a contrast of 1.2:1 with the background, less than 4.5:1'],
      [[button('a', 0, 0, { kind: 'item', target: 'NO-SUCH-ARTICLE' })], 'buttons[0].target', `the article NO-SUCH-ARTICLE does not exist at TENANT:${de}`],
      [[button('a', 0, 0, { kind: 'itemGroup', target: 'Nothing' })], 'buttons[0].target', `no article has the product group Nothing at TENANT:${de}`],
      [[button('a', 0, 0, { target: 'launch.rocket' })], 'buttons[0].target', 'is not a POS function'],
      [[button('a', 0, 0, { icon: 'rocket' })], 'buttons[0].icon', 'is not a retail icon'],
    ];
    for (const [buttons, path, message] of cases) {
      const answer = await create(`TENANT:${de}`, `Bad ${path}`, buttons);
      expect(answer.statusCode, answer.body).toBe(400);
      const body = answer.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toContain(`${path} ${message}`);
      expect(body.errors[path]?.[0]).toContain(message);
    }
    // The same article at another tenant's scope does not exist there.
    const elsewhere = await create(`TENANT:${at}`, 'Elsewhere', [button('a', 0, 0, { kind: 'item', target: article.number })]);
    expect(elsewhere.statusCode).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  it('shows a stored layout whose article was deleted since with the problem, and offers targets to pick', async () => {
    const created = (await create(`TENANT:${de}`, 'Soon broken', [button('x', 0, 0, { kind: 'item', target: article.number })])).json() as Layout;
    const found = (await call('GET', `${QUICK}/targets?scope=TENANT:${de}&buttonKind=item&search=${encodeURIComponent(article.number)}`, tokens.tina)).json() as { items: { value: string }[] };
    expect(found.items.map((item) => item.value)).toContain(article.number);
    const groups = (await call('GET', `${QUICK}/targets?scope=TENANT:${de}&buttonKind=itemGroup&search=dri`, tokens.tina)).json() as { items: { value: string }[] };
    expect(groups.items).toEqual([{ value: 'Drinks', text: 'Drinks' }]);
    const table = (await builtInCatalogue()).find('pos-supply', 'article')!.table;
    await database.db.query(`update ${q(table)} set "Disabled" = true where "InternalNumber" = $1`, [article.number]);
    const read = (await call('GET', `${QUICK}/${created.oid}`, tokens.globe)).json() as Layout;
    expect(read.problems).toEqual([{ path: 'buttons[0].target', buttonId: 'x', message: `the article ${article.number} does not exist at TENANT:${de}` }]);
    await database.db.query(`update ${q(table)} set "Disabled" = false where "InternalNumber" = $1`, [article.number]);
    expect((await call('DELETE', `${QUICK}/${created.oid}`, tokens.globe)).statusCode).toBe(204);
  });

  it('lets each user read and change only where they hold the right (users x scopes x actions)', async () => {
    const scopes = { GLOBAL: 'GLOBAL', COUNTRY: 'COUNTRY:DE', TENANT: `TENANT:${de}`, LOCATION: `LOCATION:${location}`, TERMINAL: `TERMINAL:${terminal.oid}`, OTHER_TENANT: `TENANT:${at}` } as const;
    type Column = keyof typeof scopes;
    const all = (value: boolean) => Object.fromEntries(Object.keys(scopes).map((key) => [key, value])) as Record<Column, boolean>;
    const actions = ['list', 'read', 'create', 'update', 'duplicate', 'delete'] as const;
    type Action = (typeof actions)[number];
    const rights = (read: Record<Column, boolean>, change: Record<Column, boolean>): Record<Action, Record<Column, boolean>> => ({ list: read, read, create: change, update: change, duplicate: change, delete: change });
    const tinaChanges = { GLOBAL: false, COUNTRY: false, TENANT: true, LOCATION: true, TERMINAL: true, OTHER_TENANT: false };
    const expected: Record<string, Record<Action, Record<Column, boolean>>> = {
      globe: rights(all(true), all(true)),
      tina: rights({ ...all(true), OTHER_TENANT: false }, tinaChanges),
      rita: rights(all(true), all(false)),
      emil: rights(all(false), all(false)),
    };
    // One layout per scope, made by the global administrator, for the others to read, change and copy.
    const seeded: Record<string, Layout> = {};
    for (const [column, scope] of Object.entries(scopes)) seeded[column] = (await create(scope, `Matrix ${column}`, [button('a', 0, 0)])).json() as Layout;
    const seen: Record<string, Record<string, Record<string, boolean>>> = {};
    for (const user of Object.keys(expected)) {
      seen[user] = Object.fromEntries(actions.map((action) => [action, {}]));
      for (const [column, scope] of Object.entries(scopes)) {
        const own = seeded[column]!;
        const ok = (answer: { statusCode: number; body: string }, success: number) => {
          expect([success, 403], `${user} ${scope} ${answer.body}`).toContain(answer.statusCode);
          return answer.statusCode === success;
        };
        const listed = await call('GET', `${QUICK}?scope=${scope}`, tokens[user]);
        seen[user]!.list![column] = ok(listed, 200) && (listed.json() as { items: { oid: number }[] }).items.some((item) => item.oid === own.oid);
        const read = await call('GET', `${QUICK}/${own.oid}`, tokens[user]);
        seen[user]!.read![column] = ok(read, 200);
        if (read.statusCode === 200) expect((read.json() as Layout).canChange, `${user} ${scope}`).toBe(expected[user]!.update[column as Column]);
        const before = await fingerprint();
        const made = await create(scope, `By ${user}`, [], tokens[user]);
        seen[user]!.create![column] = ok(made, 201);
        const current = (await call('GET', `${QUICK}/${own.oid}`, tokens.globe)).json() as Layout;
        const saved = await call('PUT', `${QUICK}/${own.oid}`, tokens[user], { scope, name: current.name, content: current.content, version: current.version });
        seen[user]!.update![column] = ok(saved, 200);
        const copied = await call('POST', `${QUICK}/${own.oid}/duplicate`, tokens[user], { scope, name: `Copy by ${user}` });
        seen[user]!.duplicate![column] = ok(copied, 201);
        const victim = made.statusCode === 201 ? (made.json() as Layout).oid : own.oid;
        const deleted = await call('DELETE', `${QUICK}/${victim}`, tokens[user]);
        seen[user]!.delete![column] = ok(deleted, 204);
        if (copied.statusCode === 201) await call('DELETE', `${QUICK}/${(copied.json() as Layout).oid}`, tokens.globe);
        if (!expected[user]!.create[column as Column]) {
          expect(made.json()).toMatchObject({ message: expect.stringContaining(`Update on ${LAYOUT_PAGES['quick-access'].path}`) });
          expect(await fingerprint()).toBe(before);
        }
      }
    }
    expect(seen).toEqual(expected);
    expect((await call('GET', QUICK, undefined)).statusCode).toBe(401);
    for (const layout of Object.values(seeded)) await call('DELETE', `${QUICK}/${layout.oid}`, tokens.globe);
  });

  it('gives a terminal, by name, the layout of the nearest scope, and pushes it when one changes', async () => {
    const open = await connectTerminal(instance.url, terminal.key, DEMO_TERMINAL_SECRET);
    terminals.push(open);
    expect((await create('GLOBAL', 'Payments', [button('cash', 0, 0)])).statusCode).toBe(201);
    const global = await open.next('configuration');
    const layoutsOf = (message: { configuration?: unknown }) => (message.configuration as { posLayouts: { quickAccesses: { name: string; scope: string; content: LayoutContent }[] } }).posLayouts.quickAccesses;
    expect(layoutsOf(global).find((layout) => layout.name === 'Payments')).toMatchObject({ scope: 'GLOBAL' });
    expect((await create(`TERMINAL:${terminal.oid}`, 'payments', [button('card', 1, 1, { target: 'payment.card' })])).statusCode).toBe(201);
    const own = layoutsOf(await open.next('configuration')).filter((layout) => layout.name.toLowerCase() === 'payments');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ scope: `TERMINAL:${terminal.oid}`, content: { buttons: [{ id: 'card', target: 'payment.card' }] } });
  });

  it('refuses hostile requests with a 4xx in the error shape and changes nothing', async () => {
    const layout = (await create(`TENANT:${de}`, 'Hostile target', [button('a', 0, 0)])).json() as Layout;
    const fields = ['scope', 'name', 'content', 'version'];
    const targets: RouteTarget[] = [
      { method: 'GET', path: QUICK, query: ['scope'] },
      { method: 'POST', path: QUICK, query: [], fields: ['scope', 'name', 'content'] },
      { method: 'GET', path: `${QUICK}/targets`, query: ['scope', 'buttonKind', 'search', 'take'] },
      { method: 'GET', path: `${QUICK}/{id}`, query: [], kind: 'layout' },
      { method: 'PUT', path: `${QUICK}/{id}`, query: [], fields, kind: 'layout' },
      { method: 'POST', path: `${QUICK}/{id}/duplicate`, query: [], fields: ['scope', 'name'], kind: 'layout' },
      { method: 'DELETE', path: '/api/pos-layouts/nope/{id}', query: [] },
    ];
    const callers = [undefined, `Bearer ${tokens.globe}`, `Bearer ${tokens.tina}`, `Bearer ${tokens.emil}`];
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(hostileRequestsFor(target, { targets, callers, ids: { layout: [String(layout.oid)] } }, fields), async (request) => {
          const before = await fingerprint();
          const answer = await instance.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
          const what = `${request.method} ${request.url.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, what).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            expect(answer.json(), what).toMatchObject({ status: answer.statusCode, message: expect.any(String) });
            expect(await fingerprint(), what).toEqual(before);
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 180_000);
});
