import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteIdent as q } from '../data/sql-names';
import type { HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import type { PermissionAction } from '../lib/request-context';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { sampleReceipt, startTerminalInstance, terminalAuthorization } from '../terminals/terminal-test-app';
import { UNPROCESSED_DOCUMENTS_PATH, type UnprocessedDocumentRow } from './unprocessed-documents';

// GET /api/documents/unprocessed and GET /api/diagnostics/unprocessed-documents: the rows, and who sees which, as a
// matrix of users (the right Read in one tenant only, in every tenant, another action only, none) x routes x
// scopes (all, one tenant, another tenant, a tenant not theirs); hostile query strings are a 400 naming the member.
describe('the unprocessed documents', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let tenants: Record<'DE' | 'AT' | 'CH', number>;
  const tokens: Record<string, string> = {};
  const handedIn: Record<'DE' | 'AT', string[]> = { DE: [], AT: [] };

  const get = (url: string, token?: string) => instance.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const rows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((t) => t.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT'), CH: oidOf('MATE-CH') };
    instance = await startTerminalInstance(database);
    for (const tenant of ['DE', 'AT'] as const) {
      const key = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential where tenant_oid = $1 order by terminal_key limit 1', [tenants[tenant]])).rows[0]!.terminal_key;
      for (const day of [1, 2, 3]) {
        const id = randomUUID();
        // 16 % is a rate of neither country: stored, unprocessed, with the reason.
        const receipt = { ...sampleReceipt(id, day), createdAt: `2026-04-0${day}T10:00:00.000Z`, lines: [{ text: 'Odd', quantity: 1, unitPrice: 3, amount: 3, taxRate: 16 }], payments: [{ method: 'cash', amount: 3 }], total: 3 };
        const answer = await instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization: terminalAuthorization(key, DEMO_TERMINAL_SECRET) }, payload: receipt });
        expect(answer.statusCode).toBe(201);
        handedIn[tenant].unshift(id);
      }
    }
    const reader = await createRole(database.db, 'Unprocessed readers');
    await setPermission(database.db, { subject: { roleOid: reader }, path: UNPROCESSED_DOCUMENTS_PATH, tenantOid: null, action: 'Read', allowed: true });
    const updater = await createRole(database.db, 'Unprocessed updaters');
    for (const action of ['Create', 'Update', 'Delete', 'Demand', 'Patch'] as PermissionAction[]) {
      await setPermission(database.db, { subject: { roleOid: updater }, path: UNPROCESSED_DOCUMENTS_PATH, tenantOid: null, action, allowed: true });
    }
    const users: [string, [number, number][]][] = [
      ['dora', [[reader, tenants.DE]]], // Read in DE only, member of DE and AT
      ['gerd', [[reader, tenants.DE], [reader, tenants.AT]]], // Read in both
      ['otto', [[updater, tenants.DE], [updater, tenants.AT]]], // every other action, no Read
      ['emil', []], // no right
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

  it('lists the rows newest first with flag country, tenant, terminal, Uid, Id, date, total and reason', async () => {
    const answer = await get(`/api/diagnostics/unprocessed-documents?entityOid=${tenants.DE}`, tokens.gerd);
    expect(answer.statusCode).toBe(200);
    const { items, count } = answer.json() as { items: UnprocessedDocumentRow[]; count: number };
    expect(count).toBe(3);
    expect(items.map((item) => item.uid)).toEqual(handedIn.DE);
    expect(items[0]).toMatchObject({ country: 'DE', tenantOid: tenants.DE, tenantName: expect.any(String), terminalName: expect.any(String), id: 3, kind: 'sale', createdAt: '2026-04-03T10:00:00.000Z', currency: 'EUR', total: 3, reason: "Line 1: the tax rate 16 % does not exist for the tenant's country (DE)." });
    const page = (await get(`/api/diagnostics/unprocessed-documents?entityOid=${tenants.DE}&skip=1&take=1`, tokens.gerd)).json() as { items: UnprocessedDocumentRow[]; count: number };
    expect(page).toMatchObject({ count: 3, items: [{ uid: handedIn.DE[1] }] });
  });

  it('sums up per tenant for the dashboard: the count and the newest few', async () => {
    const answer = await get('/api/documents/unprocessed?newest=2', tokens.gerd);
    expect(answer.statusCode).toBe(200);
    const summary = answer.json() as { count: number; tenants: { tenantOid: number; country: string; count: number; newest: UnprocessedDocumentRow[] }[] };
    expect(summary.count).toBe(6);
    expect(summary.tenants.map((tenant) => [tenant.tenantOid, tenant.country, tenant.count, tenant.newest.map((row) => row.uid)])).toEqual(
      [
        [tenants.DE, 'DE', 3, handedIn.DE.slice(0, 2)],
        [tenants.AT, 'AT', 3, handedIn.AT.slice(0, 2)],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it('shows each user the tenants where they hold Read on the page, and refuses the rest', async () => {
    const expected: Record<string, { all: number | 403; DE: number | 403; AT: number | 403; summary: number }> = {
      dora: { all: 3, DE: 3, AT: 403, summary: 3 },
      gerd: { all: 6, DE: 3, AT: 3, summary: 6 },
      otto: { all: 403, DE: 403, AT: 403, summary: 0 },
      emil: { all: 403, DE: 403, AT: 403, summary: 0 },
    };
    for (const [user, outcome] of Object.entries(expected)) {
      for (const scope of ['all', 'DE', 'AT'] as const) {
        const answer = await get(`/api/diagnostics/unprocessed-documents${scope === 'all' ? '' : `?entityOid=${tenants[scope]}`}`, tokens[user]);
        const want = outcome[scope];
        if (want === 403) expect(answer.statusCode, `${user} ${scope}`).toBe(403);
        else expect((answer.json() as { count: number }).count, `${user} ${scope}`).toBe(want);
      }
      // A tenant the user does not belong to: refused whatever the rights.
      expect((await get(`/api/diagnostics/unprocessed-documents?entityOid=${tenants.CH}`, tokens[user])).statusCode).toBe(403);
      expect(((await get('/api/documents/unprocessed', tokens[user])).json() as { count: number }).count, `${user} summary`).toBe(outcome.summary);
    }
    for (const url of ['/api/documents/unprocessed', '/api/diagnostics/unprocessed-documents']) expect((await get(url)).statusCode).toBe(401);
  });

  it('answers a hostile query string with a 400 that names the member, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('entityOid', 'skip', 'take', 'newest', 'other'),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', '-1e309', 'Infinity', '9007199254740993', 'NaN', "1' or '1'='1", '%00', '[]')),
        fc.constantFrom('/api/documents/unprocessed', '/api/diagnostics/unprocessed-documents'),
        async (name, value, url) => {
          const answer = await get(`${url}?${name}=${encodeURIComponent(value)}`, tokens.gerd);
          expect(answer.statusCode, answer.body).toBeLessThan(500);
          if (answer.statusCode === 400) expect(answer.body).toMatch(new RegExp(name === 'other' ? 'other|additional' : name));
        },
      ),
      { numRuns: 60, ...(process.env.CI ? { seed: 20261124 } : {}) },
    );
    for (const name of ['entityOid', 'skip', 'take']) {
      const answer = await get(`/api/diagnostics/unprocessed-documents?${name}=1e309`, tokens.gerd);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errors: { [name]: [expect.any(String)] } });
    }
  });
});
