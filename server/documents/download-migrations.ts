import { exec, type Migration } from '../db/migrations';

/**
 * The downloads' own tables (versions 620-629). An attachment belongs to one stored document
 * (a receipt's signature, a scanned voucher) and is immutable like it: its bytes, their checked type and hash.
 */
export const DOWNLOAD_MIGRATIONS: Migration[] = [
  {
    version: 620,
    name: 'document-attachments',
    up: (tx) =>
      exec(
        tx,
        `create table mate_document_attachment (
           oid bigint generated always as identity primary key,
           document_oid bigint not null references mate_terminal_document (oid) on delete cascade,
           tenant_oid bigint not null,
           kind text not null,
           name text not null,
           content_type text not null,
           bytes bytea not null,
           size integer not null,
           sha256 text not null,
           created_at timestamptz not null default now(),
           unique (document_oid, kind, name)
         );
         create index mate_document_attachment_tenant on mate_document_attachment (tenant_oid, document_oid)`,
      ),
  },
];
