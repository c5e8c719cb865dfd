import type { Database, Queryable } from './database';

/** One forward-only schema change. Versions are never reused or edited once released. */
export interface Migration {
  version: number;
  name: string;
  /** `engine` says which database it runs on, for the statements only one of them has. */
  up: (tx: Queryable, engine: Database['kind']) => Promise<void>;
  /**
   * Runs on the database itself, not in a transaction and without the migration lock: for `CREATE INDEX
   * CONCURRENTLY`, which may not run in one and lets writes to a large table go on while the index builds. Its `up`
   * must be idempotent (`IF NOT EXISTS`): two instances starting at once may both run it, and a start that fails
   * between the statement and its record runs it again.
   */
  outsideTransaction?: true;
}

/** Runs a script of statements separated by ';' at line ends. */
export async function exec(tx: Queryable, sql: string): Promise<void> {
  for (const statement of sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
}

/** The product's own tables. Entity tables are generated from metadata elsewhere. */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'foundation',
    up: (tx) =>
      exec(
        tx,
        `create table mate_setting (
           key text primary key,
           value jsonb not null,
           updated_at timestamptz not null default now()
         );
         create table mate_error (
           id text primary key,
           status integer not null,
           message text not null,
           detail jsonb,
           method text,
           url text,
           created_at timestamptz not null default now()
         )`,
      ),
  },
  {
    // The trigram indexes a kind may declare (docs/metadata.md "Lookup indexes") need its operator class before the
    // entity tables are synchronised. pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
    version: 2,
    name: 'pg_trgm',
    up: (tx) => tx.query('create extension if not exists pg_trgm').then(() => undefined),
  },
];

/**
 * Brings the schema up to the newest version, each migration in its own transaction. On PostgreSQL an
 * advisory lock makes concurrent starts of several instances wait for each other instead of racing.
 */
export async function migrate(db: Database, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  await db.query(`create table if not exists mate_migration (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now())`);
  const hadMigrations = (await db.query('select 1 from mate_migration limit 1')).rowCount > 0;
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = migration.outsideTransaction
      ? await migrateOutsideTransaction(db, migration)
      : await db.transaction(async (tx) => {
          if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7270401)');
          const existing = await tx.query('select 1 from mate_migration where version = $1', [migration.version]);
          if (existing.rowCount > 0) return false;
          await migration.up(tx, db.kind);
          await tx.query('insert into mate_migration (version, name) values ($1, $2)', [migration.version, migration.name]);
          return true;
        });
    if (done) applied.push(migration.version);
  }
  // An upgrade's migrations may fill or rewrite columns of tables that hold data: the planner then plans with the
  // new contents from the first request, not after autovacuum comes round. A fresh install has nothing to analyse.
  if (applied.length > 0 && hadMigrations) await db.query('analyze');
  return applied;
}

/** An `outsideTransaction` migration: its statements one by one, then its record (once, should another instance race). */
async function migrateOutsideTransaction(db: Database, migration: Migration): Promise<boolean> {
  if ((await db.query('select 1 from mate_migration where version = $1', [migration.version])).rowCount > 0) return false;
  await migration.up(db, db.kind);
  const recorded = await db.query('insert into mate_migration (version, name) values ($1, $2) on conflict (version) do nothing', [migration.version, migration.name]);
  return recorded.rowCount > 0;
}
