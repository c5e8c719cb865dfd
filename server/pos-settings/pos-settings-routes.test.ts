import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import { hubClient, nextMessage, type HubInstance } from '../hub/hub-test-app';
import { POS_SETTINGS_CHANGED } from './settings-events';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import type { TestDatabase } from '../test-support/test-database';
import { connectTerminal, startTerminalInstance, type TestTerminal } from '../terminals/terminal-test-app';
const POS_CONFIGURATION_PATH = '/settings/pos/configuration';
const BACKOFFICE_PATH = '/settings/backoffice/configuration';
import type { GroupView, SettingView } from './settings-view';
import type { ConfigurationChange } from './settings-store';

interface Configuration {
  scope: { scope: string; tenantOid: number | null };
  chain: { scope: string }[];
  canChange: boolean;
  groups: GroupView[];
}

const settingIn = (configuration: Configuration, path: string): SettingView => {
  const all = (groups: GroupView[]): SettingView[] => groups.flatMap((group) => [...group.settings, ...all(group.groups)]);
  const found = all(configuration.groups).find((setting) => setting.path === path);
  if (!found) throw new Error(`no setting ${path}`);
  return found;
};

// The POS configuration: values set at global, country, tenant, location and terminal scope and inherited downward,
// override and reset, every change recorded and read back by recent-changes, who may read and change where (a matrix of
// users x scopes x actions), hostile input refused naming what, and the effective values pushed to a connected terminal.
describe('the POS configuration', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let de: number;
  let at: number;
  let location: number;
  let terminal: { oid: number; key: string; locationOid: number };
  const tokens: Record<string, string> = {};
  const terminals: TestTerminal[] = [];

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
    instance.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as Record<string, unknown> | undefined });
  const read = async (scope: string, token = tokens.globe) => {
    const answer = await call('GET', `/api/pos-settings/configuration?scope=${scope}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Configuration;
  };
  const set = (scope: string, path: string, value: unknown, token = tokens.globe) => call('PUT', '/api/pos-settings/values', token, { scope, path, value });
  const reset = (scope: string, path: string, token = tokens.globe) => call('DELETE', `/api/pos-settings/values?scope=${scope}&path=${encodeURIComponent(path)}`, token);
  const counts = async () => (await database.db.query<{ s: string; c: string }>('select (select count(*) from mate_pos_setting)::text || \'/\' || (select coalesce(sum(length(value::text)), 0) from mate_pos_setting)::text as s, (select count(*) from mate_pos_setting_change)::text as c')).rows[0];

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const tenantRows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(tenantRows.rows.find((t) => t.Id === id)!.Oid);
    de = oidOf('MATE-DE');
    at = oidOf('MATE-AT');
    const row = (
      await database.db.query<{ terminal_oid: string; terminal_key: string; LocationOid: string }>(
        `select c.terminal_oid, c.terminal_key, t."LocationOid" from mate_terminal_credential c join ${q(catalogue.find('tenancy', 'pos-terminal')!.table)} t on t."Oid" = c.terminal_oid where c.tenant_oid = $1 and t."LocationOid" is not null order by c.terminal_key limit 1`,
        [de],
      )
    ).rows[0]!;
    terminal = { oid: Number(row.terminal_oid), key: row.terminal_key, locationOid: Number(row.LocationOid) };
    location = terminal.locationOid;
    instance = await startTerminalInstance(database);

    const admin = await createRole(database.db, 'POS configuration admins');
    const reader = await createRole(database.db, 'POS configuration readers');
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { roleOid: admin }, path: POS_CONFIGURATION_PATH, tenantOid: null, action, allowed: true });
    await setPermission(database.db, { subject: { roleOid: reader }, path: POS_CONFIGURATION_PATH, tenantOid: null, action: 'Read', allowed: true });
    const globe = await addUser(database, 'globe', 'globe-password-1', [de, at]);
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { userOid: globe }, path: POS_CONFIGURATION_PATH, tenantOid: null, action, allowed: true });
    const users: [string, [number, number][]][] = [
      ['tina', [[admin, de]]], // administrator of DE only, member of DE and AT
      ['rita', [[reader, de], [reader, at]]], // reads everywhere, changes nothing
      ['emil', []], // no right
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(database, name, `${name}-password-1`, [de, at]);
      await setUserRoles(database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
    }
    // The back office target: its own page's rights. Bea administers it in DE; the POS rights above give nothing here.
    const backofficeAdmin = await createRole(database.db, 'Back office configuration admins');
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { roleOid: backofficeAdmin }, path: BACKOFFICE_PATH, tenantOid: null, action, allowed: true });
    const bea = await addUser(database, 'bea', 'bea-password-1', [de, at]);
    await setUserRoles(database.db, bea, [{ roleOid: backofficeAdmin, tenantOid: de }]);
    const boss = await addUser(database, 'boss', 'boss-password-1', [de, at]);
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { userOid: boss }, path: BACKOFFICE_PATH, tenantOid: null, action, allowed: true });
    for (const name of ['globe', 'tina', 'rita', 'emil', 'bea', 'boss']) tokens[name] = await signInToken(instance.app, name, `${name}-password-1`);
  }, 180_000);
  afterAll(async () => {
    for (const open of terminals) open.socket.close();
    await instance?.close();
    await database?.drop();
  });

  it('shows the declared tree with defaults, and inherits a value set above down to the terminal', async () => {
    const start = await read(`TERMINAL:${terminal.oid}`);
    expect(start.chain.map((link) => link.scope)).toEqual(['GLOBAL', 'COUNTRY:DE', `TENANT:${de}`, `LOCATION:${location}`, `TERMINAL:${terminal.oid}`]);
    expect(start.groups.map((group) => group.path)).toEqual(['sales', 'receipt', 'shift']);
    expect(settingIn(start, 'sales.returns.returnDays')).toMatchObject({ type: 'integer', min: 0, max: 365, default: 30, value: 30, source: null, own: false });

    expect((await set('GLOBAL', 'receipt.copies', 2)).statusCode).toBe(200);
    expect((await set('COUNTRY:DE', 'receipt.copies', 3)).statusCode).toBe(200);
    expect((await set(`LOCATION:${location}`, 'receipt.copies', 4)).statusCode).toBe(200);
    expect(settingIn(await read(`TERMINAL:${terminal.oid}`), 'receipt.copies')).toMatchObject({ value: 4, source: { scope: `LOCATION:${location}` }, own: false });
    expect(settingIn(await read(`TENANT:${de}`), 'receipt.copies')).toMatchObject({ value: 3, source: { scope: 'COUNTRY:DE', level: 'COUNTRY' }, own: false });
    expect(settingIn(await read(`TENANT:${at}`), 'receipt.copies')).toMatchObject({ value: 2, source: { scope: 'GLOBAL' } });
    const atLocation = settingIn(await read(`LOCATION:${location}`), 'receipt.copies');
    expect(atLocation).toMatchObject({ value: 4, own: true, inherited: { value: 3, source: { scope: 'COUNTRY:DE' } } });
  });

  it('overrides at a tenant and resets it, so the value from above applies again; each change is recorded', async () => {
    const overridden = (await set(`TENANT:${de}`, 'receipt.footerText', 'Danke!', tokens.tina)).json() as Configuration;
    expect(settingIn(overridden, 'receipt.footerText')).toMatchObject({ value: 'Danke!', own: true, source: { scope: `TENANT:${de}` }, inherited: { value: 'Thank you for your visit', source: null } });
    // The same value again changes and records nothing.
    const before = await counts();
    expect((await set(`TENANT:${de}`, 'receipt.footerText', 'Danke!', tokens.tina)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);

    const after = (await reset(`TENANT:${de}`, 'receipt.footerText', tokens.tina)).json() as Configuration;
    expect(settingIn(after, 'receipt.footerText')).toMatchObject({ value: 'Thank you for your visit', own: false, source: null });
    const again = await reset(`TENANT:${de}`, 'receipt.footerText', tokens.tina);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: `No value of receipt.footerText is set at TENANT:${de}.` });

    const changes = (await call('GET', '/api/pos-settings/recent-changes?take=2', tokens.tina)).json() as ConfigurationChange[];
    expect(changes).toMatchObject([
      { path: 'receipt.footerText', value: null, previousValue: 'Danke!', userName: 'tina', state: 'Deleted' },
      { path: 'receipt.footerText', value: 'Danke!', previousValue: null, userName: 'tina', state: 'Modified' },
    ]);
    expect(changes[0]!.scope.map((link) => link.level)).toEqual(['GLOBAL', 'COUNTRY', 'TENANT']);
    expect(changes[0]!.scope[2]).toMatchObject({ scope: `TENANT:${de}`, id: 'MATE-DE' });
    expect(Date.parse(changes[0]!.modifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(changes[0]!.oid).toBeGreaterThan(changes[1]!.oid);
  });

  it('answers recent changes within the window, with the default take of 5, limit as its alias, and only of readable scopes', async () => {
    await set(`TENANT:${at}`, 'shift.blindCount', true);
    expect(((await call('GET', '/api/pos-settings/recent-changes', tokens.globe)).json() as unknown[]).length).toBe(5);
    expect(((await call('GET', '/api/pos-settings/recent-changes?limit=2&days=90', tokens.globe)).json() as unknown[]).length).toBe(2);
    // Tina reads in DE only: the AT change is not hers to see; the global and country ones are.
    const tinas = (await call('GET', '/api/pos-settings/recent-changes?take=100', tokens.tina)).json() as ConfigurationChange[];
    expect(tinas.some((change) => change.path === 'shift.blindCount')).toBe(false);
    expect(tinas.some((change) => change.scope.at(-1)!.level === 'GLOBAL')).toBe(true);
    // Emil reads nowhere: nothing, not an error (the dashboard card asks every user).
    expect((await call('GET', '/api/pos-settings/recent-changes', tokens.emil)).json()).toEqual([]);
    // A change older than the window is not answered.
    await database.db.query("update mate_pos_setting_change set modified_at = now() - interval '10 days' where path = 'shift.blindCount'");
    const week = (await call('GET', '/api/pos-settings/recent-changes?days=7&take=100', tokens.globe)).json() as ConfigurationChange[];
    expect(week.some((change) => change.path === 'shift.blindCount')).toBe(false);
  });

  it('checks values per type and names what is wrong, changing nothing', async () => {
    const before = await counts();
    const cases: [string, unknown, string][] = [
      ['receipt.copies', 6, 'The value of receipt.copies must be at most 5.'],
      ['receipt.copies', 1.5, 'The value of receipt.copies must be a whole number.'],
      ['receipt.copies', '2', 'The value of receipt.copies must be a number.'],
      ['sales.maxDiscountPercent', 12.345, 'The value of sales.maxDiscountPercent must have at most 2 digit(s) after the point.'],
      ['sales.rounding', '0.20', 'The value of sales.rounding must be one of none, 0.05, 0.10.'],
      ['shift.autoCloseAt', '24:00', 'The value of shift.autoCloseAt must be a time of day as HH:MM (00:00 to 23:59).'],
      ['receipt.printLogo', 'yes', 'The value of receipt.printLogo must be true or false.'],
      ['receipt.paperWidth', '60', 'The value of receipt.paperWidth must be one of 80, 58.'],
      ['receipt.paperWidth', 58, 'The value of receipt.paperWidth must be one of 80, 58.'],
      ['receipt.footerText', 'x'.repeat(81), 'The value of receipt.footerText must be at most 80 characters long.'],
      ['receipt.nope', 1, 'The path receipt.nope is not a declared POS setting.'],
    ];
    for (const [path, value, message] of cases) {
      const answer = await set(`TENANT:${de}`, path, value);
      expect(answer.statusCode, `${path} ${String(value)}`).toBe(400);
      expect(answer.json()).toMatchObject({ message });
    }
    // The receipt printer's paper width (read by the ESC/POS download): 80 mm unless set.
    expect(settingIn((await call('GET', `/api/pos-settings/configuration?scope=TENANT:${de}`, tokens.globe)).json() as Configuration, 'receipt.paperWidth')).toMatchObject({ value: '80', type: 'enum', options: [{ value: '80' }, { value: '58' }] });
    const unknown = await call('PUT', '/api/pos-settings/values', tokens.globe, { scope: 'GLOBAL', path: 'receipt.copies', value: 1, tenantOid: 3 });
    expect(unknown.json()).toMatchObject({ status: 400, errors: { tenantOid: ['is not a known field'] } });
    expect((await call('GET', '/api/pos-settings/configuration?scope=TERMINAL:999999999', tokens.globe)).json()).toMatchObject({ status: 404, message: 'The scope TERMINAL:999999999 does not exist.' });
    expect((await call('GET', '/api/pos-settings/configuration?scope=SHOP:1', tokens.globe)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lets each user read and change only where they hold the right (users x scopes x actions)', async () => {
    const scopes = { GLOBAL: 'GLOBAL', COUNTRY: 'COUNTRY:DE', TENANT: `TENANT:${de}`, LOCATION: `LOCATION:${location}`, TERMINAL: `TERMINAL:${terminal.oid}`, OTHER_TENANT: `TENANT:${at}` } as const;
    type Column = keyof typeof scopes;
    const all = (value: boolean) => Object.fromEntries(Object.keys(scopes).map((key) => [key, value])) as Record<Column, boolean>;
    const expected: Record<string, { read: Record<Column, boolean>; change: Record<Column, boolean> }> = {
      globe: { read: all(true), change: all(true) },
      tina: { read: { ...all(true), OTHER_TENANT: false }, change: { GLOBAL: false, COUNTRY: false, TENANT: true, LOCATION: true, TERMINAL: true, OTHER_TENANT: false } },
      rita: { read: all(true), change: all(false) },
      emil: { read: all(false), change: all(false) },
    };
    const seen: Record<string, { read: Record<string, boolean>; change: Record<string, boolean> }> = {};
    for (const user of Object.keys(expected)) {
      seen[user] = { read: {}, change: {} };
      for (const [column, scope] of Object.entries(scopes)) {
        const reading = await call('GET', `/api/pos-settings/configuration?scope=${scope}`, tokens[user]);
        expect([200, 403]).toContain(reading.statusCode);
        seen[user].read[column] = reading.statusCode === 200;
        if (reading.statusCode === 200) expect((reading.json() as Configuration).canChange, `${user} ${scope}`).toBe(expected[user]!.change[column as Column]);
        const before = await counts();
        const changing = await set(scope, 'shift.idleLockMinutes', 7, tokens[user]);
        expect([200, 403]).toContain(changing.statusCode);
        seen[user].change[column] = changing.statusCode === 200;
        if (changing.statusCode === 200) expect((await reset(scope, 'shift.idleLockMinutes', tokens[user])).statusCode).toBe(200);
        else {
          expect(changing.json()).toMatchObject({ message: expect.stringContaining(`Update on ${POS_CONFIGURATION_PATH}`) });
          expect((await reset(scope, 'shift.idleLockMinutes', tokens[user])).statusCode).toBe(403);
          expect(await counts()).toEqual(before);
        }
      }
    }
    expect(seen).toEqual(expected);
    expect((await call('GET', '/api/pos-settings/configuration?scope=GLOBAL', undefined)).statusCode).toBe(401);
  });

  it('pushes the effective values to the connected terminals below a change, and only to those', async () => {
    const open = await connectTerminal(instance.url, terminal.key, DEMO_TERMINAL_SECRET);
    terminals.push(open);
    expect((await set(`TERMINAL:${terminal.oid}`, 'sales.allowNegativeStock', true)).statusCode).toBe(200);
    const pushed = await open.next('configuration');
    expect(pushed.configuration).toMatchObject({ posSettings: { 'sales.allowNegativeStock': true, 'receipt.copies': 4, 'shift.autoCloseAt': '23:30' } });
    // A change in another tenant does not reach it; a reset here does, with the default again.
    await set(`TENANT:${at}`, 'sales.allowNegativeStock', true);
    await reset(`TERMINAL:${terminal.oid}`, 'sales.allowNegativeStock');
    expect(((await open.next('configuration')).configuration as { posSettings: Record<string, unknown> }).posSettings['sales.allowNegativeStock']).toBe(false);
  });

  it('refuses hostile requests with a 4xx in the error shape and changes nothing', async () => {
    const targets: RouteTarget[] = [
      { method: 'GET', path: '/api/pos-settings/configuration', query: ['scope'] },
      { method: 'PUT', path: '/api/pos-settings/values', query: [], fields: ['scope', 'path', 'value'] },
      { method: 'DELETE', path: '/api/pos-settings/values', query: ['scope', 'path'] },
      { method: 'GET', path: '/api/pos-settings/recent-changes', query: ['days', 'take', 'limit'] },
      { method: 'GET', path: '/api/settings/backoffice/configuration', query: ['scope'] },
      { method: 'PUT', path: '/api/settings/backoffice/values', query: [], fields: ['scope', 'path', 'value'] },
      { method: 'DELETE', path: '/api/settings/backoffice/values', query: ['scope', 'path'] },
      { method: 'GET', path: '/api/settings/recent-changes', query: ['days', 'take', 'limit'] },
      { method: 'GET', path: '/api/settings/backoffice/effective', query: ['scope'] },
      { method: 'GET', path: '/api/settings/pos/effective', query: ['scope'] },
    ];
    const callers = [undefined, `Bearer ${tokens.globe}`, `Bearer ${tokens.tina}`, `Bearer ${tokens.emil}`];
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(hostileRequestsFor(target, { targets, callers }, ['scope', 'path', 'value']), async (request) => {
          const before = await counts();
          const answer = await instance.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
          const what = `${request.method} ${request.url.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, what).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            expect(answer.json(), what).toMatchObject({ status: answer.statusCode, message: expect.any(String) });
            expect(await counts(), what).toEqual(before);
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 120_000);

  describe('the back office target', () => {
    const readBo = async (scope: string, token = tokens.boss) => {
      const answer = await call('GET', `/api/settings/backoffice/configuration?scope=${scope}`, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Configuration;
    };
    const setBo = (scope: string, path: string, value: unknown, token = tokens.boss) => call('PUT', '/api/settings/backoffice/values', token, { scope, path, value });
    const resetBo = (scope: string, path: string, token = tokens.boss) => call('DELETE', `/api/settings/backoffice/values?scope=${scope}&path=${encodeURIComponent(path)}`, token);

    it('shows its own declared tree with defaults, inherits an override set above and resets it, each change recorded with the target', async () => {
      const start = await readBo(`LOCATION:${location}`);
      expect(start.groups.map((group) => group.path)).toEqual(['lists', 'formats', 'session']);
      expect(settingIn(start, 'lists.pageSize')).toMatchObject({ type: 'integer', min: 10, max: 500, default: 50, value: 50, source: null });

      expect((await setBo('COUNTRY:DE', 'lists.pageSize', 100)).statusCode).toBe(200);
      expect(settingIn(await readBo(`LOCATION:${location}`), 'lists.pageSize')).toMatchObject({ value: 100, own: false, source: { scope: 'COUNTRY:DE' } });
      expect(settingIn(await readBo(`TENANT:${at}`), 'lists.pageSize')).toMatchObject({ value: 50, source: null });
      const here = (await setBo(`TENANT:${de}`, 'lists.pageSize', 25)).json() as Configuration;
      expect(settingIn(here, 'lists.pageSize')).toMatchObject({ value: 25, own: true, inherited: { value: 100, source: { scope: 'COUNTRY:DE' } } });
      // The POS configuration does not see the back office's values, nor the other way round.
      expect(settingIn(await read(`TENANT:${de}`), 'receipt.copies').source?.scope).not.toBe(`TENANT:${de}`);
      expect((await setBo(`TENANT:${de}`, 'receipt.copies', 2)).json()).toMatchObject({ status: 400, message: 'The path receipt.copies is not a declared Back office setting.' });

      const reset = (await resetBo(`TENANT:${de}`, 'lists.pageSize')).json() as Configuration;
      expect(settingIn(reset, 'lists.pageSize')).toMatchObject({ value: 100, own: false, source: { scope: 'COUNTRY:DE' } });
      expect((await resetBo(`TENANT:${de}`, 'lists.pageSize')).json()).toMatchObject({ status: 404, message: `No value of lists.pageSize is set at TENANT:${de}.` });
      expect((await setBo(`TENANT:${de}`, 'session.idleTimeoutMinutes', 2)).json()).toMatchObject({ status: 400, message: 'The value of session.idleTimeoutMinutes must be at least 5.' });

      const changes = (await call('GET', '/api/settings/recent-changes?take=3', tokens.boss, undefined)).json() as ConfigurationChange[];
      expect(changes).toMatchObject([
        { target: 'backoffice', targetText: 'Back office', path: 'lists.pageSize', value: null, previousValue: 25, userName: 'boss', state: 'Deleted' },
        { target: 'backoffice', path: 'lists.pageSize', value: 25, previousValue: null, state: 'Modified' },
        { target: 'backoffice', path: 'lists.pageSize', value: 100, previousValue: null, state: 'Modified' },
      ]);
      expect(changes[0]!.scope.map((link) => link.scope)).toEqual(['GLOBAL', 'COUNTRY:DE', `TENANT:${de}`]);
      // The target's name in the reader's language; the POS addresses answer the POS configuration's changes only.
      const arabic = await instance.app.inject({ url: '/api/settings/recent-changes?take=1', headers: { authorization: `Bearer ${tokens.boss}`, 'accept-language': 'ar' } });
      expect(arabic.json()).toMatchObject([{ targetText: 'المكتب الخلفي' }]);
      const pos = (await call('GET', '/api/pos-settings/recent-changes?take=100', tokens.globe)).json() as ConfigurationChange[];
      expect(pos.length).toBeGreaterThan(0);
      expect(pos.every((change) => change.target === 'pos')).toBe(true);
      // Boss reads no POS configuration: the mixed list shows him back office changes only.
      const boss = (await call('GET', '/api/settings/recent-changes?take=100', tokens.boss)).json() as ConfigurationChange[];
      expect(new Set(boss.map((change) => change.target))).toEqual(new Set(['backoffice']));
      await resetBo('COUNTRY:DE', 'lists.pageSize');
    });

    it('serves the pos target under the generic addresses too, and answers an undeclared target with a 404 naming the declared ones', async () => {
      const generic = await call('GET', `/api/settings/pos/configuration?scope=TENANT:${de}`, tokens.globe);
      expect(generic.json()).toEqual(await read(`TENANT:${de}`));
      for (const [method, url] of [
        ['GET', '/api/settings/printer/configuration?scope=GLOBAL'],
        ['PUT', '/api/settings/printer/values'],
        ['DELETE', '/api/settings/printer/values?scope=GLOBAL&path=a.b'],
      ] as const) {
        const answer = await call(method, url, tokens.boss, method === 'PUT' ? { scope: 'GLOBAL', path: 'a.b', value: 1 } : undefined);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toMatchObject({ message: 'No settings target printer is declared; the declared ones are pos, backoffice.' });
      }
    });

    it('lets each user read and change only where they hold the right on the target\'s own page (users x scopes x actions)', async () => {
      const scopes = { GLOBAL: 'GLOBAL', COUNTRY: 'COUNTRY:DE', TENANT: `TENANT:${de}`, TERMINAL: `TERMINAL:${terminal.oid}`, OTHER_TENANT: `TENANT:${at}` } as const;
      type Column = keyof typeof scopes;
      const all = (value: boolean) => Object.fromEntries(Object.keys(scopes).map((key) => [key, value])) as Record<Column, boolean>;
      const expected: Record<string, { read: Record<Column, boolean>; change: Record<Column, boolean> }> = {
        boss: { read: all(true), change: all(true) },
        bea: { read: { ...all(true), OTHER_TENANT: false }, change: { GLOBAL: false, COUNTRY: false, TENANT: true, TERMINAL: true, OTHER_TENANT: false } },
        // The POS configuration's rights give nothing on the back office's.
        globe: { read: all(false), change: all(false) },
        emil: { read: all(false), change: all(false) },
      };
      const seen: Record<string, { read: Record<string, boolean>; change: Record<string, boolean> }> = {};
      for (const user of Object.keys(expected)) {
        seen[user] = { read: {}, change: {} };
        for (const [column, scope] of Object.entries(scopes)) {
          const reading = await call('GET', `/api/settings/backoffice/configuration?scope=${scope}`, tokens[user]);
          expect([200, 403]).toContain(reading.statusCode);
          seen[user].read[column] = reading.statusCode === 200;
          const before = await counts();
          const changing = await setBo(scope, 'formats.dateFormat', 'iso', tokens[user]);
          expect([200, 403]).toContain(changing.statusCode);
          seen[user].change[column] = changing.statusCode === 200;
          if (changing.statusCode === 200) expect((await resetBo(scope, 'formats.dateFormat', tokens[user])).statusCode).toBe(200);
          else {
            expect(changing.json()).toMatchObject({ message: expect.stringContaining(`Update on ${BACKOFFICE_PATH}`) });
            expect(await counts()).toEqual(before);
          }
        }
      }
      expect(seen).toEqual(expected);
    });

    it('does not push to the terminals: it does not apply to them', async () => {
      const open = terminals[0] ?? (await connectTerminal(instance.url, terminal.key, DEMO_TERMINAL_SECRET));
      if (!terminals.includes(open)) terminals.push(open);
      expect((await setBo(`TERMINAL:${terminal.oid}`, 'lists.pageSize', 200)).statusCode).toBe(200);
      expect((await set(`TERMINAL:${terminal.oid}`, 'receipt.printLogo', false)).statusCode).toBe(200);
      // Had the back office change been pushed, the next configuration would be that one, without the POS change.
      const pushed = await open.next('configuration');
      expect((pushed.configuration as { posSettings: Record<string, unknown> }).posSettings['receipt.printLogo']).toBe(false);
      await resetBo(`TERMINAL:${terminal.oid}`, 'lists.pageSize');
      await reset(`TERMINAL:${terminal.oid}`, 'receipt.printLogo');
      await open.next('configuration');
    });
  });

  it('tells open pages of a change at once, only those whose user may read the scope', async () => {
    const clients = Object.fromEntries(['tina', 'rita', 'emil'].map((name) => [name, hubClient(instance, () => tokens[name]!)]));
    const heard: Record<string, unknown[]> = { tina: [], rita: [], emil: [] };
    try {
      for (const [name, client] of Object.entries(clients)) {
        client.on(POS_SETTINGS_CHANGED, (message) => heard[name]!.push(message));
        await client.start();
        await client.invoke('SubscribePosSettings');
      }
      // In AT: rita reads there, tina (administrator of DE only) and emil do not.
      const inAt = nextMessage(clients.rita!, POS_SETTINGS_CHANGED);
      expect((await set(`TENANT:${at}`, 'receipt.copies', 4)).statusCode).toBe(200);
      expect(await inAt).toEqual({ target: 'pos', scope: `TENANT:${at}`, path: 'receipt.copies' });
      // In DE both hear it; being later, it shows that nothing of AT reached tina before.
      const inDe = Promise.all([nextMessage(clients.tina!, POS_SETTINGS_CHANGED), nextMessage(clients.rita!, POS_SETTINGS_CHANGED)]);
      expect((await set(`TENANT:${de}`, 'receipt.copies', 3)).statusCode).toBe(200);
      expect(await inDe).toEqual([{ target: 'pos', scope: `TENANT:${de}`, path: 'receipt.copies' }, { target: 'pos', scope: `TENANT:${de}`, path: 'receipt.copies' }]);
      // A reset tells them too.
      const afterReset = Promise.all([nextMessage(clients.tina!, POS_SETTINGS_CHANGED), nextMessage(clients.rita!, POS_SETTINGS_CHANGED)]);
      expect((await reset(`TENANT:${de}`, 'receipt.copies')).statusCode).toBe(200);
      await afterReset;
      expect(heard.tina).toEqual([{ target: 'pos', scope: `TENANT:${de}`, path: 'receipt.copies' }, { target: 'pos', scope: `TENANT:${de}`, path: 'receipt.copies' }]);
      expect(heard.emil).toEqual([]);
    } finally {
      for (const client of Object.values(clients)) await client.stop();
      await reset(`TENANT:${at}`, 'receipt.copies');
    }
  });
});
