/** The rows and count of one statement. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** How one statement runs. */
export interface QueryOptions {
  /**
   * Keeps the statement prepared on each connection (PostgreSQL; PGlite ignores it), so later runs skip parsing
   * and planning. For hot statements whose text is one of few: the text names the prepared statement.
   */
  prepare?: boolean;
}

/** Something that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
}

/** Called with the payload of each NOTIFY on a channel. */
export type NotificationHandler = (payload: string) => void;

/**
 * One interface over PGlite and PostgreSQL, so routes, migrations and tests run the same SQL on both.
 * Every request that writes does so inside `transaction`, so nothing is half-written.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; resolves to the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Sends a NOTIFY that every instance listening on the same database receives. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Called with false when the LISTEN connection is lost and true when it is back (PostgreSQL only: PGlite's
   * notifications cannot be lost). Notifications sent meanwhile were missed, so whoever keeps state that NOTIFYs
   * keep current (the identity cache) must drop it. Returns the unsubscribe function.
   */
  onListenerState?(handler: (up: boolean) => void): () => void;
  /** Closes connections; PGlite flushes its files. */
  close(): Promise<void>;
}
