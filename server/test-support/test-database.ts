import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { loadCatalogue } from '../data/catalogue';
import { syncEntityTables } from '../data/sync-entity-tables';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';
import type { TestTemplateName, TestTemplates } from './test-templates';

/** A migrated database of its own for one test file, and how to throw it away. */
export interface TestDatabase {
  db: Database;
  /** The connection string of the throw-away PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

/** The run's templates (test-templates.ts, the server project's global setup); undefined outside such a run. */
function templates(): TestTemplates | undefined {
  try {
    return inject('testTemplates') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite in memory by default; with DATABASE_URL set (or `serverUrl`, e.g. a test's private server), a fresh
 * database on that server, so the server suite runs unchanged on both (DESIGN.md "Storage"). Migrated unless
 * `migrate` is false; `template: 'synced'` also has the built-in catalogue's entity tables. Both start from the run's
 * templates when there are (a PGlite dump, a PostgreSQL template database; not on a test's private server).
 */
export async function createTestDatabase(options: { migrate?: boolean; serverUrl?: string; template?: TestTemplateName } = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  const wanted: TestTemplateName | undefined = options.migrate === false ? undefined : (options.template ?? 'migrated');
  const template = wanted && (options.serverUrl === undefined || options.serverUrl === process.env.DATABASE_URL) ? templates()?.[wanted] : undefined;
  let db: Database;
  let url: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (serverUrl) {
    const name = `mate_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(template?.database ? `create database ${name} template ${template.database}` : `create database ${name}`);
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
    db = await openPgliteDatabase('memory://', template?.dump ? { loadDataDir: new Blob([await readFile(template.dump)]) } : {});
  }
  const fromTemplate = serverUrl ? template?.database !== undefined : template?.dump !== undefined;
  if (wanted && !fromTemplate) {
    await migrate(db, ALL_MIGRATIONS);
    if (wanted === 'synced') await syncEntityTables(db, await loadCatalogue([BUILT_IN_METADATA_DIR]));
  }
  return {
    db,
    url,
    async drop() {
      await db.close();
      await dropDatabase();
    },
  };
}
