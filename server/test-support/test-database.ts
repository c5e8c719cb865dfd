import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';

/** A migrated database of its own for one test file, and how to throw it away. */
export interface TestDatabase {
  db: Database;
  /** The connection string of the throw-away PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * PGlite in memory by default; with DATABASE_URL set (or `serverUrl`, e.g. a test's private server), a fresh
 * database on that server, so the server suite runs unchanged on both (DESIGN.md "Storage").
 */
export async function createTestDatabase(options: { migrate?: boolean; serverUrl?: string } = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  let db: Database;
  let url: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (serverUrl) {
    const name = `mate_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    db = await openPostgresDatabase(url, 25);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    db = await openPgliteDatabase('memory://');
  }
  if (options.migrate !== false) await migrate(db, ALL_MIGRATIONS);
  return {
    db,
    url,
    async drop() {
      await db.close();
      await dropDatabase();
    },
  };
}
