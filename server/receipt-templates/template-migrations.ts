import { exec, type Migration } from '../db/migrations';

/**
 * Receipt templates (versions 930-939, docs/receipt-templates.md): at most one template per document type and scope,
 * its XML as saved. The scope's tenant and country are kept beside it so reads filter by the caller's rights.
 * `version` counts the saves: a save names the version it started from, so a second designer cannot silently
 * overwrite the first.
 */
export const RECEIPT_TEMPLATE_MIGRATIONS: Migration[] = [
  {
    version: 930,
    name: 'receipt templates',
    up: (tx) =>
      exec(
        tx,
        `create table mate_receipt_template (
           oid bigserial primary key,
           document_type text not null,
           scope text not null,
           tenant_oid bigint,
           country text,
           xml text not null,
           version integer not null default 1,
           created_at timestamptz not null default now(),
           modified_at timestamptz not null default now(),
           modified_by bigint,
           modified_by_name text not null,
           unique (document_type, scope)
         );
         create index mate_receipt_template_tenant on mate_receipt_template (document_type, tenant_oid)`,
      ),
  },
];
