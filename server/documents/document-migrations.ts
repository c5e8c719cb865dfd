import { exec, type Migration } from '../db/migrations';
import { createIndexConcurrently } from '../db/concurrent-index';
import { entityTableName } from '../data/sql-names';
import { DOCUMENT_KINDS } from './document-kinds';

/** The lines of every stored document, unnested from its body (used by migration 600 and by the demo data). */
export const LINES_FROM_BODY = `
  select d.oid, d.tenant_oid, d.location_oid, d.terminal_oid, d.kind, d.created_at, l.line_no::int,
         l.value->>'articleNumber', l.value->>'gtin', l.value->>'text',
         (l.value->>'quantity')::numeric(18, 4), (l.value->>'unitPrice')::numeric(18, 4), (l.value->>'amount')::numeric(18, 4),
         (l.value->>'taxRate')::numeric(7, 4), d.operator
    from mate_terminal_document d cross join lateral jsonb_array_elements(d.body->'lines') with ordinality as l(value, line_no)`;

/** The payments of every stored document, unnested from its body. */
export const PAYMENTS_FROM_BODY = `
  select d.oid, d.tenant_oid, d.location_oid, d.terminal_oid, d.kind, d.created_at, p.line_no::int,
         p.value->>'method', (p.value->>'amount')::numeric(18, 4), d.operator
    from mate_terminal_document d cross join lateral jsonb_array_elements(d.body->'payments') with ordinality as p(value, line_no)`;

export const LINE_COLUMNS = 'document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, article_number, gtin, text, quantity, unit_price, amount, tax_rate, operator';
export const PAYMENT_COLUMNS = 'document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, method, amount, operator';

/**
 * The document model (versions 600-619; docs/terminals.md "Document kinds"): a handed-in document's kind, the
 * location of its terminal at intake, its operator and the original it corrects, and its lines and payments as
 * normalised rows for reports (filled at intake in the same transaction; existing documents backfilled here).
 */
export const DOCUMENT_MIGRATIONS: Migration[] = [
  {
    version: 600,
    name: 'document-model',
    async up(tx) {
      await exec(
        tx,
        `alter table mate_terminal_document add column kind text not null default 'sale';
         alter table mate_terminal_document add constraint mate_terminal_document_kind check (kind in (${DOCUMENT_KINDS.map((kind) => `'${kind}'`).join(', ')}));
         alter table mate_terminal_document add column location_oid bigint;
         alter table mate_terminal_document add column operator text;
         alter table mate_terminal_document add column references_id text;
         update mate_terminal_document set kind = coalesce(body->>'kind', 'sale'), operator = body->>'operator', references_id = body->>'references';
         create index mate_terminal_document_kind on mate_terminal_document (tenant_oid, kind, created_at);
         create index mate_terminal_document_location on mate_terminal_document (tenant_oid, location_oid, created_at);
         create index mate_terminal_document_references on mate_terminal_document (tenant_oid, references_id) where references_id is not null;
         create table mate_document_line (
           document_oid bigint not null,
           tenant_oid bigint not null,
           location_oid bigint,
           terminal_oid bigint not null,
           kind text not null,
           created_at timestamptz not null,
           line_no int not null,
           article_number text,
           gtin text,
           text text,
           quantity numeric(18, 4) not null,
           unit_price numeric(18, 4) not null,
           amount numeric(18, 4) not null,
           tax_rate numeric(7, 4) not null,
           operator text,
           primary key (document_oid, line_no)
         );
         create index mate_document_line_created on mate_document_line (tenant_oid, created_at);
         create table mate_document_payment (
           document_oid bigint not null,
           tenant_oid bigint not null,
           location_oid bigint,
           terminal_oid bigint not null,
           kind text not null,
           created_at timestamptz not null,
           line_no int not null,
           method text not null,
           amount numeric(18, 4) not null,
           operator text,
           primary key (document_oid, line_no)
         );
         create index mate_document_payment_created on mate_document_payment (tenant_oid, created_at)`,
      );
      // The POS terminal table comes from the metadata and may not exist yet (a new database): then there is nothing
      // to backfill either.
      const posTable = entityTableName('tenancy', 'pos-terminal');
      const exists = await tx.query<{ found: string | null }>('select to_regclass($1)::text as found', [posTable]);
      if (exists.rows[0]?.found) {
        await tx.query(`update mate_terminal_document d set location_oid = t."LocationOid" from "${posTable}" t where t."Oid" = d.terminal_oid`);
      }
      await tx.query(`insert into mate_document_line (${LINE_COLUMNS}) ${LINES_FROM_BODY}`);
      await tx.query(`insert into mate_document_payment (${PAYMENT_COLUMNS}) ${PAYMENTS_FROM_BODY}`);
    },
  },
  {
    // The viewer's "documents with this article" (document-query.ts) finds their lines by tenant and article number
    // instead of reading every line. Built concurrently on PostgreSQL, so that intake goes on writing lines meanwhile
    // (docs/operations.md "Upgrades").
    version: 601,
    name: 'document-line-article-index',
    outsideTransaction: true,
    up: (db, engine) => createIndexConcurrently(db, engine, 'mate_document_line_article', 'mate_document_line (tenant_oid, article_number)'),
  },
];
