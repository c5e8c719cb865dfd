import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { ean13CheckDigit } from '../documents/barcode-request';

/** One article on the sheet and what its barcode encodes. */
export interface SheetArticle {
  oid: number;
  text: string;
  articleNumber: string | null;
  code: string;
  symbology: 'ean13' | 'code128';
}

/** The article table of the catalogue (`pos-supply/article`), or undefined when it has none. */
export function sheetArticleTable(catalogue: Catalogue): string | undefined {
  return catalogue.find('pos-supply', 'article')?.table;
}

/** Whether a GTIN is a valid EAN-13 (13 digits, right check digit). */
export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);
}

/** What a scanner reads for an article: its GTIN as EAN-13 when valid, else the GTIN or article number as Code 128. */
export function codeOf(gtin: string | null, articleNumber: string | null): Pick<SheetArticle, 'code' | 'symbology'> | undefined {
  if (gtin && isEan13(gtin)) return { code: gtin, symbology: 'ean13' };
  const printable = (text: string | null) => (text && /^[\x20-\x7e]{1,80}$/.test(text) ? text : undefined);
  const code = printable(gtin) ?? printable(articleNumber);
  return code ? { code, symbology: 'code128' } : undefined;
}

/**
 * `count` articles of the tenant picked at random but reproducibly: ordered by a hash of the seed and the oid (the
 * same SQL on PGlite and PostgreSQL), so the same seed over the same articles gives the same sheet.
 */
export async function pickSheetArticles(db: Queryable, table: string, tenantOid: number, seed: number, count: number): Promise<SheetArticle[]> {
  const found = await db.query<{ Oid: string | number; Text: string | null; ArticleNumber: string | null; GTIN: string | null }>(
    `select "Oid", "Text", "ArticleNumber", "GTIN" from ${q(table)}
      where "TenantOid" = $1 and "Disabled" is not true and (coalesce("GTIN", '') <> '' or coalesce("ArticleNumber", '') <> '')
      order by md5($2::text || ':' || "Oid"::text), "Oid" limit $3`,
    [tenantOid, String(seed), count],
  );
  return found.rows.flatMap((row) => {
    const code = codeOf(row.GTIN, row.ArticleNumber);
    return code ? [{ oid: Number(row.Oid), text: row.Text ?? row.ArticleNumber ?? code.code, articleNumber: row.ArticleNumber, ...code }] : [];
  });
}
