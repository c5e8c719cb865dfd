import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { CASH_MOVEMENT_KINDS, CORRECTION_KINDS } from './document-kinds';
import type { Receipt } from '../terminals/receipt-schema';
import { taxRateKey, taxTotalsOf } from '../../schemas/price-calculation';

/** The entity tables a document is checked against; the ones a catalogue lacks are not checked. */
export interface DocumentTables {
  pos: string;
  tenant?: string;
  article?: string;
  tax?: string;
}

/** The tables of the catalogue's POS terminals, tenants, articles (`pos-supply/article`) and taxes (`pos-supply/tax`). */
export function documentTablesOf(catalogue: Catalogue, posTable: string): DocumentTables {
  const table = (area: string, entity: string) => catalogue.find(area, entity)?.table;
  return { pos: posTable, tenant: table('tenancy', 'tenant'), article: table('pos-supply', 'article'), tax: table('pos-supply', 'tax') };
}

/** Hundredths, so that sums compare without binary rounding. */
const cents = (amount: number) => Math.round(amount * 100);
/** Rates compare to four decimals, as they are stored. */
const rateKey = taxRateKey;
const formatRate = (rate: number) => `${rate} %`;

async function tenantOf(db: Queryable, tables: DocumentTables, tenantOid: number): Promise<{ currency: string | null; country: string | null }> {
  if (!tables.tenant) return { currency: null, country: null };
  const found = await db.query<{ CurrencyCode: string | null; CountryCode: string | null }>(`select "CurrencyCode", "CountryCode" from ${q(tables.tenant)} where "Oid" = $1`, [tenantOid]);
  return { currency: found.rows[0]?.CurrencyCode ?? null, country: found.rows[0]?.CountryCode ?? null };
}

/** The first line that names an article the tenant does not have (by article number, else by GTIN). */
async function articleProblem(db: Queryable, tables: DocumentTables, tenantOid: number, receipt: Receipt): Promise<string | undefined> {
  if (!tables.article) return undefined;
  const numbers = [...new Set(receipt.lines.flatMap((line) => (line.articleNumber ? [line.articleNumber] : [])))];
  const gtins = [...new Set(receipt.lines.flatMap((line) => (!line.articleNumber && line.gtin ? [line.gtin] : [])))];
  if (numbers.length === 0 && gtins.length === 0) return undefined;
  const found = await db.query<{ ArticleNumber: string | null; GTIN: string | null }>(
    `select "ArticleNumber", "GTIN" from ${q(tables.article)} where "TenantOid" = $1 and ("ArticleNumber" = any($2::text[]) or "GTIN" = any($3::text[]))`,
    [tenantOid, numbers, gtins],
  );
  const knownNumbers = new Set(found.rows.map((row) => row.ArticleNumber));
  const knownGtins = new Set(found.rows.map((row) => row.GTIN));
  for (const [index, line] of receipt.lines.entries()) {
    if (line.articleNumber && !knownNumbers.has(line.articleNumber)) return `Line ${index + 1}: the article ${line.articleNumber} does not exist in the tenant.`;
    if (!line.articleNumber && line.gtin && !knownGtins.has(line.gtin)) return `Line ${index + 1}: no article with the GTIN ${line.gtin} exists in the tenant.`;
  }
  return undefined;
}

/** The first line whose tax rate is not one of the tenant's taxes for its country. Cash movements carry no tax. */
async function taxProblem(db: Queryable, tables: DocumentTables, tenantOid: number, country: string | null, receipt: Receipt): Promise<string | undefined> {
  if (!tables.tax || CASH_MOVEMENT_KINDS.includes(receipt.kind ?? 'sale')) return undefined;
  const found = await db.query<{ Rate: string | number }>(
    `select distinct "Rate" from ${q(tables.tax)} where "TenantOid" = $1 and "Disabled" is not true and "Rate" is not null and ($2::text is null or "CountryCode" = $2)`,
    [tenantOid, country],
  );
  const rates = new Set(found.rows.map((row) => rateKey(Number(row.Rate))));
  for (const [index, line] of receipt.lines.entries()) {
    if (!rates.has(rateKey(line.taxRate))) return `Line ${index + 1}: the tax rate ${formatRate(line.taxRate)} does not exist for the tenant's country${country ? ` (${country})` : ''}.`;
  }
  return undefined;
}

/** When the receipt states its totals per tax rate: each must be the sum of its lines, and net + tax its amount. */
export function taxTotalsProblem(receipt: Receipt): string | undefined {
  if (!receipt.taxes) return undefined;
  // The same sums per tax rate as the POS and the shopping cart compute (schemas/price-calculation.ts).
  const perRate = new Map(taxTotalsOf(receipt.lines.map((line) => ({ amount: cents(line.amount), taxRate: line.taxRate }))).map((total) => [rateKey(total.rate), { rate: total.rate, sum: total.amount }]));
  const stated = new Set<number>();
  for (const tax of receipt.taxes) {
    const key = rateKey(tax.rate);
    if (stated.has(key)) return `The totals per tax rate name ${formatRate(tax.rate)} twice.`;
    stated.add(key);
    const sum = perRate.get(key)?.sum ?? 0;
    if (sum !== cents(tax.amount)) return `The totals per tax rate do not add up: at ${formatRate(tax.rate)} the lines come to ${sum / 100}, the receipt states ${tax.amount}.`;
    if (tax.net !== undefined && tax.tax !== undefined && cents(tax.net) + cents(tax.tax) !== cents(tax.amount)) {
      return `The totals per tax rate do not add up: at ${formatRate(tax.rate)} net ${tax.net} and tax ${tax.tax} do not make ${tax.amount}.`;
    }
  }
  for (const entry of perRate.values()) if (!stated.has(rateKey(entry.rate)) && entry.sum !== 0) return `The totals per tax rate do not add up: the lines at ${formatRate(entry.rate)} (${entry.sum / 100}) have no total.`;
  return undefined;
}

async function referenceProblem(db: Queryable, tenantOid: number, receipt: Receipt): Promise<string | undefined> {
  if (!receipt.references || !CORRECTION_KINDS.includes(receipt.kind ?? 'sale')) return undefined;
  const found = await db.query('select 1 from mate_terminal_document where tenant_oid = $1 and document_id = $2', [tenantOid, receipt.references]);
  return found.rowCount === 0 ? `The original document ${receipt.references} that this ${receipt.kind} references does not exist in the tenant.` : undefined;
}

/**
 * Why a well-formed document does not fit its tenant's data, or undefined when it does: its currency is not the
 * tenant's, an article or a tax rate does not exist, its totals per tax rate do not add up, or the original it
 * corrects is unknown. Such a document is stored all the same and stays unprocessed with this reason.
 */
export async function documentProblem(db: Queryable, tables: DocumentTables, tenantOid: number, receipt: Receipt): Promise<string | undefined> {
  const tenant = await tenantOf(db, tables, tenantOid);
  if (tenant.currency !== null && tenant.currency !== receipt.currency) return `The document is in ${receipt.currency}, but its tenant books in ${tenant.currency}.`;
  return (
    (await articleProblem(db, tables, tenantOid, receipt)) ??
    (await taxProblem(db, tables, tenantOid, tenant.country, receipt)) ??
    taxTotalsProblem(receipt) ??
    (await referenceProblem(db, tenantOid, receipt))
  );
}
