import type { NavigationItem } from '../../schemas/entity-document';
import type { RequestContext } from '../lib/request-context';

/** The entity whose data grid an article line links to (the browser knows no entity kinds: the server answers the link). */
const ARTICLE_ENTITY = 'pos-supply/article';

/** The navigation path of the data grid of an entity (`area/entity`), or undefined when the navigation has none. */
export function dataGridPath(navigation: readonly NavigationItem[], entity: string): string | undefined {
  for (const item of navigation) {
    if (item.entity === entity && item.component === 'data-grid') return item.path;
    const inside = item.children ? dataGridPath(item.children, entity) : undefined;
    if (inside) return inside;
  }
  return undefined;
}

/**
 * The data grids' shared-link key `$k` (src/features/data-grid/grid-query.ts): the grid's query as base64 of its UTF-8
 * JSON, here a quick search for one text.
 */
const quickSearchKey = (text: string) => Buffer.from(JSON.stringify({ values: {}, q: text, sort: [] }), 'utf8').toString('base64');

/**
 * The link of a receipt line to its article: the article grid's page (from the navigation) searching for the article
 * number, started at once; null without a number, without such a page, or when the caller may not read that page in
 * the document's tenant (a link that would only answer 'not permitted' is left out). The path is without the
 * layout's prefix ('' or '/e'), which the browser adds.
 */
export function articleLinker(navigation: readonly NavigationItem[]): (context: RequestContext, tenantOid: number, articleNumber: string | null) => string | null {
  const path = dataGridPath(navigation, ARTICLE_ENTITY);
  return (context, tenantOid, articleNumber) => {
    if (!path || !articleNumber || !context.can(path, 'Read', tenantOid)) return null;
    return `${path}?$k=${encodeURIComponent(quickSearchKey(articleNumber))}&$start=1`;
  };
}

/** The download formats of a receipt (docs/documents.md, downloads). */
export const RECEIPT_DOWNLOAD_FORMATS = ['html', 'pdf', 'xml', 'zip', 'escpos'] as const;

/** The downloads of a receipt: each format's URL, under the file name `receipt-{Id}` (or `receipt-{Uid}` without an Id). */
export function receiptDownloads(uid: string, id: number | null): { format: string; href: string; fileName: string }[] {
  const name = `receipt-${id ?? uid}`;
  return RECEIPT_DOWNLOAD_FORMATS.map((format) => ({ format, href: `/api/download/receipt/${encodeURIComponent(uid)}/${name}.${format}`, fileName: `${name}.${format}` }));
}
