// The bulk data of bench/scale.bench.ts, written with INSERT ... SELECT generate_series into the product's own tables
// (made by its migrations and catalogue sync, so that its indexes are what the bench measures), then analysed.
import { quoteIdent as q } from '../server/data/sql-names';
import type { Database } from '../server/db/database';
import { writeBenchDocuments } from './bench-documents';

/** Words of the article texts: one article in ten has each, so "contains" one of them matches a tenth of the rows. */
export const SCALE_WORDS = ['Shirt', 'Trousers', 'Jacket', 'Dress', 'Skirt', 'Sweater', 'Coat', 'Scarf', 'Belt', 'Socks'] as const;
/** Lines per document: documents = lines / LINES_PER_DOCUMENT. */
export const LINES_PER_DOCUMENT = 10;

const BATCH = 200_000;

/** Article number, internal number and text of article `n` (1-based), as SQL over `g` and as the bench asks for them. */
export const scaleArticleNumber = (n: number) => `A${String(n).padStart(8, '0')}`;
export const scaleArticleText = (n: number) => `${SCALE_WORDS[n % SCALE_WORDS.length]} ${String(n).padStart(8, '0')}`;

/**
 * `count` articles of the tenant: InternalNumber `I<n>` and ArticleNumber `A<n>` (8 digits, unique), Text
 * `<word> <n>` (the word cycles, so text order is not number order), a GTIN, a product group and a price. The audit
 * trail is off for the load (a bulk load is nobody's change, as the demo seed's).
 */
export async function writeScaleArticles(db: Database, table: string, tenantOid: number, count: number): Promise<void> {
  const words = `(array[${SCALE_WORDS.map((w) => `'${w}'`).join(', ')}])`;
  for (let start = 1; start <= count; start += BATCH) {
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('mate.audit', 'off', true)`);
      await tx.query(
        `insert into ${q(table)} ("TenantOid", "InternalNumber", "ArticleNumber", "Text", "GTIN", "ProductGroup", "RetailPrice")
         select $1, 'I' || lpad(g::text, 8, '0'), 'A' || lpad(g::text, 8, '0'), ${words}[1 + g % ${SCALE_WORDS.length}] || ' ' || lpad(g::text, 8, '0'),
                lpad((4000000000000 + g)::text, 13, '0'), 'PG' || (g % 40), 1 + (g * 7919 % 19900) / 100.0
           from generate_series($2::bigint, $3::bigint) as g`,
        [tenantOid, start, Math.min(count, start + BATCH - 1)],
      );
    });
  }
}

/**
 * `lines` document lines: lines / LINES_PER_DOCUMENT processed documents of the tenant over `days` days up to
 * yesterday (bench-documents.ts), each with LINES_PER_DOCUMENT lines of articles spread over all `articles`
 * (about lines / articles lines per article). Answers the number of documents.
 */
export async function writeScaleDocuments(db: Database, posTable: string, tenantOid: number, lines: number, articles: number, firstIso: string, days: number): Promise<number> {
  const documents = Math.max(1, Math.floor(lines / LINES_PER_DOCUMENT));
  await writeBenchDocuments(db, tenantOid, posTable, documents, firstIso, days);
  const range = (await db.query<{ lo: string; hi: string }>('select min(oid) as lo, max(oid) as hi from mate_terminal_document where tenant_oid = $1', [tenantOid])).rows[0]!;
  const step = Math.floor(BATCH / LINES_PER_DOCUMENT) * 5;
  for (let lo = Number(range.lo); lo <= Number(range.hi); lo += step) {
    await db.query(
      `insert into mate_document_line (document_oid, tenant_oid, location_oid, terminal_oid, kind, created_at, line_no, article_number, gtin, text, quantity, unit_price, amount, tax_rate, operator)
       select d.oid, d.tenant_oid, d.location_oid, d.terminal_oid, d.kind, d.created_at, n, 'A' || lpad(a::text, 8, '0'), null, 'Article ' || a,
              1 + n % 3, 1 + a % 200, (1 + n % 3) * (1 + a % 200), 19, d.operator
         from mate_terminal_document d
         cross join generate_series(1, ${LINES_PER_DOCUMENT}) as n
         cross join lateral (select 1 + (d.oid * 7919 + n * 104729) % $2 as a) as pick
        where d.tenant_oid = $1 and d.oid between $3 and $4`,
      [tenantOid, articles, lo, lo + step - 1],
    );
  }
  return documents;
}

/** Statistics after the load (and the visibility map a settled table has), as a database that has run a while. */
export async function settle(db: Database, tables: string[]): Promise<void> {
  for (const table of tables) await db.query(`vacuum (analyze) ${q(table)}`);
}
