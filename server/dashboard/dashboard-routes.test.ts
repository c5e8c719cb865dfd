import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDashboardLayout } from '../../schemas/dashboard-layout';
import { quoteIdent as q } from '../data/sql-names';
import { hubClient, nextMessage, type HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { sampleReceipt, startTerminalInstance, terminalAuthorization } from '../terminals/terminal-test-app';
import { DASHBOARD_DATA_CHANGED } from './dashboard-events';
import { EXCHANGE_RATES_LINK_PATH, THROUGHPUT_PATH, TURNOVER_PATH } from './dashboard-routes';

// The dashboard's routes on the real database: the stored layout per user (refusals that name version and path,
// the default when the stored one cannot be read), turnover and throughput from the documents table, the tenant's
// currency and recent rates; who sees which as a matrix of users x routes x scopes; hostile query strings and bodies
// are a 400 naming the member; and a receipt handed in tells an open dashboard over the hub.
describe('the dashboard routes', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let tenants: Record<'DE' | 'AT' | 'CH', number>;
  let terminalKey: string;
  const tokens: Record<string, string> = {};
  const userOids: Record<string, number> = {};

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
    instance.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const get = (url: string, token?: string) => call('GET', url, token);

  async function handIn(day: string, total = 3): Promise<void> {
    const receipt = { ...sampleReceipt(randomUUID(), 1), createdAt: `${day}T10:00:00.000Z`, lines: [{ text: 'Brot', quantity: 1, unitPrice: total, amount: total, taxRate: 7 }], payments: [{ method: 'cash', amount: total }], total };
    const answer = await instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization: terminalAuthorization(terminalKey, DEMO_TERMINAL_SECRET) }, payload: receipt });
    expect(answer.statusCode).toBe(201);
  }

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const rows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((t) => t.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT'), CH: oidOf('MATE-CH') };
    instance = await startTerminalInstance(database);
    terminalKey = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential where tenant_oid = $1 order by terminal_key limit 1', [tenants.DE])).rows[0]!.terminal_key;
    await handIn('2026-03-01', 10);
    await handIn('2026-03-01', 5);
    await handIn('2026-03-03', 7);
    const role = async (name: string, paths: string[], actions: readonly PermissionAction[]) => {
      const oid = await createRole(database.db, name);
      for (const path of paths) for (const action of actions) await setPermission(database.db, { subject: { roleOid: oid }, path, tenantOid: null, action, allowed: true });
      return oid;
    };
    const reader = await role('Dashboard readers', [TURNOVER_PATH, THROUGHPUT_PATH, EXCHANGE_RATES_LINK_PATH], ['Read']);
    const writer = await role('Dashboard non-readers', [TURNOVER_PATH, THROUGHPUT_PATH, EXCHANGE_RATES_LINK_PATH], PERMISSION_ACTIONS.filter((action) => action !== 'Read'));
    const users: [string, [number, number][]][] = [
      ['dora', [[reader, tenants.DE]]], // Read in DE only, member of DE and AT
      ['gerd', [[reader, tenants.DE], [reader, tenants.AT]]],
      ['otto', [[writer, tenants.DE], [writer, tenants.AT]]], // every other action, no Read
      ['emil', []],
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(database, name, `${name}-password-1`, [tenants.DE, tenants.AT]);
      userOids[name] = oid;
      await setUserRoles(database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
      tokens[name] = await signInToken(instance.app, name, `${name}-password-1`);
    }
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  it('answers the default layout until one is stored, stores one in its order with the server time, per user', async () => {
    const first = (await get('/api/user/extension/dashboard', tokens.dora)).json();
    expect(first).toEqual(defaultDashboardLayout());
    const cards = { 'tile-b': { name: 'version', params: { size: 'large' } }, 'tile-a': { name: 'favourites', params: { size: 'small' } }, x2: { name: 'recently-used', params: { size: 'medium' } }, t9: { name: 'weekly-turnover', params: { size: 'medium' } } };
    const put = await call('PUT', '/api/user/extension/dashboard', tokens.dora, { version: 1, storedAt: '1999-01-01T00:00:00Z', cards });
    expect(put.statusCode).toBe(200);
    expect(Date.parse(put.json<{ storedAt: string }>().storedAt)).toBeGreaterThan(Date.parse('2026-01-01'));
    const read = (await get('/api/user/extension/dashboard', tokens.dora)).json<{ cards: object }>();
    expect(Object.keys(read.cards)).toEqual(['tile-b', 'tile-a', 'x2', 't9']);
    expect(read.cards).toEqual(cards);
    expect((await get('/api/user/extension/dashboard', tokens.gerd)).json()).toEqual(defaultDashboardLayout());
  });

  it('refuses another version, a missing required card and an unknown card with a 400 naming them, and keeps the stored one', async () => {
    const before = (await get('/api/user/extension/dashboard', tokens.dora)).json();
    const { cards } = defaultDashboardLayout();
    const cases: [unknown, string, string][] = [
      [{ version: 2, cards }, 'version', 'The dashboard layout has the newer version 2; this server reads and stores version 1 only.'],
      [{ version: 0, cards }, 'version', 'The dashboard layout has the older version 0; this server reads and stores version 1 only.'],
      [{ version: 1, cards: { 'tile-a': { name: 'favourites', params: { size: 'medium' } } } }, 'cards', 'The card recently-used is required and cannot be removed.'],
      [{ version: 1, cards: { ...cards, weather: { name: 'weather', params: { size: 'medium' } } } }, 'cards.weather.name', 'The card name must be one of'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await call('PUT', '/api/user/extension/dashboard', tokens.dora, body);
      expect(answer.statusCode).toBe(400);
      const error = answer.json<{ message: string; errors: Record<string, string[]> }>();
      expect(error.message).toContain(message);
      expect(error.errors[path]![0]).toContain(message);
    }
    expect((await get('/api/user/extension/dashboard', tokens.dora)).json()).toEqual(before);
  });

  it('falls back to the default, with a notice, when the stored layout is of another version or broken', async () => {
    const emilOid = userOids.emil;
    for (const layout of ['{"version":3,"cards":{}}', '{"version":1,"cards":{"tile-a":{"name":"nothing"}}}', '[1,2]']) {
      await database.db.query('insert into mate_dashboard_layout (user_oid, layout, stored_at) values ($1, $2::json, now()) on conflict (user_oid) do update set layout = excluded.layout', [emilOid, layout]);
      const answer = await get('/api/user/extension/dashboard', tokens.emil);
      expect(answer.statusCode).toBe(200);
      const { notice, ...rest } = answer.json<{ notice: string }>();
      expect(rest).toEqual(defaultDashboardLayout());
      expect(notice).toMatch(/^Your stored dashboard could not be read/);
    }
  });

  it('sums the turnover per tenant and day for 7 days, and counts documents per month for 12', async () => {
    const turnover = (await get(`/api/turnover/daily?tenantOid=${tenants.DE}&referencedate=2026-03-04`, tokens.gerd)).json<{ days: string[]; tenants: { tenantOid: number; currency: string; country: string; days: { day: string; total: number; receiptCount: number }[] }[]; link: string }>();
    expect(turnover.days).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(turnover.tenants).toHaveLength(1);
    expect(turnover.tenants[0]).toMatchObject({ tenantOid: tenants.DE, currency: 'EUR', country: 'DE' });
    expect(turnover.tenants[0]!.days.map((day) => [day.total, day.receiptCount])).toEqual([[0, 0], [0, 0], [0, 0], [15, 2], [0, 0], [7, 1], [0, 0]]);
    expect(turnover.link).toBe(TURNOVER_PATH);
    const throughput = (await get(`/api/documents/throughput?tenantOid=${tenants.DE}&referenceMonth=2026-04`, tokens.gerd)).json<{ months: string[]; tenants: { months: { month: string; count: number }[] }[] }>();
    expect(throughput.months[0]).toBe('2025-05');
    expect(throughput.months.at(-1)).toBe('2026-04');
    expect(throughput.tenants[0]!.months.find((month) => month.month === '2026-03')!.count).toBe(3);
  });

  it("answers the tenant's currency and its 7 most recent rates, with testValue 100", async () => {
    const currency = (await get(`/api/currencies/currency?tenantOid=${tenants.DE}`, tokens.emil)).json();
    expect(currency).toEqual({ tenantOid: tenants.DE, currency: 'EUR' });
    const rates = (await get(`/api/currencies/exchange-rates?tenantOid=${tenants.DE}`, tokens.gerd)).json<{ refCurrency: string; testValue: number; exchangeRates: { foreignCurrency: string; exchangeRate: number; modifiedAt: string }[]; link: string | null }>();
    expect(rates).toMatchObject({ refCurrency: 'EUR', testValue: 100, link: EXCHANGE_RATES_LINK_PATH });
    expect(rates.exchangeRates).toHaveLength(7);
    expect(rates.exchangeRates[0]).toEqual({ foreignCurrency: 'USD', exchangeRate: 1.0512, modifiedAt: expect.any(String) });
    const times = rates.exchangeRates.map((rate) => Date.parse(rate.modifiedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await get(`/api/currencies/exchange-rates?tenantOid=${tenants.DE}`, tokens.emil)).json<{ link: string | null }>().link).toBeNull();
  });

  it('shows each user the tenants where they hold Read on the page, links only then, and refuses the rest', async () => {
    const routes = { turnover: '/api/turnover/daily?referencedate=2026-03-04', throughput: '/api/documents/throughput?referenceMonth=2026-03' };
    const expected: Record<string, { all: number[]; DE: number | 403; AT: number | 403; link: boolean }> = {
      dora: { all: [tenants.DE], DE: 200, AT: 403, link: true },
      gerd: { all: [tenants.DE, tenants.AT].sort((a, b) => a - b), DE: 200, AT: 200, link: true },
      otto: { all: [], DE: 403, AT: 403, link: false },
      emil: { all: [], DE: 403, AT: 403, link: false },
    };
    for (const [user, outcome] of Object.entries(expected)) {
      for (const [name, url] of Object.entries(routes)) {
        // The user works in DE (the first tenant): the link follows the right there.
        const all = (await get(url, tokens[user])).json<{ tenants: { tenantOid: number }[]; link: string | null }>();
        expect(all.tenants.map((tenant) => tenant.tenantOid), `${user} ${name}`).toEqual(outcome.all);
        expect(all.link !== null, `${user} ${name} link`).toBe(outcome.link);
        for (const scope of ['DE', 'AT'] as const) expect((await get(`${url}&tenantOid=${tenants[scope]}`, tokens[user])).statusCode, `${user} ${name} ${scope}`).toBe(outcome[scope]);
        expect((await get(`${url}&tenantOid=${tenants.CH}`, tokens[user])).statusCode, `${user} ${name} CH`).toBe(403);
      }
      for (const path of ['/api/currencies/currency', '/api/currencies/exchange-rates']) {
        expect((await get(`${path}?tenantOid=${tenants.AT}`, tokens[user])).statusCode).toBe(200);
        expect((await get(`${path}?tenantOid=${tenants.CH}`, tokens[user])).statusCode).toBe(403);
      }
    }
    for (const url of ['/api/user/extension/dashboard', '/api/turnover/daily', '/api/documents/throughput', '/api/currencies/currency', '/api/currencies/exchange-rates']) expect((await get(url)).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/extension/dashboard', undefined, defaultDashboardLayout())).statusCode).toBe(401);
  });

  it('answers hostile query strings and bodies with a 400 naming the member, never a 5xx, and stores nothing', async () => {
    const before = (await get('/api/user/extension/dashboard', tokens.gerd)).json();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('tenantOid', 'referencedate', 'referenceMonth', 'other'),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', 'Infinity', '9007199254740993', 'NaN', '2026-02-30', '2026-13', '0000-00', "1' or '1'='1", '%00', '[]')),
        fc.constantFrom('/api/turnover/daily', '/api/documents/throughput', '/api/currencies/currency', '/api/currencies/exchange-rates'),
        async (name, value, path) => {
          const answer = await get(`${path}?${name}=${encodeURIComponent(value)}`, tokens.gerd);
          expect(answer.statusCode, `${path} ${name}=${value}: ${answer.body}`).toBeLessThan(500);
          if (answer.statusCode === 400) expect(answer.json<{ message: string }>().message, answer.body).toMatch(new RegExp(name === 'other' ? 'other|additional' : name, 'i'));
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.record({ version: fc.jsonValue(), cards: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()) })), async (body) => {
        const answer = await instance.app.inject({ method: 'PUT', url: '/api/user/extension/dashboard', headers: { authorization: `Bearer ${tokens.gerd}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json<{ message: string }>().message.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
    expect((await get('/api/user/extension/dashboard', tokens.gerd)).json()).toEqual(before);
  });

  it('tells an open dashboard of its tenants that documents arrived and rates changed, and not another tenant', async () => {
    const client = hubClient(instance, () => tokens.dora!);
    await client.start();
    try {
      await client.invoke('SubscribeDashboard');
      const documents = nextMessage<{ topics: string[]; tenantOids: number[] }>(client, DASHBOARD_DATA_CHANGED);
      await handIn('2026-03-04');
      expect(await documents).toEqual({ topics: ['documents'], tenantOids: [tenants.DE] });
      const rates = nextMessage<{ topics: string[]; tenantOids: number[] }>(client, DASHBOARD_DATA_CHANGED);
      // CH is not dora's: only the AT change reaches her.
      await database.db.query("update mate_exchange_rate set modified_at = now() where foreign_currency = 'USD' and tenant_oid = any($1::bigint[])", [[tenants.AT, tenants.CH]]);
      expect(await rates).toEqual({ topics: ['exchange-rates'], tenantOids: [tenants.AT] });
      await expect(client.invoke('SubscribeDashboard', 1)).rejects.toThrow('SubscribeDashboard takes at most 0 argument(s), got 1.');
    } finally {
      await client.stop();
    }
  });
});
