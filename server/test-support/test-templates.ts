import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Database } from '../db/database';
import { openPostgresDatabase } from '../db/postgres-database';
import { PGLITE_EXTENSIONS } from '../db/pglite-database';
import { migrate } from '../db/migrations';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { loadCatalogue } from '../data/catalogue';
import { syncEntityTables } from '../data/sync-entity-tables';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';

// The server tests' global setup (vitest.config.ts). A new PGlite runs initdb (seconds on a busy 2-core machine), and
// migrating and syncing the built-in catalogue's tables takes seconds more; about 60 test files did both for each
// database they made. They are done once here, and createTestDatabase starts each database from the result: on
// PGlite a dump of the data folder (dumpDataDir/loadDataDir), on PostgreSQL CREATE DATABASE ... TEMPLATE.

/** A template: `migrated` has ALL_MIGRATIONS; `synced` also the built-in catalogue's entity tables. */
export type TestTemplateName = 'migrated' | 'synced';
/** Where the templates are: dump files (PGlite) or database names (PostgreSQL), per name. */
export type TestTemplates = Record<TestTemplateName, { dump?: string; database?: string }>;

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | null;
  }
}

async function fill(db: Database, name: TestTemplateName): Promise<void> {
  await migrate(db, ALL_MIGRATIONS);
  if (name === 'synced') await syncEntityTables(db, await loadCatalogue([BUILT_IN_METADATA_DIR]));
}

async function pgliteTemplates(folder: string): Promise<TestTemplates> {
  const templates = {} as TestTemplates;
  for (const name of ['migrated', 'synced'] as const) {
    const lite = new PGlite({ extensions: PGLITE_EXTENSIONS });
    await lite.waitReady;
    // The Database wrapper owns its PGlite; a bare one is filled through a thin adapter so it can be dumped.
    const wrapped: Database = {
      kind: 'pglite',
      query: async (sql, params = []) => {
        const result = await lite.query(sql, params);
        return { rows: result.rows as never[], rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
      },
      transaction: (work) =>
        lite.transaction((tx) =>
          work({
            query: async (sql, params = []) => {
              const result = await tx.query(sql, params);
              return { rows: result.rows as never[], rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
            },
          }),
        ),
      listen: () => Promise.reject(new Error('not while making a template')),
      notify: () => Promise.reject(new Error('not while making a template')),
      close: () => lite.close(),
    };
    await fill(wrapped, name);
    const dump = await lite.dumpDataDir('none');
    const file = path.join(folder, `${name}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await lite.close();
    templates[name] = { dump: file };
  }
  return templates;
}

async function postgresTemplates(serverUrl: string, run: string): Promise<TestTemplates> {
  const templates = {} as TestTemplates;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const name of ['migrated', 'synced'] as const) {
      const database = `mate_test_tpl_${run}_${name}`;
      await admin.query(`create database ${database}`);
      const target = new URL(serverUrl);
      target.pathname = `/${database}`;
      const db = await openPostgresDatabase(target.toString(), 2);
      try {
        await fill(db, name);
      } finally {
        await db.close();
      }
      templates[name] = { database };
    }
  } finally {
    await admin.end();
  }
  return templates;
}

/** vitest globalSetup: makes the templates, provides where they are, and removes them after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // MATE_TEST_TEMPLATES=off: every database made and migrated from nothing, as before (to measure, or to rule it out).
  if (process.env.MATE_TEST_TEMPLATES === 'off') {
    project.provide('testTemplates', null);
    return async () => undefined;
  }
  const begun = Date.now();
  const serverUrl = process.env.DATABASE_URL;
  const run = randomBytes(4).toString('hex');
  const folder = mkdtempSync(path.join(tmpdir(), 'mate-test-templates-'));
  const templates = serverUrl ? await postgresTemplates(serverUrl, run) : await pgliteTemplates(folder);
  project.provide('testTemplates', templates);
  if (process.env.MATE_TEST_TIMING) console.log(`test templates made in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const { database } of Object.values(templates)) if (database) await admin.query(`drop database if exists ${database} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
