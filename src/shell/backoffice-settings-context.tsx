import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import { IdleLock } from '../auth';
import { setDateStyle } from '../lib/format/date-style';
import { BACKOFFICE_TARGET, backofficeSettingsOf, UNKNOWN_BACKOFFICE_SETTINGS, type BackofficeSettings } from '../lib/settings/backoffice-settings';
import { effectiveSettingsPath, fetchEffectiveSettings, shellScopeText } from '../lib/settings/effective-settings';
import { useTenancy } from './tenancy-context';

interface BackofficeSettingsValue extends BackofficeSettings {
  /** True once the values of the current scope are answered (or could not be): a grid waits for it before its first page. */
  ready: boolean;
}

const BackofficeSettingsContext = createContext<BackofficeSettingsValue>({ ...UNKNOWN_BACKOFFICE_SETTINGS, ready: true });

/**
 * The back office's own settings in force at the shell's scope (GET /api/settings/backoffice/effective at the till,
 * store or tenant chosen; docs/settings.md "What the back office settings do"): read again when the scope changes, when
 * the tab gets the focus back and after the configuration page changes one (revalidateEffectiveSettings). It applies
 * them: it sets the date style every formatter reads and runs the idle lock; the grids read the page size.
 */
export function BackofficeSettingsProvider({ children }: { children: ReactNode }) {
  const { userId, tenantOid, storeTill } = useTenancy();
  const scope = shellScopeText({ tenantOid, locationOid: storeTill?.locationOid, terminalOid: storeTill?.terminalOid });
  // Per user as well: another user of the same tab (after "sign in as someone else") reads their own. A user without a
  // tenant reads the global values.
  const { data, error } = useSWR(userId ? [effectiveSettingsPath(BACKOFFICE_TARGET), scope, userId] : null, ([path, at]: [string, string, string]) => fetchEffectiveSettings([path, at]), {
    keepPreviousData: true,
  });
  const settings = useMemo(() => backofficeSettingsOf(data), [data]);
  useLayoutEffect(() => setDateStyle(settings.dateStyle), [settings.dateStyle]);
  // Back to the language's style when the shell goes (signed out): the sign-in page writes no dates, the next user reads theirs.
  useLayoutEffect(() => () => setDateStyle('language'), []);
  const value = useMemo(() => ({ ...settings, ready: data !== undefined || error !== undefined }), [settings, data, error]);
  return (
    <BackofficeSettingsContext.Provider value={value}>
      <IdleLock minutes={settings.idleMinutes} />
      {children}
    </BackofficeSettingsContext.Provider>
  );
}

/** The back office settings in force (defaults outside the provider: nothing overridden, ready). */
export function useBackofficeSettings(): BackofficeSettingsValue {
  return useContext(BackofficeSettingsContext);
}
