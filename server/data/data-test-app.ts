import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database';
import type { ContextResolver } from '../lib/request-context';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { loadCatalogue, type Catalogue } from './catalogue';
import { DataEventBus, type DataEvent } from './data-event-bus';
import { devContextResolver } from './dev-context';
import { syncEntityTables } from './sync-entity-tables';

/** The sample documents of the data service's own tests. */
export const TEST_FIXTURES_DIR = fileURLToPath(new URL('./test-fixtures', import.meta.url));

/** A test app serving a catalogue, with the events it published. */
export interface DataTestApp extends TestApp {
  catalogue: Catalogue;
  /** The database of the data routes (createTestApp keeps its own for the foundation's tables). */
  data: TestDatabase;
  events: DataEvent[];
  bus: DataEventBus;
}

/**
 * Builds the app with the data routes on a fresh database: tables synced, event bus started. `serverUrl` puts
 * both databases on that PostgreSQL server instead of the default one; `resolveContext` replaces the development user.
 */
export async function createDataTestApp(dirs: string[] = [TEST_FIXTURES_DIR], options: { serverUrl?: string; resolveContext?: ContextResolver } = {}): Promise<DataTestApp> {
  const catalogue = await loadCatalogue(dirs);
  const data = await createTestDatabase({ serverUrl: options.serverUrl });
  await syncEntityTables(data.db, catalogue);
  const bus = new DataEventBus(data.db);
  await bus.start();
  const events: DataEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const test = await createTestApp({ serverUrl: options.serverUrl, data: { db: data.db, catalogue, events: bus, resolveContext: options.resolveContext ?? devContextResolver() } });
  return {
    ...test,
    catalogue,
    data,
    events,
    bus,
    async close() {
      await test.close();
      await bus.close();
      await data.drop();
    },
  };
}

/**
 * The first words of the statements sent on `db` while `work` runs, those inside a transaction between `begin` and
 * `commit` (the event bus's own NOTIFYs left out): how many round trips a route takes, and which.
 */
export async function statementsDuring(db: Database, work: () => Promise<unknown>): Promise<string[]> {
  const { query, transaction } = db;
  const seen: string[] = [];
  const counted = (run: Database['query']) =>
    ((sql: string, params?: unknown[], options?: Parameters<Database['query']>[2]) => {
      if (!sql.startsWith('select pg_notify')) seen.push(sql.trim().split(/\s+/)[0]!.toLowerCase());
      return run(sql, params, options);
    }) as Database['query'];
  db.query = counted(query.bind(db));
  db.transaction = ((inner: Parameters<Database['transaction']>[0]) => {
    seen.push('begin');
    return transaction
      .call(db, (tx) => inner({ ...tx, query: counted(tx.query.bind(tx)) }))
      .finally(() => seen.push('commit'));
  }) as Database['transaction'];
  try {
    await work();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return seen;
}
