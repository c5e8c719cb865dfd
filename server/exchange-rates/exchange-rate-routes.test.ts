import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DATA_CHANGED } from '../dashboard/dashboard-events';
import { quoteIdent as q } from '../data/sql-names';
import { hubClient, nextMessage, startHubInstance, type HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import type { PermissionAction } from '../lib/request-context';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { EXCHANGE_RATES_PATH } from './exchange-rate-routes';

type Rates = { tenantOid: number; refCurrency: string; items: { foreignCurrency: string; exchangeRate: number; modifiedAt: string; modifiedBy: string | null; jobOid: number | null }[] };
type History = { items: { exchangeRate: number; modifiedBy: string | null; removed: boolean }[] };

// Editing the exchange rates on the demo data: the list, setting (Create for a new currency, Update for a known one),
// removing and the history, as a matrix of users x actions x tenants (a right held in one tenant only must not reach
// the other); hostile input is a 4xx naming the member and changes nothing; an edit tells an open dashboard.
describe('the exchange rate routes', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let tenants: Record<'DE' | 'AT' | 'CH', number>;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    instance.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const rateOf = async (tenantOid: number, currency: string) =>
    (await database.db.query<{ exchange_rate: string }>('select exchange_rate from mate_exchange_rate where tenant_oid = $1 and foreign_currency = $2', [tenantOid, currency])).rows[0]?.exchange_rate;
  const snapshot = async () => (await database.db.query('select * from mate_exchange_rate order by tenant_oid, foreign_currency')).rows;

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const rows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((t) => t.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT'), CH: oidOf('MATE-CH') };
    instance = await startHubInstance(database);
    const role = async (name: string, actions: PermissionAction[]) => {
      const oid = await createRole(database.db, name);
      for (const action of actions) await setPermission(database.db, { subject: { roleOid: oid }, path: EXCHANGE_RATES_PATH, tenantOid: null, action, allowed: true });
      return oid;
    };
    const editor = await role('Rate editors', ['Read', 'Create', 'Update', 'Delete']);
    const reader = await role('Rate readers', ['Read']);
    const updater = await role('Rate updaters', ['Read', 'Update']);
    const blind = await role('Rate writers without Read', ['Create', 'Update', 'Delete']);
    const users: [string, [number, number][]][] = [
      ['dora', [[editor, tenants.DE]]], // every right in DE only, member of DE and AT
      ['gerd', [[editor, tenants.DE], [editor, tenants.AT]]],
      ['rita', [[reader, tenants.DE], [reader, tenants.AT]]],
      ['uwe', [[updater, tenants.DE], [updater, tenants.AT]]], // may change a rate, not add or remove a currency
      ['otto', [[blind, tenants.DE], [blind, tenants.AT]]],
      ['emil', []],
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(database, name, `${name}-password-1`, [tenants.DE, tenants.AT]);
      await setUserRoles(database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
      tokens[name] = await signInToken(instance.app, name, `${name}-password-1`);
    }
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  it('lists the current rates, changes one keeping the old value in the history with who set it, adds and removes a currency', async () => {
    const list = (await call('GET', `/api/exchange-rates?tenantOid=${tenants.DE}`, tokens.gerd)).json<Rates>();
    expect(list.refCurrency).toBe('EUR');
    expect(list.items.length).toBeGreaterThanOrEqual(7);
    const usd = list.items.find((rate) => rate.foreignCurrency === 'USD')!;
    expect(usd.modifiedBy).toBeNull();

    const changed = await call('PUT', `/api/exchange-rates/USD?tenantOid=${tenants.DE}`, tokens.gerd, { exchangeRate: 1.12345678 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ foreignCurrency: 'USD', exchangeRate: 1.12345678, modifiedBy: 'gerd', jobOid: null });
    const history = (await call('GET', `/api/exchange-rates/USD/history?tenantOid=${tenants.DE}`, tokens.rita)).json<History>();
    expect(history.items.slice(0, 2).map((entry) => [entry.exchangeRate, entry.modifiedBy])).toEqual([
      [1.12345678, 'gerd'],
      [usd.exchangeRate, null],
    ]);

    const added = await call('PUT', `/api/exchange-rates/NZD?tenantOid=${tenants.DE}`, tokens.gerd, { exchangeRate: 1.8 });
    expect(added.statusCode, added.body).toBe(201);
    const removed = await call('DELETE', `/api/exchange-rates/NZD?tenantOid=${tenants.DE}`, tokens.gerd);
    expect(removed.json()).toEqual({ removed: true });
    expect(await rateOf(tenants.DE, 'NZD')).toBeUndefined();
    const nzd = (await call('GET', `/api/exchange-rates/NZD/history?tenantOid=${tenants.DE}`, tokens.gerd)).json<History>();
    expect(nzd.items.map((entry) => [entry.exchangeRate, entry.modifiedBy, entry.removed])).toEqual([
      [1.8, 'gerd', true],
      [1.8, 'gerd', false],
    ]);
    expect((await call('DELETE', `/api/exchange-rates/NZD?tenantOid=${tenants.DE}`, tokens.gerd)).statusCode).toBe(404);
    // The tenant's own currency has no rate to set.
    const own = await call('PUT', `/api/exchange-rates/EUR?tenantOid=${tenants.DE}`, tokens.gerd, { exchangeRate: 1 });
    expect(own.statusCode).toBe(400);
    expect(own.json<{ message: string }>().message).toMatch(/own currency/);
  });

  it('lets each user do only what their rights in that tenant allow (users x actions x tenants)', async () => {
    const expected: Record<string, Record<'DE' | 'AT' | 'CH', Record<'read' | 'change' | 'add' | 'remove', number>>> = {};
    const allowed = { read: 200, change: 200, add: 201, remove: 200 };
    const deny = { read: 403, change: 403, add: 403, remove: 403 };
    expected.dora = { DE: allowed, AT: deny, CH: deny };
    expected.gerd = { DE: allowed, AT: allowed, CH: deny };
    expected.rita = { DE: { ...deny, read: 200 }, AT: { ...deny, read: 200 }, CH: deny };
    expected.uwe = { DE: { ...deny, read: 200, change: 200 }, AT: { ...deny, read: 200, change: 200 }, CH: deny };
    expected.otto = { DE: deny, AT: deny, CH: deny };
    expected.emil = { DE: deny, AT: deny, CH: deny };
    for (const [user, byTenant] of Object.entries(expected)) {
      for (const tenant of ['DE', 'AT', 'CH'] as const) {
        const oid = tenants[tenant];
        const want = byTenant[tenant];
        await database.db.query("insert into mate_exchange_rate (tenant_oid, foreign_currency, exchange_rate, modified_at) values ($1, 'SEK', 11, now()) on conflict (tenant_oid, foreign_currency) do update set exchange_rate = 11", [oid]);
        await database.db.query("delete from mate_exchange_rate where tenant_oid = $1 and foreign_currency = 'ISK'", [oid]);
        const before = await snapshot();
        const read = await call('GET', `/api/exchange-rates?tenantOid=${oid}`, tokens[user]);
        expect(read.statusCode, `${user} reads ${tenant}`).toBe(want.read);
        expect((await call('GET', `/api/exchange-rates/SEK/history?tenantOid=${oid}`, tokens[user])).statusCode, `${user} reads the history in ${tenant}`).toBe(want.read);
        const change = await call('PUT', `/api/exchange-rates/SEK?tenantOid=${oid}`, tokens[user], { exchangeRate: 11.5 });
        expect(change.statusCode, `${user} changes in ${tenant}: ${change.body}`).toBe(want.change);
        expect(await rateOf(oid, 'SEK'), `${user} in ${tenant}`).toBe(want.change === 200 ? '11.50000000' : '11.00000000');
        const add = await call('PUT', `/api/exchange-rates/ISK?tenantOid=${oid}`, tokens[user], { exchangeRate: 150 });
        expect(add.statusCode, `${user} adds in ${tenant}: ${add.body}`).toBe(want.add);
        const remove = await call('DELETE', `/api/exchange-rates/SEK?tenantOid=${oid}`, tokens[user]);
        expect(remove.statusCode, `${user} removes in ${tenant}: ${remove.body}`).toBe(want.remove);
        if (want.change !== 200 && want.add !== 201 && want.remove !== 200) expect(await snapshot()).toEqual(before);
      }
    }
    // Without a tenant named, the call works in the caller's current tenant; no sign-in is a 401.
    expect((await call('GET', '/api/exchange-rates')).statusCode).toBe(401);
    expect((await call('PUT', '/api/exchange-rates/SEK', undefined, { exchangeRate: 2 })).statusCode).toBe(401);
  });

  it('answers hostile parameters and bodies with a 4xx naming the member, never a 5xx, and changes nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('tenantOid', 'take', 'other'),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', 'Infinity', '9007199254740993', 'NaN', "1' or '1'='1", '%00', '\u0000', '[]')),
        fc.constantFrom('/api/exchange-rates', '/api/exchange-rates/USD/history'),
        async (name, value, path) => {
          const answer = await call('GET', `${path}?${name}=${encodeURIComponent(value)}`, tokens.gerd);
          expect(answer.statusCode, `${path} ${name}=${value}: ${answer.body}`).toBeLessThan(500);
          if (answer.statusCode === 400) expect(answer.json<{ message: string }>().message, answer.body).toMatch(new RegExp(name === 'other' ? 'other|additional' : name, 'i'));
        },
      ),
      { numRuns: 60 },
    );
    const nested = (depth: number): unknown => (depth === 0 ? 1 : { exchangeRate: nested(depth - 1) });
    const bodies: unknown[] = [{}, { exchangeRate: 0 }, { exchangeRate: -1 }, { exchangeRate: 0.000000001 }, { exchangeRate: 1e12 }, { exchangeRate: '1.5\u0000' }, { exchangeRate: [1, 2] }, { exchangeRate: { value: 1 } }, { exchangeRate: 1, extra: true }, nested(200), null, 'x'];
    for (const body of bodies) {
      const answer = await instance.app.inject({ method: 'PUT', url: `/api/exchange-rates/USD?tenantOid=${tenants.DE}`, headers: { authorization: `Bearer ${tokens.gerd}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(answer.statusCode, `${JSON.stringify(body)?.slice(0, 80)}: ${answer.body}`).toBe(400);
      expect(answer.json<{ message: string }>().message, answer.body).toMatch(/exchangeRate|body|extra|additional/i);
    }
    const huge = await instance.app.inject({ method: 'PUT', url: `/api/exchange-rates/USD?tenantOid=${tenants.DE}`, headers: { authorization: `Bearer ${tokens.gerd}`, 'content-type': 'application/json' }, payload: '{"exchangeRate":1e309}' });
    expect(huge.statusCode).toBe(400);
    for (const currency of ['usd', 'US', 'USDX', 'U%00D', '%F0%9F%92%B6']) {
      const answer = await call('PUT', `/api/exchange-rates/${currency}?tenantOid=${tenants.DE}`, tokens.gerd, { exchangeRate: 2 });
      expect(answer.statusCode, `${currency}: ${answer.body}`).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(/currency/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('tells an open dashboard of the tenant when a rate is edited or removed', async () => {
    const client = hubClient(instance, () => tokens.dora!);
    await client.start();
    try {
      await client.invoke('SubscribeDashboard');
      const edited = nextMessage<{ topics: string[]; tenantOids: number[] }>(client, DASHBOARD_DATA_CHANGED);
      expect((await call('PUT', `/api/exchange-rates/GBP?tenantOid=${tenants.DE}`, tokens.dora, { exchangeRate: 0.9 })).statusCode).toBe(200);
      expect(await edited).toEqual({ topics: ['exchange-rates'], tenantOids: [tenants.DE] });
      const card = (await call('GET', `/api/currencies/exchange-rates?tenantOid=${tenants.DE}`, tokens.dora)).json<{ exchangeRates: { foreignCurrency: string; exchangeRate: number }[] }>();
      expect(card.exchangeRates[0]).toMatchObject({ foreignCurrency: 'GBP', exchangeRate: 0.9 });
      // The card links to this page for whoever may open it.
      expect(card).toMatchObject({ link: EXCHANGE_RATES_PATH });
      const removed = nextMessage<{ topics: string[]; tenantOids: number[] }>(client, DASHBOARD_DATA_CHANGED);
      expect((await call('DELETE', `/api/exchange-rates/GBP?tenantOid=${tenants.DE}`, tokens.dora)).statusCode).toBe(200);
      expect(await removed).toEqual({ topics: ['exchange-rates'], tenantOids: [tenants.DE] });
    } finally {
      await client.stop();
    }
  });
});
