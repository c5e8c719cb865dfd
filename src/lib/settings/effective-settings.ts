import { mutate } from 'swr';
import type { EffectiveSettings } from '../../../schemas/pos-settings-wire';
import { apiGet } from '../api/api-client';

export type { EffectiveSettings };

/** The path of a target's effective values (docs/settings.md "API"); its SWR key is `[path, scope]`. */
export const effectiveSettingsPath = (target: string) => `/api/settings/${target}/effective`;

/** Reads a target's effective values at a scope (GLOBAL, TENANT:12, LOCATION:5, TERMINAL:7). */
export const fetchEffectiveSettings = ([path, scope]: [string, string]) => apiGet<EffectiveSettings>(path, { scope });

/**
 * Reads a target's effective values again wherever they are shown (every scope), e.g. after the configuration page
 * changed one: the back office applies its own at once rather than on the next reload.
 */
export function revalidateEffectiveSettings(target: string): Promise<unknown> {
  const path = effectiveSettingsPath(target);
  return mutate((key) => Array.isArray(key) && key[0] === path);
}

/** The scope of the shell: the till chosen, else the store, else the tenant, else GLOBAL (no tenant yet). */
export function shellScopeText(scope: { tenantOid?: number | undefined; locationOid?: number | undefined; terminalOid?: number | undefined }): string {
  if (scope.terminalOid !== undefined) return `TERMINAL:${scope.terminalOid}`;
  if (scope.locationOid !== undefined) return `LOCATION:${scope.locationOid}`;
  if (scope.tenantOid !== undefined) return `TENANT:${scope.tenantOid}`;
  return 'GLOBAL';
}
