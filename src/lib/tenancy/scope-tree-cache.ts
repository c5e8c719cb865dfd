import { apiCall } from '../api/api-client';

/** The scope tree as last received, with the ETag that names it. */
export interface CachedScopeTree<T> {
  etag: string;
  items: T[];
}

/** Where one user's tree is kept between page loads (localStorage per user in the app, a map in tests). */
export interface ScopeTreeStore<T> {
  read(): CachedScopeTree<T> | undefined;
  write(tree: CachedScopeTree<T>): void;
}

function isCachedTree<T>(value: CachedScopeTree<T> | undefined): value is CachedScopeTree<T> {
  return typeof value?.etag === 'string' && Array.isArray(value.items);
}

/**
 * The scope tree, revalidated: the kept tree's ETag goes along as If-None-Match, so an unchanged tree (the usual
 * case) costs a 304 without a body instead of the whole tree. A new tree replaces the kept one; an answer without an
 * ETag is used but not kept. The kept tree also serves as the first render's data (`cachedScopeTree`).
 */
export async function fetchScopeTree<T>(path: string, store: ScopeTreeStore<T>): Promise<T[]> {
  const kept = store.read();
  const cached = isCachedTree(kept) ? kept : undefined;
  const response = await apiCall<{ items?: T[] }>(path, { headers: cached ? { 'If-None-Match': cached.etag } : {}, accept: [304] });
  if (response.status === 304 && cached) return cached.items;
  const items = Array.isArray(response.data?.items) ? response.data.items : [];
  const etag = response.headers.get('etag');
  if (etag) store.write({ etag, items });
  return items;
}

/** The kept tree to show before revalidation answers, or undefined. */
export function cachedScopeTree<T>(store: ScopeTreeStore<T>): T[] | undefined {
  const kept = store.read();
  return isCachedTree(kept) ? kept.items : undefined;
}
