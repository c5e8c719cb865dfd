import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eDatabasePrefix, e2eRunRoot } from './mate-server';

/**
 * Drops the PostgreSQL databases this run created (the seeded template and any a spec left) and removes its temp
 * folder (data folders, the template) and the server bundle, so runs leave nothing behind.
 */
export default async function dropRunDatabases(): Promise<void> {
  rmSync(e2eRunRoot(), { recursive: true, force: true });
  const bundle = process.env.MATE_E2E_SERVER_BUNDLE;
  if (bundle) rmSync(path.dirname(bundle), { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const prefix = e2eDatabasePrefix();
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
