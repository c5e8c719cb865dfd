import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { revalidateEffectiveSettings } from '../../lib/settings/effective-settings';
import type { Configuration } from './pos-settings-types';

const configurationPath = (target: string) => `/api/settings/${target}/configuration`;
const valuesPath = (target: string) => `/api/settings/${target}/values`;
/** The hub message of a value of a target changed at a scope (docs/settings.md "Live"). */
const POS_SETTINGS_CHANGED = 'PosSettingsChanged';

/**
 * A settings target's configuration at a scope (GET /api/settings/<target>/configuration) and its two changes: override a value there
 * (PUT) and reset it (DELETE). Each change answers the configuration afresh, which replaces the cached one, so the
 * sources of the other values stay right too. Failures are thrown to the caller, which shows them. A change made
 * elsewhere (another tab, user or instance) at a scope of the chain shown reads the configuration again; an open editor
 * keeps what the user typed (setting-row.tsx says the value changed meanwhile). Either way the target's effective values
 * are read again, so the back office applies its own settings at once (src/shell/backoffice-settings-context.tsx).
 */
export function usePosConfiguration(target: string, scope: string | undefined) {
  const swr = useSWR(scope ? [configurationPath(target), scope] : null, ([path, value]: [string, string]) => apiGet<Configuration>(path, { scope: value }));
  const { mutate } = swr;
  const hub = useHub();
  const chain = swr.data?.chain;
  useEffect(() => {
    if (!hub || !chain) return;
    const scopes = new Set(chain.map((link) => link.scope));
    const offs = [
      hub.on<{ target?: string; scope?: string }>(POS_SETTINGS_CHANGED, (message) => {
        if (message?.target !== target) return;
        // The shell's values may come from a scope this page does not show (another tenant's chain shares GLOBAL).
        void revalidateEffectiveSettings(target);
        if (message.scope && scopes.has(message.scope)) void mutate();
      }),
      hub.subscribeUntil('SubscribePosSettings', 'UnsubscribePosSettings'),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [hub, chain, mutate, target]);
  const override = useCallback(
    async (path: string, value: unknown) => {
      if (!scope) return;
      const answer = await apiCall<Configuration>(valuesPath(target), { method: 'PUT', body: { scope, path, value } });
      await mutate(answer.data, { revalidate: false });
      void revalidateEffectiveSettings(target);
    },
    [target, scope, mutate],
  );
  const reset = useCallback(
    async (path: string) => {
      if (!scope) return;
      const answer = await apiCall<Configuration>(valuesPath(target), { method: 'DELETE', query: { scope, path } });
      await mutate(answer.data, { revalidate: false });
      void revalidateEffectiveSettings(target);
    },
    [target, scope, mutate],
  );
  return { configuration: swr.data, error: swr.error as unknown, loading: swr.isLoading, override, reset };
}
