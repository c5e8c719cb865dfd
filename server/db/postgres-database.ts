import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, NotificationHandler, Queryable, QueryOptions, QueryResult } from './database';
import { asUnavailable, isConnectionFailure } from './database-unavailable';

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

/** How long a request waits for a connection before it is answered 503 (ms). */
const CONNECT_TIMEOUT_MS = 5_000;
/** Back-off of the LISTEN connection's reconnect: first and longest wait (ms). */
export const LISTEN_RETRY_FIRST_MS = 100;
export const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * Connects a pool to a PostgreSQL server; fails fast with the server's message when it cannot. Once open it
 * survives losing the server: statements then fail at once with DatabaseUnavailableError, the pool opens new
 * connections when the server is back, and the LISTEN connection reconnects by itself with back-off.
 */
export async function openPostgresDatabase(url: string, poolSize = 10, options: { listenRetryFirstMs?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its connection must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const listener = new ListenConnection(url, options.listenRetryFirstMs ?? LISTEN_RETRY_FIRST_MS);

  const run = async <T>(statement: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await statement();
    } catch (error) {
      throw asUnavailable(error);
    }
    // The server answers again: events resume now rather than after the LISTEN connection's back-off.
    listener.databaseAnswered();
    return result;
  };

  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      return run(async () => wrap<T>(await (options?.prepare ? pool.query({ name: statementName(sql), text: sql, values: params }) : pool.query(sql, params))));
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await run(() => pool.connect());
      // A checked-out client has no listener of the pool: a connection lost between statements would otherwise be
      // an unhandled 'error' event that ends the process. The statement in flight fails anyway.
      const ignore = () => undefined;
      client.on('error', ignore);
      let broken = false;
      try {
        await client.query('begin');
        const result = await work({ query: async <R>(sql: string, params: unknown[] = []) => wrap<R>(await client.query(sql, params)) });
        await client.query('commit');
        return result;
      } catch (error) {
        broken = isConnectionFailure(error);
        if (!broken) await client.query('rollback').catch(() => undefined);
        throw asUnavailable(error);
      } finally {
        client.removeListener('error', ignore);
        // A broken connection is thrown away, not handed to the next request.
        client.release(broken || undefined);
      }
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    onListenerState: (handler) => listener.onState(handler),
    async notify(channel: string, payload: string) {
      await run(() => pool.query('select pg_notify($1, $2)', [channel, payload]));
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The one connection of an instance that LISTENs, kept apart from the pool. When it is lost (server restart,
 * pg_terminate_backend, an idle-timeout proxy) it reconnects with exponential back-off and LISTENs on every
 * channel again; notifications sent while it was away are not delivered.
 */
class ListenConnection {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private closed = false;
  /** Whether a pool's answer already cut the back-off short since the connection was last up (see databaseAnswered). */
  private wokenSinceUp = false;
  private readonly stateHandlers = new Set<(up: boolean) => void>();
  /** Whether the connection was lost since it was last up: the next `open` reports it is back. */
  private wasLost = false;

  constructor(
    private readonly url: string,
    private readonly retryFirstMs: number,
  ) {
    this.retryDelay = retryFirstMs;
  }

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    try {
      const client = await this.connected();
      if (isNew) await client.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) this.handlers.delete(channel);
      throw asUnavailable(error);
    }
    const handlers = set;
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0 && this.handlers.get(channel) === handlers) {
        this.handlers.delete(channel);
        await this.client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined);
      }
    };
  }

  /**
   * The pool just got an answer. While the LISTEN connection waits out its back-off (up to LISTEN_RETRY_MAX_MS
   * after a long outage), the server is evidently back, so it reconnects now: otherwise every event of the first
   * seconds after a restart would be lost to this instance. A no-op while connected or already connecting, and
   * done once per loss: should LISTEN fail while the pool works (e.g. too many connections), the back-off stands
   * instead of a connection attempt after every request.
   */
  databaseAnswered(): void {
    if (!this.retryTimer || this.wokenSinceUp) return;
    this.wokenSinceUp = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.reconnect();
  }

  /** Hears losing (false) and regaining (true) the connection; returns the unsubscribe function. */
  onState(handler: (up: boolean) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  private announce(up: boolean): void {
    for (const handler of [...this.stateHandlers]) {
      try {
        handler(up);
      } catch {
        // One failing watcher must not keep the state from the others.
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** The live connection, opening it (and LISTENing on every channel) when there is none. */
  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // The 'end' that follows an error is what starts the reconnect; the error itself needs only a listener.
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      for (const handler of [...(this.handlers.get(message.channel) ?? [])]) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('the database is closed');
    }
    client.once('end', () => this.lost(client));
    this.client = client;
    this.retryDelay = this.retryFirstMs;
    this.wokenSinceUp = false;
    if (this.wasLost) {
      this.wasLost = false;
      this.announce(true);
    }
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (!this.closed) {
      this.wasLost = true;
      this.announce(false);
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.handlers.size === 0) return;
    // Jitter keeps many instances from reconnecting in the same instant after a failover.
    const delay = this.retryDelay * (0.5 + Math.random() / 2);
    this.retryDelay = Math.min(this.retryDelay * 2, Math.max(LISTEN_RETRY_MAX_MS, this.retryFirstMs));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.reconnect();
    }, delay);
    this.retryTimer.unref();
  }

  private reconnect(): void {
    this.connected().catch(() => this.scheduleReconnect());
  }
}
