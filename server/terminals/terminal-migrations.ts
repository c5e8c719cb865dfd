import { exec, type Migration } from '../db/migrations';

/**
 * The terminal endpoint's own tables (versions 500-599 are the terminals'). Credentials hold only a SHA-256 of the
 * secret; connection state is one row per terminal that every instance reads and writes; the log and the handed-in
 * documents are append-only (purging old rows is a job's work, server/jobs).
 */
export const TERMINAL_MIGRATIONS: Migration[] = [
  {
    version: 500,
    name: 'terminals',
    up: (tx) =>
      exec(
        tx,
        `create table mate_terminal_credential (
           terminal_oid bigint primary key,
           tenant_oid bigint not null,
           terminal_key text not null unique,
           secret_hash text not null,
           issued_at timestamptz not null default now()
         );
         create table mate_terminal_connection (
           terminal_oid bigint primary key,
           tenant_oid bigint not null,
           connected boolean not null,
           connection_id text not null,
           instance_id text not null,
           address text,
           version text,
           connected_at timestamptz not null,
           last_heartbeat_at timestamptz not null,
           disconnected_at timestamptz
         );
         create index mate_terminal_connection_tenant on mate_terminal_connection (tenant_oid);
         create table mate_terminal_log (
           id bigserial primary key,
           terminal_oid bigint not null,
           tenant_oid bigint not null,
           at timestamptz not null default now(),
           event text not null,
           detail jsonb
         );
         create index mate_terminal_log_terminal on mate_terminal_log (terminal_oid, id desc);
         create table mate_terminal_document (
           oid bigserial primary key,
           tenant_oid bigint not null,
           terminal_oid bigint not null,
           document_id text not null,
           document_type text not null,
           receipt_number bigint,
           created_at timestamptz not null,
           currency text not null,
           total numeric(18, 4) not null,
           body jsonb not null,
           received_at timestamptz not null default now(),
           unique (tenant_oid, document_id)
         );
         create index mate_terminal_document_created on mate_terminal_document (tenant_oid, created_at)`,
      ),
  },
  {
    version: 501,
    name: 'terminal-document-processing-and-configuration-pushes',
    // A handed-in document is booked (processed) later, by the reprocess job; one that could not be booked keeps the
    // reason. A configuration push is one terminal's copy of its configuration, delivered by whichever instance holds
    // the terminal's socket (docs/terminals.md "Configuration").
    up: (tx) =>
      exec(
        tx,
        `alter table mate_terminal_document add column processed_at timestamptz;
         alter table mate_terminal_document add column processing_error text;
         create index mate_terminal_document_unprocessed on mate_terminal_document (tenant_oid, oid) where processed_at is null;
         create table mate_terminal_configuration_push (
           oid bigint generated always as identity primary key,
           job_oid bigint,
           terminal_oid bigint not null,
           tenant_oid bigint not null,
           configuration jsonb not null,
           created_at timestamptz not null default now(),
           delivered_at timestamptz,
           delivered_by text
         );
         create index mate_terminal_configuration_push_job on mate_terminal_configuration_push (job_oid)`,
      ),
  },
];
