import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import type { DataApi, DataRecord, ListCount, ListParams } from './data-api';

/** The rows loaded so far and where the list stands. */
export interface GridListState {
  rows: DataRecord[];
  hasMore: boolean;
  next: string | undefined;
  loading: boolean;
  /** True once a search has been answered (the Search button then reads 'Refresh'). */
  searched: boolean;
  /** How many rows the query matches, as the first page counted them. */
  count?: ListCount | undefined;
}

const INITIAL: GridListState = { rows: [], hasMore: false, next: undefined, loading: false, searched: false };

/** How a search ended: a new first page, the same one (304, rows kept), or an error (shown as a toast). */
export type SearchOutcome = 'loaded' | 'unchanged' | 'failed' | 'dropped';

type Query = Omit<ListParams, 'take' | 'cursor' | 'count'>;
const sameQuery = (a: Query, b: Query) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Infinite list over the data service: `search` loads the first page of a query, `loadMore` the next one
 * (keyset `cursor`). Searching the query shown again is conditional (spec 2 §4): it sends the first page's tag
 * and a 304 keeps every row as it is. Answers of an older search are dropped. A 401/403 empties the list; every
 * error is a toast.
 */
export function useGridList(api: DataApi, pageSize: number) {
  const [state, setState] = useState<GridListState>(INITIAL);
  const generation = useRef(0);
  const current = useRef<{ params: Query; state: GridListState; firstPageTag: string | undefined }>({ params: {}, state: INITIAL, firstPageTag: undefined });
  useLayoutEffect(() => {
    current.current.state = state;
  });

  const load = useCallback(
    async (params: Query, cursor: string | undefined, etag?: string): Promise<SearchOutcome> => {
      const mine = ++generation.current;
      setState((s) => ({ ...s, loading: true }));
      try {
        // The first page counts the matching rows (cheaply, up to the server's limit); the next pages only read rows.
        const answer = await api.listIfChanged({ ...params, take: pageSize, ...(cursor ? { cursor } : { count: 'true' as const }) }, etag);
        if (mine !== generation.current) return 'dropped';
        if (!answer) {
          setState((s) => ({ ...s, loading: false }));
          return 'unchanged';
        }
        const { page } = answer;
        if (!cursor) current.current.firstPageTag = answer.etag;
        setState((s) => ({ rows: cursor ? [...s.rows, ...page.items] : page.items, hasMore: page.hasMore, next: page.next, loading: false, searched: true, count: cursor ? s.count : page.count }));
        return 'loaded';
      } catch (error) {
        if (mine !== generation.current) return 'dropped';
        const denied = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
        if (denied) current.current.firstPageTag = undefined;
        setState((s) => (denied ? { ...INITIAL, searched: s.searched } : { ...s, loading: false }));
        showError(error);
        return 'failed';
      }
    },
    [api, pageSize],
  );

  const search = useCallback(
    (params: Query) => {
      const { params: shown, state: now, firstPageTag } = current.current;
      const again = now.searched && sameQuery(shown, params) ? firstPageTag : undefined;
      current.current.params = params;
      if (!again) current.current.firstPageTag = undefined;
      return load(params, undefined, again);
    },
    [load],
  );

  const loadMore = useCallback(async () => {
    const { state: now, params } = current.current;
    if (now.loading || !now.hasMore || !now.next) return;
    await load(params, now.next);
  }, [load]);

  /** Replaces or removes one row after a save or delete, keeping the rest (the next refresh is a full one). */
  const patchRow = useCallback((oid: unknown, record: DataRecord | null) => {
    current.current.firstPageTag = undefined;
    setState((s) => ({ ...s, rows: record ? s.rows.map((row) => (row.Oid === oid ? record : row)) : s.rows.filter((row) => row.Oid !== oid) }));
  }, []);

  /** Puts a new record first. */
  const prependRow = useCallback((record: DataRecord) => {
    current.current.firstPageTag = undefined;
    setState((s) => ({ ...s, rows: [record, ...s.rows.filter((row) => row.Oid !== record.Oid)] }));
  }, []);

  const reset = useCallback(() => {
    generation.current++;
    current.current.firstPageTag = undefined;
    setState(INITIAL);
  }, []);

  return { state, search, loadMore, patchRow, prependRow, reset };
}
