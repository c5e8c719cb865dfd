import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import type { DataApi, DataRecord, ListParams } from './data-api';

/** The rows loaded so far and where the list stands. */
export interface GridListState {
  rows: DataRecord[];
  hasMore: boolean;
  next: string | undefined;
  loading: boolean;
  /** True once a search has been answered (the Search button then reads 'Refresh'). */
  searched: boolean;
}

const INITIAL: GridListState = { rows: [], hasMore: false, next: undefined, loading: false, searched: false };

/**
 * Infinite list over the data service: `search` loads the first page of a query, `loadMore` the next one
 * (keyset `cursor`). Answers of an older search are dropped. A 401/403 empties the list; every error is a toast.
 */
export function useGridList(api: DataApi, pageSize: number) {
  const [state, setState] = useState<GridListState>(INITIAL);
  const generation = useRef(0);
  const current = useRef<{ params: Omit<ListParams, 'take' | 'cursor'>; state: GridListState }>({ params: {}, state: INITIAL });
  current.current.state = state;

  const load = useCallback(
    async (params: Omit<ListParams, 'take' | 'cursor'>, cursor: string | undefined) => {
      const mine = ++generation.current;
      setState((s) => ({ ...s, loading: true }));
      try {
        const page = await api.list({ ...params, take: pageSize, ...(cursor ? { cursor } : {}) });
        if (mine !== generation.current) return;
        setState((s) => ({ rows: cursor ? [...s.rows, ...page.items] : page.items, hasMore: page.hasMore, next: page.next, loading: false, searched: true }));
      } catch (error) {
        if (mine !== generation.current) return;
        const denied = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
        setState((s) => (denied ? { ...INITIAL, searched: s.searched } : { ...s, loading: false }));
        showError(error);
      }
    },
    [api, pageSize],
  );

  const search = useCallback(
    (params: Omit<ListParams, 'take' | 'cursor'>) => {
      current.current.params = params;
      return load(params, undefined);
    },
    [load],
  );

  const loadMore = useCallback(() => {
    const { state: now, params } = current.current;
    if (now.loading || !now.hasMore || !now.next) return Promise.resolve();
    return load(params, now.next);
  }, [load]);

  /** Replaces or removes one row after a save or delete, keeping the rest. */
  const patchRow = useCallback((oid: unknown, record: DataRecord | null) => {
    setState((s) => ({ ...s, rows: record ? s.rows.map((row) => (row.Oid === oid ? record : row)) : s.rows.filter((row) => row.Oid !== oid) }));
  }, []);

  /** Puts a new record first. */
  const prependRow = useCallback((record: DataRecord) => setState((s) => ({ ...s, rows: [record, ...s.rows.filter((row) => row.Oid !== record.Oid)] })), []);

  const reset = useCallback(() => {
    generation.current++;
    setState(INITIAL);
  }, []);

  return { state, search, loadMore, patchRow, prependRow, reset };
}
