import { exec, type Migration } from '../db/migrations';

/**
 * The diagnostics' own tables (versions 700-719). mate_db_size_sample keeps one row per table and sample time, so the
 * database usage page can show how a table grew; samples are taken when the page reads and the newest is older than
 * an hour (server/diagnostics/database-usage.ts), and old ones are thinned out there too.
 */
export const DIAGNOSTICS_MIGRATIONS: Migration[] = [
  {
    version: 700,
    name: 'database size samples',
    up: (tx) =>
      exec(
        tx,
        `create table mate_db_size_sample (
           taken_at timestamptz not null,
           table_name text not null,
           total_bytes bigint not null,
           row_count bigint not null,
           primary key (taken_at, table_name)
         );
         create index mate_db_size_sample_table on mate_db_size_sample (table_name, taken_at)`,
      ),
  },
];
