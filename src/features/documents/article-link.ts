/** The shared-link key `$k` of the data grids: their query as base64 JSON (UTF-8 safe; see the data grid's README). */
function queryKey(query: { values: Record<string, unknown>; q: string; sort: unknown[] }): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(query))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The article data grid searching for an article number (its quick search), started at once: the link of a receipt
 * line to its article. `base` is the layout's prefix ('' or '/e').
 */
export function articleGridHref(base: string, articleNumber: string): string {
  return `${base}/data/pos-supply/article?$k=${encodeURIComponent(queryKey({ values: {}, q: articleNumber, sort: [] }))}&$start=1`;
}
