import { useCallback } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import type { DocumentLock, Page } from './diagnostics-types';

/** Most locks the page reads at once (the server's maximum). */
const TAKE = 500;
/** Locks come and go as terminals work; the page reads them again this often while it is open. */
const REFRESH_MS = 30_000;

/** The locks of the tenant chosen in the filter (undefined: all the user may read), and the release of one. */
export function useDocumentLocks(entityOid: number | undefined) {
  const key = ['/api/diagnostics/document-locks', entityOid ?? null] as const;
  const list = useSWR<Page<DocumentLock>>(key, ([path, oid]: typeof key) => apiGet<Page<DocumentLock>>(path, { take: TAKE, ...(oid === null ? {} : { entityOid: oid }) }), { refreshInterval: REFRESH_MS });
  const { mutate } = list;
  const release = useCallback(
    async (oid: number) => {
      await apiCall(`/api/diagnostics/document-locks/${oid}`, { method: 'DELETE' });
      await mutate();
    },
    [mutate],
  );
  return { locks: list.data, loading: list.isLoading, error: list.error as unknown, reload: () => void mutate(), release };
}
