import type { Database, Queryable } from './database';

/**
 * Builds an index for an `outsideTransaction` migration (migrations.ts) without holding off writes to a large table:
 * `CREATE INDEX CONCURRENTLY` on PostgreSQL, a plain `CREATE INDEX` on PGlite (one connection, nothing to hold off).
 * A concurrent build that was interrupted (the instance killed, the statement cancelled) leaves an INVALID index of
 * that name, which `IF NOT EXISTS` would take for done while the planner never uses it. So an index still invalid
 * after the statement is dropped and built again. If another instance was building it at that moment, the drop waits
 * for that build (both take the table's SHARE UPDATE EXCLUSIVE lock), so the worst case is one build too many; the
 * index ends valid either way.
 */
export async function createIndexConcurrently(db: Queryable, engine: Database['kind'], name: string, definition: string): Promise<void> {
  if (engine !== 'postgres') {
    await db.query(`create index if not exists ${name} on ${definition}`);
    return;
  }
  await db.query(`create index concurrently if not exists ${name} on ${definition}`);
  const invalid = await db.query('select 1 from pg_index where indexrelid = to_regclass($1) and not indisvalid', [name]);
  if (invalid.rowCount === 0) return;
  await db.query(`drop index concurrently if exists ${name}`);
  await db.query(`create index concurrently if not exists ${name} on ${definition}`);
}
