import { quoteIdent as q } from '../server/data/sql-names';
import type { Database } from '../server/db/database';

/**
 * Writes `count` processed documents of the tenant in one statement per 200,000, spread evenly over `days` days from
 * `firstIso` and over its POS terminals (each at its location, so the trigger puts it on its location's business
 * day), mostly sales (a tenth returns), totals between 1 and 200; the body is a stub. The reports and dashboard benches.
 */
export async function writeBenchDocuments(db: Database, tenantOid: number, posTable: string, count: number, firstIso: string, days: number): Promise<void> {
  const terminals = (await db.query<{ Oid: string; LocationOid: string | null }>(`select "Oid", "LocationOid" from ${q(posTable)} where "TenantOid" = $1 order by "Oid"`, [tenantOid])).rows;
  const terminalOids = terminals.map((t) => Number(t.Oid));
  const locationOids = terminals.map((t) => (t.LocationOid === null ? null : Number(t.LocationOid)));
  const batch = 200_000;
  for (let start = 0; start < count; start += batch) {
    await db.query(
      `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, location_oid, operator, received_at, processed_at)
       select $1, ($2::bigint[])[1 + g % $4], 'bench-' || g, 'receipt', g, $5::timestamptz + (g::double precision / $6) * ($9::int * interval '1 day'),
              'EUR', 1 + (g * 7919 % 19900) / 100.0, '{}'::jsonb, case when g % 10 = 0 then 'return' else 'sale' end,
              ($3::bigint[])[1 + g % $4], 'Cashier ' || (g % 12), now(), now()
         from generate_series($7::bigint, $8::bigint) as g`,
      [tenantOid, terminalOids, locationOids, terminalOids.length, firstIso, count, start, Math.min(count, start + batch) - 1, days],
    );
  }
}
