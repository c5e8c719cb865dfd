import { useCallback } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import type { Configuration } from './pos-settings-types';

export const CONFIGURATION_PATH = '/api/pos-settings/configuration';
const VALUES_PATH = '/api/pos-settings/values';

/**
 * The POS configuration at a scope (GET /api/pos-settings/configuration) and its two changes: override a value there
 * (PUT) and reset it (DELETE). Each change answers the configuration afresh, which replaces the cached one, so the
 * sources of the other values stay right too. Failures are thrown to the caller, which shows them.
 */
export function usePosConfiguration(scope: string | undefined) {
  const swr = useSWR(scope ? [CONFIGURATION_PATH, scope] : null, ([path, value]: [string, string]) => apiGet<Configuration>(path, { scope: value }));
  const { mutate } = swr;
  const override = useCallback(
    async (path: string, value: unknown) => {
      if (!scope) return;
      const answer = await apiCall<Configuration>(VALUES_PATH, { method: 'PUT', body: { scope, path, value } });
      await mutate(answer.data, { revalidate: false });
    },
    [scope, mutate],
  );
  const reset = useCallback(
    async (path: string) => {
      if (!scope) return;
      const answer = await apiCall<Configuration>(VALUES_PATH, { method: 'DELETE', query: { scope, path } });
      await mutate(answer.data, { revalidate: false });
    },
    [scope, mutate],
  );
  return { configuration: swr.data, error: swr.error as unknown, loading: swr.isLoading, override, reset };
}
