import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import type { DocumentLock, Page } from '../../../schemas/diagnostics-wire';
import { useDiagnosticsLive } from './use-diagnostics-live';

/** Most locks the page reads at once (the server's maximum). */
const TAKE = 500;

/** The locks of the tenant chosen in the filter (undefined: all the user may read), and the release of one. */
export function useDocumentLocks(entityOid: number | undefined) {
  const key = ['/api/diagnostics/document-locks', entityOid ?? null] as const;
  // Locks come and go as terminals and users work: the hub says when (useDiagnosticsLive), polling only without it.
  const { mutate: mutateKey } = useSWRConfig();
  const refreshInterval = useDiagnosticsLive('document-locks', () => void mutateKey(key));
  const list = useSWR<Page<DocumentLock>>(key, ([path, oid]: typeof key) => apiGet<Page<DocumentLock>>(path, { take: TAKE, ...(oid === null ? {} : { entityOid: oid }) }), { refreshInterval });
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
