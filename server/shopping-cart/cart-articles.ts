import type { Catalogue } from '../data/catalogue';
import type { Queryable } from '../db/database';
import { likePattern } from '../data/list-query';
import { quoteIdent as q } from '../data/sql-names';
import { currencyDecimals, DEFAULT_CURRENCY } from '../../schemas/currency';

/** The tables the cart reads: the articles (`pos-supply/article`), their taxes and the tenants (for the currency). */
export interface CartTables {
  article: string;
  tax?: string;
  tenant?: string;
}

/** The cart's tables, or undefined when the catalogue has no articles (then the route is not served). */
export function cartTablesOf(catalogue: Catalogue): CartTables | undefined {
  const article = catalogue.find('pos-supply', 'article')?.table;
  if (!article) return undefined;
  return { article, tax: catalogue.find('pos-supply', 'tax')?.table, tenant: catalogue.find('tenancy', 'tenant')?.table };
}

/** One article as the cart adds it. */
export interface CartArticle {
  oid: number;
  articleNumber: string | null;
  gtin: string | null;
  text: string;
  unitPrice: number;
  taxRate: number;
  discountable: boolean;
}

/** The tenant's currency (EUR when it names none) and its minor unit. */
export async function tenantCurrency(db: Queryable, tables: CartTables, tenantOid: number): Promise<{ currency: string; decimals: number }> {
  const found = tables.tenant ? await db.query<{ CurrencyCode: string | null }>(`select "CurrencyCode" from ${q(tables.tenant)} where "Oid" = $1`, [tenantOid]) : undefined;
  const currency = found?.rows[0]?.CurrencyCode ?? DEFAULT_CURRENCY;
  return { currency, decimals: currencyDecimals(currency) };
}

/**
 * The tenant's enabled articles that match q: an article number or GTIN equal to it first, then those starting
 * with it, then those whose text contains it; all of them when q is empty. Only articles with a price.
 */
export async function searchCartArticles(db: Queryable, tables: CartTables, tenantOid: number, text: string, take: number): Promise<CartArticle[]> {
  const query = text.trim();
  const params: unknown[] = [tenantOid, query, `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, likePattern(query), take];
  const taxJoin = tables.tax ? `left join ${q(tables.tax)} t on t."Oid" = a."TaxOid"` : '';
  const rate = tables.tax ? 'coalesce(t."Rate", a."Tax", 0)' : 'coalesce(a."Tax", 0)';
  const found = await db.query<{ Oid: string | number; ArticleNumber: string | null; GTIN: string | null; Text: string | null; RetailPrice: string | number; Rate: string | number; DisallowDiscount: boolean | null }>(
    `select a."Oid", a."ArticleNumber", a."GTIN", a."Text", a."RetailPrice", ${rate} as "Rate", a."DisallowDiscount"
       from ${q(tables.article)} a ${taxJoin}
      where a."TenantOid" = $1 and a."Disabled" is not true and a."RetailPrice" is not null
        and ($2 = '' or a."ArticleNumber" ilike $3 or a."GTIN" like $3 or a."Text" ilike $4)
      order by case when a."ArticleNumber" = $2 or a."GTIN" = $2 then 0 when a."ArticleNumber" ilike $3 or a."GTIN" like $3 then 1 else 2 end, a."Text", a."Oid"
      limit $5`,
    params,
  );
  return found.rows.map((row) => ({
    oid: Number(row.Oid),
    articleNumber: row.ArticleNumber,
    gtin: row.GTIN,
    text: row.Text ?? row.ArticleNumber ?? String(row.Oid),
    unitPrice: Number(row.RetailPrice),
    taxRate: Number(row.Rate),
    discountable: row.DisallowDiscount !== true,
  }));
}
