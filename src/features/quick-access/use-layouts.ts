import { useCallback } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import type { LayoutKind } from '../../../schemas/pos-layout';
import { layoutsPath, type LayoutSummary, type StoredLayout } from './layout-types';

/**
 * The layouts of a kind the user may read (GET /api/pos-layouts/{kind}) and the list's actions: create, duplicate,
 * delete. Each action reloads the list; failures are thrown to the caller, which shows them.
 */
export function useLayouts(kind: LayoutKind) {
  const swr = useSWR([layoutsPath(kind)], ([path]: [string]) => apiGet<{ items: LayoutSummary[] }>(path));
  const { mutate } = swr;
  const create = useCallback(
    async (scope: string, name: string) => {
      const answer = await apiCall<StoredLayout>(layoutsPath(kind), { method: 'POST', body: { scope, name } });
      await mutate();
      return answer.data;
    },
    [kind, mutate],
  );
  const duplicate = useCallback(
    async (oid: number, scope: string, name: string) => {
      const answer = await apiCall<StoredLayout>(`${layoutsPath(kind)}/${oid}/duplicate`, { method: 'POST', body: { scope, name } });
      await mutate();
      return answer.data;
    },
    [kind, mutate],
  );
  const remove = useCallback(
    async (oid: number) => {
      await apiCall(`${layoutsPath(kind)}/${oid}`, { method: 'DELETE' });
      await mutate();
    },
    [kind, mutate],
  );
  return { layouts: swr.data?.items, error: swr.error as unknown, loading: swr.isLoading, reload: () => void mutate(), create, duplicate, remove };
}
