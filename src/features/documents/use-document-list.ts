import { useMemo } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiGet } from '../../lib/api/api-client';
import { listQueryOf, type DocumentQueryValues, type DocumentSort } from './document-query';
import type { DocumentDetail, DocumentPage } from './document-types';

/** Documents per page (spec 2 §2: the data grids' page size). */
export const DOCUMENT_PAGE_SIZE = 50;

type ListKey = readonly ['documents', string, string, DocumentSort, number];

const fetchPage = ([, type, values, sort, skip]: ListKey) =>
  apiGet<DocumentPage>(`/api/documents/receipt/${type}`, listQueryOf(JSON.parse(values) as DocumentQueryValues, sort, skip, DOCUMENT_PAGE_SIZE));

/**
 * The documents of a type that match the query, a page at a time (offset paging, the server counts the total up to
 * its limit: `exact` false says "more than `total`");
 * `loadMore` reads the next page when the end of the list comes into view. Undefined query: no search yet.
 */
export function useDocumentList(type: string, query: { values: DocumentQueryValues; sort: DocumentSort } | undefined) {
  const serialised = query ? JSON.stringify(query.values) : undefined;
  const sort = query?.sort ?? '-date';
  const swr = useSWRInfinite<DocumentPage>(
    (index, previous: DocumentPage | null): ListKey | null => {
      if (serialised === undefined) return null;
      if (index > 0 && (!previous || previous.items.length < DOCUMENT_PAGE_SIZE)) return null;
      return ['documents', type, serialised, sort, index * DOCUMENT_PAGE_SIZE];
    },
    fetchPage as (key: ListKey) => Promise<DocumentPage>,
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const pages = swr.data;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const total = pages?.[0]?.total;
  // Past the server's count limit the total is "more than": then a full last page is what says more may follow.
  const exact = pages?.[0]?.exact !== false;
  const lastFull = (pages?.[pages.length - 1]?.items.length ?? 0) === DOCUMENT_PAGE_SIZE;
  const hasMore = total !== undefined && (exact ? rows.length < total : lastFull);
  return {
    rows,
    total,
    exact,
    hasMore,
    loading: swr.isLoading || swr.isValidating,
    error: swr.error as unknown,
    loadMore: () => {
      if (hasMore && !swr.isValidating) void swr.setSize(swr.size + 1);
    },
    refresh: () => void swr.mutate(),
  };
}

/** One document with its content; undefined uid: none selected. */
export function useDocumentDetail(uid: string | undefined, tenantOid: number | undefined) {
  const swr = useSWR<DocumentDetail>(uid ? ['document', uid, tenantOid] : null, ([, id, tenant]: [string, string, number | undefined]) => apiGet<DocumentDetail>(`/api/documents/receipt/by-uid/${id}`, { tenant }), {
    revalidateOnFocus: false,
  });
  return { detail: swr.data, error: swr.error as unknown, loading: swr.isLoading };
}
