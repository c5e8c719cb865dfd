import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import type { Configuration } from './pos-settings-types';

export const CONFIGURATION_PATH = '/api/pos-settings/configuration';
const VALUES_PATH = '/api/pos-settings/values';
/** The hub message of a value changed at a scope (docs/pos-settings.md "Live"). */
const POS_SETTINGS_CHANGED = 'PosSettingsChanged';

/**
 * The POS configuration at a scope (GET /api/pos-settings/configuration) and its two changes: override a value there
 * (PUT) and reset it (DELETE). Each change answers the configuration afresh, which replaces the cached one, so the
 * sources of the other values stay right too. Failures are thrown to the caller, which shows them. A change made
 * elsewhere (another tab, user or instance) at a scope of the chain shown reads the configuration again; an open editor
 * keeps what the user typed (setting-row.tsx says the value changed meanwhile).
 */
export function usePosConfiguration(scope: string | undefined) {
  const swr = useSWR(scope ? [CONFIGURATION_PATH, scope] : null, ([path, value]: [string, string]) => apiGet<Configuration>(path, { scope: value }));
  const { mutate } = swr;
  const hub = useHub();
  const chain = swr.data?.chain;
  useEffect(() => {
    if (!hub || !chain) return;
    const scopes = new Set(chain.map((link) => link.scope));
    const offs = [
      hub.on<{ scope?: string }>(POS_SETTINGS_CHANGED, (message) => {
        if (message?.scope && scopes.has(message.scope)) void mutate();
      }),
      hub.subscribeUntil('SubscribePosSettings', 'UnsubscribePosSettings'),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [hub, chain, mutate]);
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
