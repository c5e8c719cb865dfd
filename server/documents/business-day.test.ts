import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from '../identity/administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue } from '../identity/scope-headers';
import { businessToday } from '../dashboard/dashboard-data';
import { recomputedDocumentTotals, storedDocumentTotals } from '../reports/document-totals';
import { parseReceipt, storeReceipt } from '../terminals/terminal-documents';
import { sampleReceipt } from '../terminals/terminal-test-app';
import { dayInZone, fillBusinessDays, rebuildTurnoverDays } from './business-day';
import { TURNOVER_KINDS_SQL } from './document-kinds';

// Issue 16: a day is the location's business day, not the UTC day. A receipt handed in at 00:30 in Tokyo (15:30 UTC
// the day before) counts on the Tokyo date in the daily sales report, the dashboard's turnover card and the document
// viewer's range; a New York receipt of 23:30 counts on the New York date although UTC is already on the next one,
// and the day follows summer time (2026-03-08 is the spring-forward day in New York).
describe('business day per location time zone', () => {
  let t: IdentityTestApp;
  let admin: Record<string, string>;
  const tenant = 1;
  const oids: Record<string, number> = {};

  async function handIn(terminal: 'tokyo' | 'newYork' | 'berlin', createdAt: string, total: number): Promise<string> {
    const id = randomUUID();
    const receipt = parseReceipt({ ...sampleReceipt(id, 1), createdAt, lines: [{ text: 'Tea', quantity: 1, unitPrice: total, amount: total, taxRate: 7 }], payments: [{ method: 'cash', amount: total }], total });
    const identity = { terminalOid: oids[terminal]!, tenantOid: tenant, terminalKey: terminal, terminalNumber: 1, name: terminal, secretHash: '' };
    const intake = await storeReceipt(t.database.db, { pos: 'e_tenancy_pos_terminal' }, identity, receipt);
    expect(intake).toEqual({ id, stored: true });
    return id;
  }
  const dayOf = async (id: string) => (await t.database.db.query<{ day: string }>(`select to_char(business_day, 'YYYY-MM-DD') as day from mate_terminal_document where document_id = $1`, [id])).rows[0]!.day;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const db = t.database.db;
    await db.query(`insert into e_tenancy_tenant ("Oid", "Id", "Name", "CountryCode", "CurrencyCode", "LanguageCode", "TimeZone") overriding system value values ($1, 'ZONES', 'Zones', 'JP', 'EUR', 'en', 'Europe/Berlin') on conflict do nothing`, [tenant]).catch(async () => {
      await db.query(`update e_tenancy_tenant set "TimeZone" = 'Europe/Berlin' where "Oid" = $1`, [tenant]);
    });
    const location = async (name: string, zone: string | null) =>
      Number((await db.query<{ oid: string }>(`insert into e_tenancy_location ("TenantOid", "Id", "Name", "TimeZone") values ($1, $2, $2, $3) returning "Oid" as oid`, [tenant, name, zone])).rows[0]!.oid);
    const terminal = async (number: number, loc: number) =>
      Number((await db.query<{ oid: string }>(`insert into e_tenancy_pos_terminal ("TenantOid", "TerminalNumber", "Name", "LocationOid") values ($1, $2, $3, $4) returning "Oid" as oid`, [tenant, number, `POS ${number}`, loc])).rows[0]!.oid);
    oids.tokyoLocation = await location('Tokyo', 'Asia/Tokyo');
    oids.newYorkLocation = await location('NewYork', 'America/New_York');
    oids.berlinLocation = await location('Berlin', null);
    oids.tokyo = await terminal(81, oids.tokyoLocation);
    oids.newYork = await terminal(82, oids.newYorkLocation);
    oids.berlin = await terminal(83, oids.berlinLocation);
    // 00:30 on 2 March in Tokyo is 15:30 UTC on 1 March; 23:30 on 1 March in Tokyo is 14:30 UTC the same day.
    ids.tokyoAfterMidnight = await handIn('tokyo', '2026-03-01T15:30:00.000Z', 10);
    ids.tokyoLate = await handIn('tokyo', '2026-03-01T14:30:00.000Z', 1);
    // 23:30 on 1 March in New York (EST, UTC-5) is 04:30 UTC on 2 March.
    ids.newYorkLate = await handIn('newYork', '2026-03-02T04:30:00.000Z', 100);
    // Spring forward: 00:30 on 8 March is still EST (05:30 UTC); 00:30 on 9 March is EDT (04:30 UTC), which a fixed
    // offset of -5 would put at 23:30 on 8 March.
    ids.newYorkSpringDay = await handIn('newYork', '2026-03-08T05:30:00.000Z', 1000);
    ids.newYorkAfterSpring = await handIn('newYork', '2026-03-09T04:30:00.000Z', 10000);
    // A location without a zone takes its tenant's: 23:30 UTC on 1 March is 00:30 on 2 March in Berlin.
    ids.berlinLate = await handIn('berlin', '2026-03-01T23:30:00.000Z', 100000);
    await addUser(t.database, 'admin', 'admin-password-1', [tenant]);
    await ensureAdministratorRole(db);
    admin = { authorization: `Bearer ${await signInToken(t.app, 'admin', 'admin-password-1')}`, 'x-mate-tenant': encodeScopeValue(tenant) };
  }, 120_000);
  afterAll(() => t.close());

  it('stores each document with the day of its location (or tenant) zone, summer time included', async () => {
    expect(await dayOf(ids.tokyoAfterMidnight!)).toBe('2026-03-02');
    expect(await dayOf(ids.tokyoLate!)).toBe('2026-03-01');
    expect(await dayOf(ids.newYorkLate!)).toBe('2026-03-01');
    expect(await dayOf(ids.newYorkSpringDay!)).toBe('2026-03-08');
    expect(await dayOf(ids.newYorkAfterSpring!)).toBe('2026-03-09');
    expect(await dayOf(ids.berlinLate!)).toBe('2026-03-02');
    // The database and the runtime agree on the zones' rules.
    expect(dayInZone(Date.parse('2026-03-09T04:30:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(dayInZone(Date.parse('2026-03-01T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-02');
  });

  it('daily sales count each receipt on its business day, and the totals equal those recomputed from the documents', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/reports/sales/daily/run', headers: admin, payload: { from: '2026-03-01', to: '2026-03-09' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json<{ rows: { day: string; locationName: string; total: number; receipts: number }[] }>().rows.map((row) => `${row.day} ${row.locationName} ${row.total}`);
    expect(rows).toEqual(['2026-03-01 NewYork 100', '2026-03-01 Tokyo 1', '2026-03-02 Berlin 100000', '2026-03-02 Tokyo 10', '2026-03-08 NewYork 1000', '2026-03-09 NewYork 10000']);
    // One day only: the Tokyo receipt of 15:30 UTC on 1 March is on 2 March; the New York one of 04:30 UTC on 2 March is not.
    const second = (await t.app.inject({ method: 'POST', url: '/api/reports/sales/daily/run', headers: admin, payload: { from: '2026-03-02', to: '2026-03-02' } })).json<{ rows: { locationName: string; total: number }[] }>();
    expect(second.rows.map((row) => `${row.locationName} ${row.total}`)).toEqual(['Berlin 100000', 'Tokyo 10']);
    expect(await storedDocumentTotals(t.database.db, tenant)).toEqual(await recomputedDocumentTotals(t.database.db, tenant));
    // Cashier performance reads the raw documents (operators are not in the totals): the same days bound it.
    const cashiers = (await t.app.inject({ method: 'POST', url: '/api/reports/staff/cashiers/run', headers: admin, payload: { from: '2026-03-02', to: '2026-03-02' } })).json<{ totals: { total: number; receipts: number } }>();
    expect(cashiers.totals).toMatchObject({ total: 100010, receipts: 2 });
  });

  it("the dashboard's turnover card sums each day's receipts by business day", async () => {
    const answer = await t.app.inject({ url: `/api/turnover/daily?tenantOid=${tenant}&referencedate=2026-03-09`, headers: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    const days = answer.json<{ tenants: { days: { day: string; total: number; receiptCount: number }[] }[] }>().tenants[0]!.days;
    expect(Object.fromEntries(days.filter((day) => day.receiptCount > 0).map((day) => [day.day, day.total]))).toEqual({ '2026-03-08': 1000, '2026-03-09': 10000 });
    const earlier = (await t.app.inject({ url: `/api/turnover/daily?tenantOid=${tenant}&referencedate=2026-03-02`, headers: admin })).json<{ tenants: { days: { day: string; total: number }[] }[] }>();
    expect(earlier.tenants[0]!.days.slice(-2)).toMatchObject([{ day: '2026-03-01', total: 101 }, { day: '2026-03-02', total: 100010 }]);
    // The stored daily turnover (the recompute job's and intake's table) holds the same days.
    const stored = await t.database.db.query<{ day: string; total: string }>(`select to_char(day, 'YYYY-MM-DD') as day, total::text from mate_turnover_day where tenant_oid = $1 order by day`, [tenant]);
    expect(stored.rows.map((row) => `${row.day} ${Number(row.total)}`)).toEqual(['2026-03-01 101', '2026-03-02 100010', '2026-03-08 1000', '2026-03-09 10000']);
    // The throughput card counts months of business days: all six documents are in March.
    const throughput = (await t.app.inject({ url: `/api/documents/throughput?tenantOid=${tenant}&referenceMonth=2026-03`, headers: admin })).json<{ tenants: { months: { month: string; count: number }[] }[] }>();
    expect(throughput.tenants[0]!.months.filter((month) => month.count > 0)).toEqual([{ month: '2026-03', count: 6 }]);
  });

  it("the card's today is the latest business day of the tenants' zones, UTC's for a tenant without records", async () => {
    // 16:00 UTC on 1 March: 01:00 on 2 March in Tokyo, 17:00 in Berlin, 11:00 in New York.
    expect(await businessToday(t.database.db, 'e_tenancy_location', [tenant], Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    // 02:00 UTC on 2 March is still 1 March in New York only, and 2 March in Berlin and Tokyo.
    expect(await businessToday(t.database.db, 'e_tenancy_location', [tenant], Date.parse('2026-03-02T02:00:00Z'))).toBe('2026-03-02');
    expect(await businessToday(t.database.db, 'e_tenancy_location', [4242], Date.parse('2026-03-01T23:30:00Z'))).toBe('2026-03-01');
    expect(await businessToday(t.database.db, undefined, [], Date.parse('2026-03-01T23:30:00Z'))).toBe('2026-03-01');
  });

  it("the document viewer's date range means the locations' days", async () => {
    const list = async (query: string) => {
      const answer = await t.app.inject({ url: `/api/documents/receipt/sales?${query}`, headers: admin });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ items: { uid: string }[] }>().items.map((item) => item.uid).sort();
    };
    expect(await list('from=2026-03-02&to=2026-03-02')).toEqual([ids.berlinLate, ids.tokyoAfterMidnight].sort());
    expect(await list('from=2026-03-01&to=2026-03-01')).toEqual([ids.newYorkLate, ids.tokyoLate].sort());
    expect(await list('from=2026-03-09&to=2026-03-09')).toEqual([ids.newYorkAfterSpring]);
    // Each document carries its day and the zone the viewer shows its time in (the tenant's for a location without one).
    const answer = (await t.app.inject({ url: '/api/documents/receipt/sales?from=2026-03-02&to=2026-03-02&orderBy=amount', headers: admin })).json<{ items: { businessDay: string; timeZone: string }[] }>();
    expect(answer.items.map((item) => [item.businessDay, item.timeZone])).toEqual([['2026-03-02', 'Asia/Tokyo'], ['2026-03-02', 'Europe/Berlin']]);
  });

  it('computes the days again after a zone changes (what migration 810 backfills with)', async () => {
    const db = t.database.db;
    await db.query(`update e_tenancy_location set "TimeZone" = 'UTC' where "Oid" = $1`, [oids.tokyoLocation]);
    await db.query('update mate_terminal_document set business_day = null where tenant_oid = $1', [tenant]);
    expect(await fillBusinessDays(db, tenant)).toBe(6);
    expect(await dayOf(ids.tokyoAfterMidnight!)).toBe('2026-03-01');
    expect(await dayOf(ids.newYorkLate!)).toBe('2026-03-01');
    await rebuildTurnoverDays(db, TURNOVER_KINDS_SQL, tenant);
    const stored = await db.query<{ day: string; total: string }>(`select to_char(day, 'YYYY-MM-DD') as day, total::text from mate_turnover_day where tenant_oid = $1 and day < '2026-03-03' order by day`, [tenant]);
    expect(stored.rows.map((row) => `${row.day} ${Number(row.total)}`)).toEqual(['2026-03-01 111', '2026-03-02 100000']);
    await db.query(`update e_tenancy_location set "TimeZone" = 'Asia/Tokyo' where "Oid" = $1`, [oids.tokyoLocation]);
    await fillBusinessDays(db, tenant);
  });

  it('refuses a location zone that is no IANA zone, naming the field, and takes a real one', async () => {
    const save = (zone: string) => t.app.inject({ method: 'POST', url: '/api/data/tenancy/location', headers: admin, payload: { Id: `Z${zone.length}`, Name: 'Zoned', TimeZone: zone } });
    const wrong = await save('Mars/Olympus');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('TimeZone');
    expect((await save('Asia/Tokyo')).statusCode, 'a real zone').toBeLessThan(300);
  });
});
