import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

// Migration 810 on a database that already holds documents booked on UTC days: each gets its location's (else its
// tenant's) business day, and the reports' totals and the daily turnover are rebuilt on those days.
describe('migration 810 (document business day)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await migrate(database.db, ALL_MIGRATIONS.filter((migration) => migration.version < 810));
    // The entity tables come from the metadata; the zone lookup reads only these columns of them.
    await database.db.query('create table e_tenancy_location ("Oid" bigint primary key, "TimeZone" text)');
    await database.db.query('create table e_tenancy_tenant ("Oid" bigint primary key, "TimeZone" text)');
    await database.db.query(`insert into e_tenancy_location values (4, 'Asia/Tokyo'), (6, ''), (8, 'Not/AZone')`);
    await database.db.query(`insert into e_tenancy_tenant values (5, 'America/New_York')`);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const insert = async (id: string, location: number, createdAt: string, total: number) => {
    await database.db.query(
      `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, location_oid, processed_at)
       values (5, 9, $1, 'receipt', 1, $2, 'EUR', $3, '{}'::jsonb, 'sale', $4, $2)`,
      [id, createdAt, total, location],
    );
  };

  it('fills the business days, rebuilds the totals and the daily turnover on them, and stores the day of new documents', async () => {
    // 23:30 UTC on 15 January: 08:30 on the 16th in Tokyo; 18:30 on the 15th in New York (the tenant's zone).
    await insert('tokyo', 4, '2026-01-15T23:30:00Z', 10);
    await insert('tenant-zone', 6, '2026-01-16T03:00:00Z', 1);
    await insert('bad-zone', 8, '2026-01-16T03:00:00Z', 100);
    await database.db.query(`insert into mate_turnover_day (tenant_oid, day, receipt_count, total, computed_at) values (5, '2026-01-16', 2, 101, now())`);
    await migrate(database.db, ALL_MIGRATIONS);
    const days = await database.db.query<{ document_id: string; day: string }>(`select document_id, to_char(business_day, 'YYYY-MM-DD') as day from mate_terminal_document order by document_id`);
    // A zone PostgreSQL does not know counts on the UTC day rather than failing the migration.
    expect(days.rows).toEqual([{ document_id: 'bad-zone', day: '2026-01-16' }, { document_id: 'tenant-zone', day: '2026-01-15' }, { document_id: 'tokyo', day: '2026-01-16' }]);
    const totals = await database.db.query<{ day: string; amount: string }>(`select day::text, sum(amount)::text as amount from mate_document_total where facet = 'document' group by day order by day`);
    expect(totals.rows).toEqual([{ day: '2026-01-15', amount: '1.0000' }, { day: '2026-01-16', amount: '110.0000' }]);
    const turnover = await database.db.query<{ day: string; total: string }>(`select day::text, total::text from mate_turnover_day order by day`);
    expect(turnover.rows.map((row) => [row.day, Number(row.total)])).toEqual([['2026-01-15', 1], ['2026-01-16', 110]]);
    // After the migration the trigger stores the day of every new document.
    await insert('later', 4, '2026-02-01T16:00:00Z', 5);
    expect((await database.db.query<{ day: string }>(`select business_day::text as day from mate_terminal_document where document_id = 'later'`)).rows[0]!.day).toBe('2026-02-02');
  });
});
