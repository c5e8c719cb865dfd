import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteIdent as q } from '../data/sql-names';
import { hubClient, nextMessage, type HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { UNPROCESSED_DOCUMENTS_PATH } from '../documents/unprocessed-documents';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { sampleReceipt, startTerminalInstance, terminalAuthorization } from '../terminals/terminal-test-app';
import { DATABASE_USAGE_PATH } from './database-usage';
import { DIAGNOSTICS_DATA_CHANGED } from './diagnostics-events';
import { DOCUMENT_LOCKS_PATH, type DocumentLockRow } from './document-locks';

type Tables = { sampledAt: string; items: { name: string; rows: number; totalBytes: number; tableBytes: number; indexBytes: number; growthBytes: number | null }[] };

// The diagnostics routes on the demo data: database usage (installation-wide, Read on the page globally), document
// locks and the reprocessing of one document (per tenant), each as a matrix of users (the right in one tenant only,
// in both, globally, another action only, none) x scopes; hostile input is a 4xx naming the member and changes nothing.
describe('the diagnostics routes', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let tenants: Record<'DE' | 'AT' | 'CH', number>;
  let lockTable: string;
  const tokens: Record<string, string> = {};
  const badDocuments: Record<'DE' | 'AT', number[]> = { DE: [], AT: [] };

  const call = (method: 'GET' | 'DELETE' | 'POST', url: string, token?: string, payload?: unknown) =>
    instance.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const get = (url: string, token?: string) => call('GET', url, token);
  const lockCount = async () => Number((await database.db.query<{ n: number }>(`select count(*)::int as n from ${q(lockTable)}`)).rows[0]!.n);

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    await database.db.query('update mate_job_schedule set enabled = false');
    lockTable = catalogue.find('pos-operating', 'document-lock')!.table;
    const rows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((t) => t.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT'), CH: oidOf('MATE-CH') };
    instance = await startTerminalInstance(database);
    for (const tenant of ['DE', 'AT'] as const) {
      const key = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential where tenant_oid = $1 order by terminal_key limit 1', [tenants[tenant]])).rows[0]!.terminal_key;
      const id = randomUUID();
      // 16 % is a rate of neither country: stored, unprocessed, with the reason.
      const receipt = { ...sampleReceipt(id, 1), createdAt: '2026-04-01T10:00:00.000Z', lines: [{ text: 'Odd', quantity: 1, unitPrice: 3, amount: 3, taxRate: 16 }], payments: [{ method: 'cash', amount: 3 }], total: 3 };
      const answer = await instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization: terminalAuthorization(key, DEMO_TERMINAL_SECRET) }, payload: receipt });
      expect(answer.statusCode).toBe(201);
      const stored = await database.db.query<{ oid: string }>('select oid from mate_terminal_document where document_id = $1', [id]);
      badDocuments[tenant].push(Number(stored.rows[0]!.oid));
    }
    const role = async (name: string, grants: [string, 'Read' | 'Update' | 'Delete' | 'Create'][]) => {
      const oid = await createRole(database.db, name);
      for (const [path, action] of grants) await setPermission(database.db, { subject: { roleOid: oid }, path, tenantOid: null, action, allowed: true });
      return oid;
    };
    const operator = await role('Diagnostics operators', [
      [DATABASE_USAGE_PATH, 'Read'],
      [DOCUMENT_LOCKS_PATH, 'Read'],
      [DOCUMENT_LOCKS_PATH, 'Delete'],
      [DOCUMENT_LOCKS_PATH, 'Create'],
      [UNPROCESSED_DOCUMENTS_PATH, 'Read'],
      [UNPROCESSED_DOCUMENTS_PATH, 'Update'],
    ]);
    const reader = await role('Diagnostics readers', [
      [DATABASE_USAGE_PATH, 'Read'],
      [DOCUMENT_LOCKS_PATH, 'Read'],
      [UNPROCESSED_DOCUMENTS_PATH, 'Read'],
    ]);
    const writerOnly = await role('Diagnostics writers without Read', [
      [DOCUMENT_LOCKS_PATH, 'Delete'],
      [UNPROCESSED_DOCUMENTS_PATH, 'Update'],
    ]);
    const users: [string, [number, number][]][] = [
      ['dora', [[operator, tenants.DE]]], // everything in DE only, member of DE and AT
      ['gerd', [[operator, tenants.DE], [operator, tenants.AT]]], // everything in both tenants, and the usage globally
      ['rita', [[reader, tenants.DE], [reader, tenants.AT]]], // Read everywhere, no change
      ['otto', [[writerOnly, tenants.DE], [writerOnly, tenants.AT]]], // change without Read
      ['emil', []], // no right
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(database, name, `${name}-password-1`, [tenants.DE, tenants.AT]);
      await setUserRoles(database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
      // The database usage is installation-wide: their own decision in the Global column.
      if (name === 'gerd' || name === 'rita') await setPermission(database.db, { subject: { userOid: oid }, path: DATABASE_USAGE_PATH, tenantOid: null, action: 'Read', allowed: true });
      tokens[name] = await signInToken(instance.app, name, `${name}-password-1`);
    }
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  it('lists every table with rows, sizes and indexes, and sums up the largest in KB', async () => {
    // The first read stores a size sample (which grows the sample table); the second reads a database at rest.
    await get('/api/db-info/tables', tokens.gerd);
    const answer = await get('/api/db-info/tables', tokens.gerd);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = answer.json() as Tables;
    const documents = items.find((table) => table.name === 'mate_terminal_document')!;
    expect(documents.rows).toBe(Number((await database.db.query<{ n: number }>('select count(*)::int as n from mate_terminal_document')).rows[0]!.n));
    expect(documents.totalBytes).toBeGreaterThanOrEqual(documents.tableBytes + documents.indexBytes);
    expect(items.map((table) => table.totalBytes)).toEqual([...items.map((table) => table.totalBytes)].sort((a, b) => b - a));
    expect(items.find((table) => table.name === lockTable)?.rows).toBe(await lockCount());
    const summary = (await get('/api/db-info/summary', tokens.gerd)).json() as { count: number; total: number; topTables: { name: string; total: number }[] };
    expect(summary.count).toBe(items.length);
    expect(summary.topTables).toHaveLength(5);
    expect(summary.topTables[0]).toEqual({ name: items[0]!.name, total: Math.round(items[0]!.totalBytes / 1024) });
    expect(summary.total).toBe(Math.round(items.reduce((sum, table) => sum + table.totalBytes, 0) / 1024));
    expect(((await get('/api/db-info/summary?take=2', tokens.gerd)).json() as { topTables: unknown[] }).topTables).toHaveLength(2);
    expect((await get('/api/db-info/database-usage', tokens.gerd)).statusCode).toBe(200);
  });

  it('keeps a size sample an hour apart and shows the growth since the oldest in the window', async () => {
    await get('/api/db-info/tables', tokens.gerd);
    const samples = async () => Number((await database.db.query<{ n: number }>('select count(distinct taken_at)::int as n from mate_db_size_sample')).rows[0]!.n);
    const before = await samples();
    expect(before).toBeGreaterThanOrEqual(1);
    await get('/api/db-info/tables', tokens.gerd);
    expect(await samples()).toBe(before);
    // An earlier, smaller sample of the document table: the growth is the difference.
    await database.db.query("update mate_db_size_sample set taken_at = taken_at - interval '2 days'");
    await database.db.query("update mate_db_size_sample set total_bytes = 8192 where table_name = 'mate_terminal_document'");
    const { items } = (await get('/api/db-info/tables', tokens.gerd)).json() as Tables;
    const documents = items.find((table) => table.name === 'mate_terminal_document')!;
    expect(documents.growthBytes).toBe(documents.totalBytes - 8192);
    expect(await samples()).toBe(before + 1);
  });

  it('lists the locks with flag country, who holds them, since when, on which terminal, and whether stale', async () => {
    const answer = await get(`/api/diagnostics/document-locks?entityOid=${tenants.DE}`, tokens.gerd);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items, count } = answer.json() as { items: DocumentLockRow[]; count: number };
    expect(count).toBeGreaterThan(0);
    expect(items).toHaveLength(count);
    for (const lock of items) {
      expect(lock).toMatchObject({ country: 'DE', tenantOid: tenants.DE, tenantName: expect.any(String), lockedBy: expect.any(String), terminalName: expect.any(String), lockedAt: expect.any(String) });
      // The demo locks were taken around the demo's reference date, long before today: their leases have run out.
      expect(lock.stale).toBe(true);
    }
    const sorted = [...items].sort((a, b) => String(a.lockedAt).localeCompare(String(b.lockedAt)));
    expect(items.map((lock) => lock.oid)).toEqual(sorted.map((lock) => lock.oid));
  });

  it('shows each user the tenants where they hold Read, and releases a lock only with Delete in its tenant', async () => {
    const countOf = async (user: string, scope: 'all' | 'DE' | 'AT') => {
      const answer = await get(`/api/diagnostics/document-locks${scope === 'all' ? '' : `?entityOid=${tenants[scope]}`}`, tokens[user]);
      return answer.statusCode === 200 ? (answer.json() as { count: number }).count : answer.statusCode;
    };
    const de = (await countOf('gerd', 'DE')) as number;
    const at = (await countOf('gerd', 'AT')) as number;
    const expected: Record<string, [number, number, number]> = { dora: [de, de, 403], gerd: [de + at, de, at], rita: [de + at, de, at], otto: [403, 403, 403], emil: [403, 403, 403] };
    for (const [user, [all, inDe, inAt]] of Object.entries(expected)) {
      expect([await countOf(user, 'all'), await countOf(user, 'DE'), await countOf(user, 'AT')], user).toEqual([all, inDe, inAt]);
      expect((await get(`/api/diagnostics/document-locks?entityOid=${tenants.CH}`, tokens[user])).statusCode, user).toBe(403);
    }
    const locksOf = async (tenant: 'DE' | 'AT') => ((await get(`/api/diagnostics/document-locks?entityOid=${tenants[tenant]}`, tokens.gerd)).json() as { items: DocumentLockRow[] }).items;
    const [deLock] = await locksOf('DE');
    const [atLock] = await locksOf('AT');
    const chLock = Number((await database.db.query<{ Oid: string }>(`select "Oid" from ${q(lockTable)} where "TenantOid" = $1 limit 1`, [tenants.CH])).rows[0]!.Oid);
    const before = await lockCount();
    // Refusals change nothing: no Read there (404, as if none), Read without Delete (403), not a tenant of theirs (404).
    const refusals: [string, number, number][] = [
      ['dora', atLock!.oid, 404],
      ['rita', deLock!.oid, 403],
      ['otto', deLock!.oid, 404],
      ['emil', deLock!.oid, 404],
      ['gerd', chLock, 404],
    ];
    for (const [user, oid, status] of refusals) expect((await call('DELETE', `/api/diagnostics/document-locks/${oid}`, tokens[user])).statusCode, `${user} ${oid}`).toBe(status);
    expect(await lockCount()).toBe(before);
    const released = await call('DELETE', `/api/diagnostics/document-locks/${deLock!.oid}`, tokens.dora);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ released: { oid: deLock!.oid, documentUid: deLock!.documentUid } });
    expect(await lockCount()).toBe(before - 1);
    expect((await call('DELETE', `/api/diagnostics/document-locks/${deLock!.oid}`, tokens.dora)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/diagnostics/document-locks/${atLock!.oid}`)).statusCode).toBe(401);
  });

  it('takes a lock with a lease, renews it for its holder, refuses another while it runs, and hands a stale one over', async () => {
    const take = (user: string, body: Record<string, unknown>) => call('POST', '/api/diagnostics/document-locks/take', tokens[user], body);
    const uid = randomUUID();
    const terminalOid = Number((await database.db.query<{ terminal_oid: string }>('select terminal_oid from mate_terminal_credential where tenant_oid = $1 order by terminal_key limit 1', [tenants.DE])).rows[0]!.terminal_oid);
    const taken = await take('dora', { tenantOid: tenants.DE, documentUid: uid, documentNumber: 'R1-000042', terminalOid, leaseSeconds: 600 });
    expect(taken.statusCode, taken.body).toBe(201);
    const lock = taken.json() as DocumentLockRow;
    expect(lock).toMatchObject({ tenantOid: tenants.DE, country: 'DE', documentUid: uid, documentNumber: 'R1-000042', terminalOid, terminalName: expect.any(String), lockedBy: 'dora', reason: 'Editing', stale: false });
    expect(Date.parse(lock.expiresAt!) - Date.parse(lock.lockedAt!)).toBe(600_000);
    // The holder renews: same lock, same start, a later end.
    const renewed = await take('dora', { tenantOid: tenants.DE, documentUid: uid, leaseSeconds: 1200 });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ oid: lock.oid, lockedAt: lock.lockedAt, documentNumber: 'R1-000042' });
    // Another holder is refused while the lease runs, and told who holds it.
    const refused = await take('gerd', { tenantOid: tenants.DE, documentUid: uid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('dora'), current: { oid: lock.oid } });
    // The lease runs out: the lock is stale, the page shows it so, and another holder takes it over.
    await database.db.query(`update ${q(lockTable)} set "ExpiresAt" = '2020-01-01T00:00:00.000Z' where "Oid" = $1`, [lock.oid]);
    const listed = ((await get(`/api/diagnostics/document-locks?entityOid=${tenants.DE}`, tokens.gerd)).json() as { items: DocumentLockRow[] }).items.find((row) => row.oid === lock.oid);
    expect(listed?.stale).toBe(true);
    const takenOver = await take('gerd', { tenantOid: tenants.DE, documentUid: uid, reason: 'Processing' });
    expect(takenOver.statusCode).toBe(200);
    expect(takenOver.json()).toMatchObject({ oid: lock.oid, lockedBy: 'gerd', reason: 'Processing', stale: false });
    // Who may take: Create in the tenant (dora not in AT, rita reads only, emil nothing, nobody in a tenant not theirs).
    const before = await lockCount();
    for (const [user, tenant] of [['dora', 'AT'], ['rita', 'DE'], ['otto', 'DE'], ['emil', 'DE'], ['gerd', 'CH']] as const) {
      expect((await take(user, { tenantOid: tenants[tenant], documentUid: randomUUID() })).statusCode, `${user} ${tenant}`).toBe(403);
    }
    expect((await take('gerd', { tenantOid: tenants.AT, documentUid: randomUUID(), terminalOid })).statusCode).toBe(400);
    expect((await call('POST', '/api/diagnostics/document-locks/take', undefined, { documentUid: 'x' })).statusCode).toBe(401);
    expect(await lockCount()).toBe(before);
  });

  it('reads the database usage only with Read on the page in the Global column (the figures are installation-wide)', async () => {
    const expected: Record<string, number> = { dora: 403, gerd: 200, rita: 200, otto: 403, emil: 403 };
    for (const [user, status] of Object.entries(expected)) {
      for (const url of ['/api/db-info/summary', '/api/db-info/tables', '/api/db-info/database-usage']) expect((await get(url, tokens[user])).statusCode, `${user} ${url}`).toBe(status);
    }
    for (const url of ['/api/db-info/summary', '/api/db-info/tables', '/api/diagnostics/document-locks']) expect((await get(url)).statusCode).toBe(401);
  });

  it('reprocesses one document with Update in its tenant: still unprocessed, with the reason, when it still fails', async () => {
    const unprocessed = async () => Number((await database.db.query<{ n: number }>('select count(*)::int as n from mate_terminal_document where processed_at is null')).rows[0]!.n);
    const before = await unprocessed();
    const refusals: [string, number, number][] = [
      ['dora', badDocuments.AT[0]!, 404],
      ['rita', badDocuments.DE[0]!, 403],
      ['otto', badDocuments.DE[0]!, 404],
      ['emil', badDocuments.DE[0]!, 404],
      ['gerd', 999_999_999, 404],
    ];
    for (const [user, oid, status] of refusals) expect((await call('POST', `/api/diagnostics/unprocessed-documents/${oid}/reprocess`, tokens[user])).statusCode, `${user} ${oid}`).toBe(status);
    const answer = await call('POST', `/api/diagnostics/unprocessed-documents/${badDocuments.DE[0]}/reprocess`, tokens.dora);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ oid: badDocuments.DE[0], processed: false, reason: "Line 1: the tax rate 16 % does not exist for the tenant's country (DE)." });
    expect(await unprocessed()).toBe(before);
    // Once its tenant has the rate, the same call books it and it leaves the queue.
    await database.db.query(`update mate_terminal_document set body = jsonb_set(body, '{lines,0,taxRate}', '19'::jsonb) where oid = $1`, [badDocuments.DE[0]]);
    const booked = await call('POST', `/api/diagnostics/unprocessed-documents/${badDocuments.DE[0]}/reprocess`, tokens.dora);
    expect(booked.json()).toEqual({ oid: badDocuments.DE[0], processed: true, reason: null });
    expect(await unprocessed()).toBe(before - 1);
    expect((await call('POST', `/api/diagnostics/unprocessed-documents/${badDocuments.DE[0]}/reprocess`, tokens.dora)).statusCode).toBe(404);
  });

  it('answers hostile query strings and path ids with a 4xx that names the member, and changes nothing', async () => {
    const locks = await lockCount();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('entityOid', 'skip', 'take', 'other'),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', '-1e309', 'Infinity', '9007199254740993', 'NaN', "1' or '1'='1", '%00', '[]')),
        fc.constantFrom('/api/db-info/summary', '/api/db-info/tables', '/api/db-info/database-usage', '/api/diagnostics/document-locks'),
        async (name, value, url) => {
          const answer = await get(`${url}?${name}=${encodeURIComponent(value)}`, tokens.gerd);
          expect(answer.statusCode, answer.body).toBeLessThan(500);
          if (answer.statusCode === 400) expect(answer.body).toMatch(new RegExp(name === 'other' ? 'other|additional' : name));
        },
      ),
      { numRuns: 60, ...(process.env.CI ? { seed: 20261124 } : {}) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', 'Infinity', '9007199254740993', 'NaN', "1' or '1'='1", '%00', '1.5')),
        fc.constantFrom(['DELETE', '/api/diagnostics/document-locks/{oid}'] as const, ['POST', '/api/diagnostics/unprocessed-documents/{oid}/reprocess'] as const),
        async (id, [method, template]) => {
          const answer = await call(method, template.replace('{oid}', encodeURIComponent(id)), tokens.gerd);
          expect(answer.statusCode, answer.body).toBeLessThan(500);
          if (answer.statusCode === 400) expect(answer.body).toMatch(/oid/);
        },
      ),
      { numRuns: 60, ...(process.env.CI ? { seed: 20261124 } : {}) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('tenantOid', 'documentUid', 'documentNumber', 'documentType', 'terminalOid', 'reason', 'leaseSeconds', 'other'),
        fc.oneof(fc.jsonValue(), fc.constantFrom(-1, 0, 1e308, '', Number.MAX_SAFE_INTEGER + 2, 'x'.repeat(100), "1' or '1'='1", 'a\u0000b', [], {})),
        async (name, value) => {
          const before = await lockCount();
          const answer = await call('POST', '/api/diagnostics/document-locks/take', tokens.gerd, { documentUid: 'hostile-lock', tenantOid: tenants.DE, [name]: value });
          expect(answer.statusCode, answer.body).toBeLessThan(500);
          if (answer.statusCode === 400) expect(answer.body).toMatch(new RegExp(name === 'other' ? 'other|additional' : name));
          // A refusal writes nothing; a valid draw takes a lock, which goes again.
          if (answer.statusCode >= 400) expect(await lockCount()).toBe(before);
          else await database.db.query(`delete from ${q(lockTable)} where "Oid" = $1`, [(answer.json() as { oid: number }).oid]);
        },
      ),
      { numRuns: 60, ...(process.env.CI ? { seed: 20261124 } : {}) },
    );
    expect(await lockCount()).toBe(locks);
    for (const name of ['entityOid', 'skip', 'take']) {
      const answer = await get(`/api/diagnostics/document-locks?${name}=1e309`, tokens.gerd);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errors: { [name]: [expect.any(String)] } });
    }
    expect((await get('/api/db-info/summary?take=1e309', tokens.gerd)).json()).toMatchObject({ errors: { take: [expect.any(String)] } });
  });

  it('tells an open diagnostics page over the hub when a lock is taken, renewed or released and when a document lands or is reprocessed, only in tenants it may read', async () => {
    type Changed = { topics: string[]; tenantOids: number[] };
    const client = hubClient(instance, () => tokens.dora!);
    await client.start();
    try {
      await client.invoke('SubscribeDiagnostics');
      // gerd takes a lock in AT: dora belongs to AT but may not read its locks, so she hears nothing of it; her DE lock comes through alone.
      const taken = nextMessage<Changed>(client, DIAGNOSTICS_DATA_CHANGED);
      expect((await call('POST', '/api/diagnostics/document-locks/take', tokens.gerd, { documentUid: 'live-at', tenantOid: tenants.AT })).statusCode).toBe(201);
      const lock = await call('POST', '/api/diagnostics/document-locks/take', tokens.dora, { documentUid: 'live-de', tenantOid: tenants.DE });
      expect(lock.statusCode).toBe(201);
      expect(await taken).toEqual({ topics: ['document-locks'], tenantOids: [tenants.DE] });
      const renewed = nextMessage<Changed>(client, DIAGNOSTICS_DATA_CHANGED);
      expect((await call('POST', '/api/diagnostics/document-locks/take', tokens.dora, { documentUid: 'live-de', tenantOid: tenants.DE })).statusCode).toBe(200);
      expect(await renewed).toEqual({ topics: ['document-locks'], tenantOids: [tenants.DE] });
      const released = nextMessage<Changed>(client, DIAGNOSTICS_DATA_CHANGED);
      expect((await call('DELETE', `/api/diagnostics/document-locks/${(lock.json() as { oid: number }).oid}`, tokens.dora)).statusCode).toBe(200);
      expect(await released).toEqual({ topics: ['document-locks'], tenantOids: [tenants.DE] });

      // A receipt the intake cannot book lands in the DE queue; reprocessing it is another change of the queue.
      const landed = nextMessage<Changed>(client, DIAGNOSTICS_DATA_CHANGED);
      const key = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential where tenant_oid = $1 order by terminal_key limit 1', [tenants.DE])).rows[0]!.terminal_key;
      const uid = randomUUID();
      const receipt = { ...sampleReceipt(uid, 1), lines: [{ text: 'Odd', quantity: 1, unitPrice: 3, amount: 3, taxRate: 16 }], payments: [{ method: 'cash', amount: 3 }], total: 3 };
      expect((await instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization: terminalAuthorization(key, DEMO_TERMINAL_SECRET) }, payload: receipt })).statusCode).toBe(201);
      expect(await landed).toEqual({ topics: ['unprocessed-documents'], tenantOids: [tenants.DE] });
      const reprocessed = nextMessage<Changed>(client, DIAGNOSTICS_DATA_CHANGED);
      const waiting = Number((await database.db.query<{ oid: string }>('select oid from mate_terminal_document where document_id = $1', [uid])).rows[0]!.oid);
      const answer = await call('POST', `/api/diagnostics/unprocessed-documents/${waiting}/reprocess`, tokens.dora);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await reprocessed).toEqual({ topics: ['unprocessed-documents'], tenantOids: [tenants.DE] });
      await expect(client.invoke('SubscribeDiagnostics', 1)).rejects.toThrow('SubscribeDiagnostics takes at most 0 argument(s), got 1.');
      await client.invoke('UnsubscribeDiagnostics');
    } finally {
      await client.stop();
    }
  });
});
