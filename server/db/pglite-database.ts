import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, NotificationHandler, Queryable, QueryResult } from './database';

// PGlite reports affectedRows 0 for a SELECT; the row count of a query is its rows unless it only changed rows.
function wrap<T>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<T> {
  return { rows: result.rows as T[], rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
}

/** Opens the embedded database in `dataDir` (created when missing), or in memory for `memory://`. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const pg = new PGlite(dataDir === 'memory://' ? undefined : dataDir);
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
