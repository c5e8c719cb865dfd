import type { Queryable } from '../db/database';
import { documentSummaryOf, documentSelect, selectDocuments, type DocumentSummary, type DocumentTables } from './document-query';

/** One article line of a document, as the terminal sent it. */
export interface DocumentLine {
  lineNo: number;
  articleNumber: string | null;
  gtin: string | null;
  text: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  taxRate: number;
  /** The article's page searching for it (without the layout prefix), when there is one the caller may read. */
  articleLink?: string | null;
}

/** The taxes of one rate: the gross amount of its lines, the net part and the tax in it (rounded to cents). */
export interface DocumentTax {
  rate: number;
  gross: number;
  net: number;
  tax: number;
}

/** A printed copy of the receipt (its HTML comes from the download route, never from here). */
export interface DocumentPartInfo {
  type: string;
  variant: string;
  printed: boolean;
}

/** A document with everything the viewer's detail shows. */
export interface DocumentDetail extends DocumentSummary {
  lines: DocumentLine[];
  payments: { lineNo: number; method: string; amount: number }[];
  taxes: DocumentTax[];
  parts: DocumentPartInfo[];
  attachments: { name: string; contentType: string | null }[];
  /** The document this one corrects (returns, cancellations), when it is stored in the same tenant. */
  original: DocumentSummary | null;
  /** The documents that correct this one. */
  corrections: DocumentSummary[];
  /** The receipt's downloads, one per format (docs/documents.md). */
  downloads?: { format: string; href: string; fileName: string }[];
}

type Body = Record<string, unknown>;
const list = (value: unknown): Body[] => (Array.isArray(value) ? value.filter((item): item is Body => typeof item === 'object' && item !== null) : []);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const round = (value: number) => Math.round(value * 100) / 100;

/** Taxes per rate from the lines: prices are gross, so the tax in a line is amount - amount / (1 + rate). */
export function taxesOf(lines: readonly DocumentLine[]): DocumentTax[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.amount);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, gross]) => {
      const net = round(gross / (1 + rate / 100));
      return { rate, gross: round(gross), net, tax: round(gross - net) };
    });
}

/** The stored body read into lines, payments, parts and attachments; members the body lacks are empty. */
export function contentOf(body: Body): Pick<DocumentDetail, 'lines' | 'payments' | 'taxes' | 'parts' | 'attachments'> {
  const lines = list(body.lines).map((line, index) => ({
    lineNo: index + 1,
    articleNumber: str(line.articleNumber),
    gtin: str(line.gtin),
    text: str(line.text) ?? '',
    quantity: num(line.quantity),
    unitPrice: num(line.unitPrice),
    amount: num(line.amount),
    taxRate: num(line.taxRate),
  }));
  return {
    lines,
    payments: list(body.payments).map((payment, index) => ({ lineNo: index + 1, method: str(payment.method) ?? '', amount: num(payment.amount) })),
    taxes: taxesOf(lines),
    parts: list(body.parts).map((part) => ({ type: str(part.type) ?? 'customer', variant: str(part.variant) ?? '', printed: part.printed === true })),
    attachments: list(body.attachments).map((attachment) => ({ name: str(attachment.name) ?? '', contentType: str(attachment.contentType) })),
  };
}

/**
 * The documents with a uid in the given tenants (a uid is unique per tenant only), oldest tenant first, each with
 * its body; the caller picks the one it may read.
 */
export async function findDocumentsByUid(db: Queryable, tables: DocumentTables, uid: string, tenantOids: readonly number[]): Promise<(DocumentSummary & { body: Body })[]> {
  if (tenantOids.length === 0) return [];
  const found = await db.query<Parameters<typeof documentSummaryOf>[0] & { body: Body | string }>(
    `${documentSelect(tables).replace('select d.oid,', 'select d.body, d.oid,')} where d.document_id = $1 and d.tenant_oid = any($2::bigint[]) order by d.tenant_oid`,
    [uid, tenantOids],
  );
  return found.rows.map((row) => ({ ...documentSummaryOf(row), body: typeof row.body === 'string' ? (JSON.parse(row.body) as Body) : row.body }));
}

/** A document's detail: its content, the original it references and the corrections that reference it (same tenant). */
export async function documentDetail(db: Queryable, tables: DocumentTables, document: DocumentSummary & { body: Body }): Promise<DocumentDetail> {
  const { body, ...summary } = document;
  const original = summary.references === null ? [] : await selectDocuments(db, tables, 'd.tenant_oid = $1 and d.document_id = $2', [summary.tenantOid, summary.references]);
  const corrections = await selectDocuments(db, tables, 'd.tenant_oid = $1 and d.references_id = $2', [summary.tenantOid, summary.uid]);
  return { ...summary, ...contentOf(body), original: original[0] ?? null, corrections };
}
