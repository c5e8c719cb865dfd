import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, NotificationHandler, Queryable, QueryOptions, QueryResult } from './database';

// Oids fit in a double; numeric stays a string on both drivers (PGlite does the same).
pg.types.setTypeParser(20, (value) => Number(value));

function wrap<T>(result: pg.QueryResult): QueryResult<T> {
  return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
}

// A prepared statement is named after its text: pg refuses one name for two texts, and each connection prepares
// a name on its first use.
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `mate_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Connects a pool to a PostgreSQL server; fails fast with the server's message when it cannot. */
export async function openPostgresDatabase(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();

  let listener: pg.PoolClient | undefined;
  const handlers = new Map<string, Set<NotificationHandler>>();

  async function listenerClient(): Promise<pg.PoolClient> {
    if (listener) return listener;
    listener = await pool.connect();
    listener.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    return listener;
  }

  const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      return wrap<T>(await (options?.prepare ? pool.query({ name: statementName(sql), text: sql, values: params }) : pool.query(sql, params)));
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: async <R>(sql: string, params: unknown[] = []) => wrap<R>(await client.query(sql, params)) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel: string, handler: NotificationHandler) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${quoteIdent(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    async notify(channel: string, payload: string) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      listener?.release();
      listener = undefined;
      await pool.end();
    },
  };
}
