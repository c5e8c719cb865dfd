import type { Database, Queryable } from '../db/database';
import type { TableUsage } from '../../schemas/diagnostics-wire';

/** The navigation path whose global Read right lets a user see the database usage (installation-wide figures). */
export const DATABASE_USAGE_PATH = '/diagnostics/database-usage';

/** A new size sample is taken on read when the newest is older than this. */
export const SAMPLE_INTERVAL_MS = 60 * 60 * 1000;
/** Growth compares with the oldest sample within this window. */
export const GROWTH_WINDOW_DAYS = 30;
/** Samples older than this are deleted when a new one is taken. */
const SAMPLE_RETENTION_DAYS = 400;
/** Below this many estimated rows a table is counted exactly; above it the planner's estimate stands. */
const EXACT_COUNT_BELOW = 50_000;

/** One table of the database as the usage page shows it (schemas/diagnostics-wire.ts). */
export type { TableUsage };

type SizeRow = { name: string; estimate: string | number; total: string | number; heap: string | number; indexes: string | number };

/** Sizes of every ordinary table of the current schema, largest first (PostgreSQL's own statistics, the same on PGlite). */
async function measureTables(db: Queryable): Promise<Omit<TableUsage, 'growthBytes' | 'growthSince'>[]> {
  const sizes = await db.query<SizeRow>(
    `select c.relname as name, c.reltuples as estimate, pg_total_relation_size(c.oid) as total, pg_relation_size(c.oid) as heap, pg_indexes_size(c.oid) as indexes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = current_schema()
      order by pg_total_relation_size(c.oid) desc, c.relname`,
  );
  const tables = [];
  for (const row of sizes.rows) {
    const estimate = Number(row.estimate);
    // reltuples is -1 until a table was analysed (always so on PGlite, which runs no autovacuum): count small ones.
    const exact = estimate < EXACT_COUNT_BELOW;
    const rows = exact ? Number((await db.query<{ n: string | number }>(`select count(*) as n from "${row.name.replaceAll('"', '""')}"`)).rows[0]?.n ?? 0) : Math.round(estimate);
    tables.push({ name: row.name, rows, rowsEstimated: !exact, totalBytes: Number(row.total), tableBytes: Number(row.heap), indexBytes: Number(row.indexes) });
  }
  return tables;
}

/** Stores a sample of every table when the newest is older than SAMPLE_INTERVAL_MS; answers whether it took one. */
export async function sampleIfDue(db: Database, now: Date, tables?: Awaited<ReturnType<typeof measureTables>>): Promise<boolean> {
  const newest = await db.query<{ at: Date | string | null }>('select max(taken_at) as at from mate_db_size_sample');
  const at = newest.rows[0]?.at;
  if (at && now.getTime() - new Date(at).getTime() < SAMPLE_INTERVAL_MS) return false;
  const measured = tables ?? (await measureTables(db));
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into mate_db_size_sample (taken_at, table_name, total_bytes, row_count)
       select $1::timestamptz, t.name, t.total, t.row_count from jsonb_to_recordset($2::jsonb) as t(name text, total bigint, row_count bigint)
       on conflict do nothing`,
      [now.toISOString(), JSON.stringify(measured.map((table) => ({ name: table.name, total: table.totalBytes, row_count: table.rows })))],
    );
    await tx.query(`delete from mate_db_size_sample where taken_at < $1::timestamptz - interval '${SAMPLE_RETENTION_DAYS} days'`, [now.toISOString()]);
  });
  return true;
}

/**
 * Every table with rows, sizes and growth over the window. Reading takes a sample when one is due, so the history
 * grows with use even where no schedule runs; the growth compares with the oldest sample in the window.
 */
export async function readTableUsage(db: Database, now: Date): Promise<TableUsage[]> {
  const tables = await measureTables(db);
  await sampleIfDue(db, now, tables);
  const earlier = await db.query<{ table_name: string; taken_at: Date | string; total_bytes: string | number }>(
    `select distinct on (table_name) table_name, taken_at, total_bytes from mate_db_size_sample
      where taken_at >= $1::timestamptz - interval '${GROWTH_WINDOW_DAYS} days' and taken_at < $1::timestamptz
      order by table_name, taken_at`,
    [now.toISOString()],
  );
  const byName = new Map(earlier.rows.map((row) => [row.table_name, row]));
  return tables.map((table) => {
    const before = byName.get(table.name);
    return { ...table, growthBytes: before ? table.totalBytes - Number(before.total_bytes) : null, growthSince: before ? new Date(before.taken_at).toISOString() : null };
  });
}

/** Spec 2 §3 "Database usage summary": how many tables, the total in KB, and the largest `take` tables (total in KB). */
export interface DatabaseUsageSummary {
  count: number;
  total: number;
  topTables: { name: string; total: number }[];
}

const kb = (bytes: number) => Math.round(bytes / 1024);

/** The summary of the dashboard card (getDatabaseUsageSummary): sizes in KB, which the card shows times 1024. */
export async function summariseDatabaseUsage(db: Queryable, take: number): Promise<DatabaseUsageSummary> {
  const sizes = await db.query<{ name: string; total: string | number }>(
    `select c.relname as name, pg_total_relation_size(c.oid) as total from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = current_schema() order by pg_total_relation_size(c.oid) desc, c.relname`,
  );
  const all = sizes.rows.map((row) => ({ name: row.name, total: Number(row.total) }));
  return { count: all.length, total: kb(all.reduce((sum, table) => sum + table.total, 0)), topTables: all.slice(0, take).map((table) => ({ name: table.name, total: kb(table.total) })) };
}
