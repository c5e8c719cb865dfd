import type { Catalogue } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';
import type { Queryable } from '../db/database';
import type { RequestContext } from '../lib/request-context';
import { documentPathOfKind } from './document-types';
import type { ReceiptBody, ReceiptDocument } from './receipt-model';
import { downloadFault } from './download-fault';

export interface ReceiptRow {
  oid: string | number;
  tenant_oid: string | number;
  kind: string | null;
  body: ReceiptBody | string;
  processed: boolean;
  tenant_name: string | null;
  language: string | null;
  time_zone: string | null;
  location_name: string | null;
  terminal_name: string | null;
  country: string | null;
  location_oid: string | number | null;
  terminal_oid: string | number | null;
}

/** The select of stored receipts with the names their header prints and their scopes (a where clause follows). */
export function receiptSelect(catalogue: Catalogue): string {
  const table = (area: string, entity: string) => q(catalogue.find(area, entity)?.table ?? `mate_${entity}`);
  return `select d.oid, d.tenant_oid, d.kind, d.body, d.processed_at is not null as processed,
            t."Name" as tenant_name, t."LanguageCode" as language, t."TimeZone" as time_zone, l."Name" as location_name, p."Name" as terminal_name,
            t."CountryCode" as country, l."Oid" as location_oid, d.terminal_oid
       from mate_terminal_document d
       left join ${table('tenancy', 'tenant')} t on t."Oid" = d.tenant_oid
       left join ${table('tenancy', 'pos-terminal')} p on p."Oid" = d.terminal_oid
       left join ${table('tenancy', 'location')} l on l."Oid" = coalesce(d.location_oid, p."LocationOid")`;
}

/**
 * The stored receipt `uid` as the caller may download it: looked for in the caller's tenants only and inside the
 * location and terminal the scope headers pin (as the viewer lists them), so that a document of another tenant or
 * outside the scope answers 404 exactly like one that does not exist; found, the caller needs Read on the viewer's
 * path of its type in its tenant (docs/documents.md "Permission"), else 403. Both refusals carry the fault body.
 */
export async function readReceiptDocument(db: Queryable, catalogue: Catalogue, context: RequestContext, uid: string): Promise<ReceiptDocument> {
  const found = await db.query<ReceiptRow>(
    `${receiptSelect(catalogue)}
      where d.document_id = $1 and d.tenant_oid = any($2::bigint[])
        and ($3::bigint is null or d.location_oid = $3::bigint) and ($4::bigint is null or d.terminal_oid = $4::bigint)
      order by d.oid`,
    [uid, context.tenantOids, context.locationOid ?? null, context.terminalOid ?? null],
  );
  if (found.rowCount === 0) throw downloadFault(404, `The receipt ${uid} does not exist.`, 'uid');
  const documents = found.rows.map(toDocument);
  const readable = documents.find((document) => context.can(documentPathOfKind(document.kind), 'Read', document.tenantOid));
  if (!readable) {
    const path = documentPathOfKind(documents[0]!.kind);
    throw downloadFault(403, `Not permitted: Read on ${path} in the receipt's tenant.`);
  }
  return readable;
}

export function toDocument(row: ReceiptRow): ReceiptDocument {
  const body = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as ReceiptBody;
  return {
    oid: Number(row.oid),
    tenantOid: Number(row.tenant_oid),
    // The column is the kind intake decided (docmodel's migration 600); the body's member is what the terminal sent.
    kind: row.kind ?? (typeof body.kind === 'string' ? body.kind : 'sale'),
    body,
    tenantName: row.tenant_name ?? `Tenant ${row.tenant_oid}`,
    language: languageOf(row.language),
    timeZone: timeZoneOf(row.time_zone),
    locationName: row.location_name,
    terminalName: row.terminal_name,
    processed: row.processed,
    scopeChain: [
      'GLOBAL',
      ...(row.country ? [`COUNTRY:${row.country}`] : []),
      `TENANT:${row.tenant_oid}`,
      ...(row.location_oid === null ? [] : [`LOCATION:${row.location_oid}`]),
      ...(row.terminal_oid === null ? [] : [`TERMINAL:${row.terminal_oid}`]),
    ],
  };
}

/** A tenant's LanguageCode as a language Intl knows; English when it is missing or not one. */
function languageOf(code: string | null): string {
  if (!code) return 'en';
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([code]).length > 0 ? code : 'en';
  } catch {
    return 'en';
  }
}

/** A tenant's TimeZone as one Intl knows; UTC when it is missing or not one. */
function timeZoneOf(zone: string | null): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}
