import pg from 'pg';
import { e2eDatabasePrefix } from './mate-server';

/** Drops the PostgreSQL databases this run's specs created, so runs leave nothing behind on the server. */
export default async function dropRunDatabases(): Promise<void> {
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
