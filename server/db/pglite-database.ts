import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, NotificationHandler, Queryable, QueryResult } from './database';

// PGlite reports affectedRows 0 for a SELECT; the row count of a query is its rows unless it only changed rows.
function wrap<T>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<T> {
  return { rows: result.rows as T[], rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
}

/**
 * The extensions every embedded database loads, so the migrations can create them as on PostgreSQL: pg_trgm for the
 * trigram indexes that serve "contains" (docs/metadata.md "Lookup indexes"). Shipped inside the package: no network.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens the embedded database in `dataDir` (created when missing), or in memory for `memory://`. `loadDataDir` starts
 * it from a dump (PGlite's dumpDataDir) instead of an empty cluster: the tests' migrated template.
 */
export async function openPgliteDatabase(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  // One options object: PGlite reads a second argument only after a data folder string.
  const pg = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(dataDir === 'memory://' ? {} : { dataDir }), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await pg.waitReady;
  const db: Database = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return wrap<T>(await pg.query(sql, params));
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return pg.transaction(async (tx) =>
        work({ query: async <R>(sql: string, params: unknown[] = []) => wrap<R>(await tx.query(sql, params)) }),
      );
    },
    async listen(channel: string, handler: NotificationHandler) {
      const unsubscribe = await pg.listen(channel, handler);
      return async () => unsubscribe();
    },
    async notify(channel: string, payload: string) {
      await pg.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
  return db;
}
