import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EffectiveSettings } from '../../schemas/pos-settings-wire';
import { quoteIdent as q } from '../data/sql-names';
import { ensureAdministratorRole } from '../identity/administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { seedDemoData } from '../seed/demo/seed-demo-data';

// GET /api/settings/<target>/effective: the values in force at a scope after inheritance, with where each is set, and
// who may read them. The back office's settings are preferences every user's UI applies, so any signed-in user reads
// them in their own tenants (no right on the configuration page needed); the POS target keeps its page's Read rule.
describe('the effective settings of a target at a scope', () => {
  let t: IdentityTestApp;
  let de: number;
  let at: number;
  let location: number;
  let foreignLocation: number;
  let terminal: number;
  const tokens: Record<string, string> = {};

  const get = (url: string, token: string | undefined) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const effective = async (target: string, scope: string, token = tokens.admin) => {
    const answer = await get(`/api/settings/${target}/effective?scope=${scope}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as EffectiveSettings;
  };
  const set = (scope: string, path: string, value: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/backoffice/values', headers: { authorization: `Bearer ${tokens.admin}` }, payload: { scope, path, value } });

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await seedDemoData(t.database.db, t.catalogue, { articles: 0 });
    await t.database.db.query('update mate_job_schedule set enabled = false');
    const tenantTable = t.catalogue.find('tenancy', 'tenant')!.table;
    const tenants = (await t.database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(tenantTable)}`)).rows;
    de = Number(tenants.find((row) => row.Id === 'MATE-DE')!.Oid);
    at = Number(tenants.find((row) => row.Id === 'MATE-AT')!.Oid);
    const locationOf = async (tenantOid: number) =>
      Number((await t.database.db.query<{ Oid: string }>(`select "Oid" from ${q(t.catalogue.find('tenancy', 'location')!.table)} where "TenantOid" = $1 order by "Oid" limit 1`, [tenantOid])).rows[0]!.Oid);
    location = await locationOf(de);
    foreignLocation = await locationOf(at);
    terminal = Number((await t.database.db.query<{ Oid: string }>(`select "Oid" from ${q(t.catalogue.find('tenancy', 'pos-terminal')!.table)} where "LocationOid" = $1 order by "Oid" limit 1`, [location])).rows[0]!.Oid);

    // Admin: every right (the Administrators role), a member of DE only. Clerk: a member of DE only with a role there
    // that has nothing to do with the configuration pages (rights in one tenant only).
    const administrators = await ensureAdministratorRole(t.database.db);
    const admin = await addUser(t.database, 'admin', 'admin-password-1', [de]);
    await setUserRoles(t.database.db, admin, [{ roleOid: administrators, tenantOid: null }]);
    const sellers = await createRole(t.database.db, 'Sellers');
    await setPermission(t.database.db, { subject: { roleOid: sellers }, path: '/sales', tenantOid: null, action: 'Read', allowed: true });
    const clerk = await addUser(t.database, 'clerk', 'clerk-password-1', [de]);
    await setUserRoles(t.database.db, clerk, [{ roleOid: sellers, tenantOid: de }]);
    for (const name of ['admin', 'clerk']) tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
  }, 180_000);
  afterAll(() => t?.close());

  it('answers every declared path with its value after inheritance, and where it is set (null: the default)', async () => {
    const start = await effective('backoffice', `LOCATION:${location}`);
    expect(start).toEqual({
      scope: `LOCATION:${location}`,
      values: { 'lists.pageSize': 50, 'formats.dateFormat': 'language', 'session.idleTimeoutMinutes': 30 },
      sources: { 'lists.pageSize': null, 'formats.dateFormat': null, 'session.idleTimeoutMinutes': null },
    });
    expect((await set('GLOBAL', 'session.idleTimeoutMinutes', 15)).statusCode).toBe(200);
    expect((await set(`TENANT:${de}`, 'lists.pageSize', 25)).statusCode).toBe(200);
    expect((await set(`LOCATION:${location}`, 'formats.dateFormat', 'iso')).statusCode).toBe(200);
    try {
      // The clerk reads them too, without any right on the configuration page.
      expect(await effective('backoffice', `TERMINAL:${terminal}`, tokens.clerk)).toEqual({
        scope: `TERMINAL:${terminal}`,
        values: { 'lists.pageSize': 25, 'formats.dateFormat': 'iso', 'session.idleTimeoutMinutes': 15 },
        sources: { 'lists.pageSize': `TENANT:${de}`, 'formats.dateFormat': `LOCATION:${location}`, 'session.idleTimeoutMinutes': 'GLOBAL' },
      });
      expect(await effective('backoffice', `TENANT:${de}`, tokens.clerk)).toMatchObject({ values: { 'lists.pageSize': 25, 'formats.dateFormat': 'language' }, sources: { 'lists.pageSize': `TENANT:${de}`, 'formats.dateFormat': null } });
      // Above the tenant, only the global value applies.
      expect((await effective('backoffice', 'GLOBAL', tokens.clerk)).values).toEqual({ 'lists.pageSize': 50, 'formats.dateFormat': 'language', 'session.idleTimeoutMinutes': 15 });
      // The POS target answers its own paths.
      expect(Object.keys((await effective('pos', `TENANT:${de}`)).values)).toContain('receipt.copies');
    } finally {
      for (const [scope, path] of [['GLOBAL', 'session.idleTimeoutMinutes'], [`TENANT:${de}`, 'lists.pageSize'], [`LOCATION:${location}`, 'formats.dateFormat']]) {
        await t.app.inject({ method: 'DELETE', url: `/api/settings/backoffice/values?scope=${scope}&path=${path}`, headers: { authorization: `Bearer ${tokens.admin}` } });
      }
    }
  });

  it('lets every signed-in user read the back office values at GLOBAL and inside their tenants, keeps Read on the page for the POS, and refuses the rest (scopes x users x targets)', async () => {
    const scopes = {
      GLOBAL: 'GLOBAL',
      COUNTRY_OWN: 'COUNTRY:DE',
      COUNTRY_FOREIGN: 'COUNTRY:FR',
      TENANT_OWN: `TENANT:${de}`,
      TENANT_FOREIGN: `TENANT:${at}`,
      LOCATION_OWN: `LOCATION:${location}`,
      LOCATION_FOREIGN: `LOCATION:${foreignLocation}`,
      TERMINAL_OWN: `TERMINAL:${terminal}`,
    } as const;
    type Column = keyof typeof scopes;
    const row = (own: number, foreign: number): Record<Column, number> => ({
      GLOBAL: own,
      COUNTRY_OWN: own,
      COUNTRY_FOREIGN: foreign,
      TENANT_OWN: own,
      TENANT_FOREIGN: foreign,
      LOCATION_OWN: own,
      LOCATION_FOREIGN: foreign,
      TERMINAL_OWN: own,
    });
    const expected: Record<string, Record<string, Record<Column, number>>> = {
      // Admin also holds Read on the configuration page, whose rule reads any country (what every tenant inherits).
      backoffice: { admin: { ...row(200, 403), COUNTRY_FOREIGN: 200 }, clerk: row(200, 403), anonymous: row(401, 401) },
      // The POS configuration reaches the terminals: its page's Read rule (Read in one of your tenants for GLOBAL and
      // COUNTRY, in the scope's tenant below).
      pos: { admin: { ...row(200, 403), COUNTRY_FOREIGN: 200 }, clerk: row(403, 403), anonymous: row(401, 401) },
    };
    const seen: typeof expected = {};
    for (const target of Object.keys(expected)) {
      seen[target] = {};
      for (const user of ['admin', 'clerk', 'anonymous']) {
        seen[target][user] = {} as Record<Column, number>;
        for (const [column, scope] of Object.entries(scopes) as [Column, string][]) {
          const answer = await get(`/api/settings/${target}/effective?scope=${scope}`, tokens[user]);
          seen[target][user][column] = answer.statusCode;
          if (answer.statusCode !== 200) expect(answer.json(), `${target} ${user} ${scope}`).toMatchObject({ status: answer.statusCode, message: expect.any(String) });
        }
      }
    }
    expect(seen).toEqual(expected);
    const foreign = await get(`/api/settings/backoffice/effective?scope=TENANT:${at}`, tokens.clerk);
    expect(foreign.json()).toMatchObject({ message: `Reading the effective values at TENANT:${at} needs the scope to be global or in one of your tenants, or Read on /settings/backoffice/configuration there.` });
    const pos = await get(`/api/settings/pos/effective?scope=TENANT:${de}`, tokens.clerk);
    expect(pos.json()).toMatchObject({ message: expect.stringContaining('needs Read on /settings/pos/configuration') });
  });

  it('names what is wrong: an undeclared target, a bad or unknown scope', async () => {
    expect((await get('/api/settings/printer/effective?scope=GLOBAL', tokens.clerk)).json()).toMatchObject({ status: 404, message: 'No settings target printer is declared; the declared ones are pos, backoffice.' });
    expect((await get('/api/settings/backoffice/effective?scope=SHOP:1', tokens.clerk)).statusCode).toBe(400);
    expect((await get('/api/settings/backoffice/effective', tokens.clerk)).statusCode).toBe(400);
    expect((await get('/api/settings/backoffice/effective?scope=TENANT:999999999', tokens.clerk)).json()).toMatchObject({ status: 404, message: 'The scope TENANT:999999999 does not exist.' });
  });
});
