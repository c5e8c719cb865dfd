import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { useSession } from '../auth';
import { apiGet } from '../lib/api/api-client';
import { readUserValue, writeUserValue } from '../lib/storage/user-storage';
import { currentTenantOid, isTenantSelectorVisible } from '../lib/tenancy/current-tenant';
import { rememberTenant, type TenantOption } from '../lib/tenancy/organisation-options';
import { currentScope, setScope } from '../lib/tenancy/scope-state';

/** One scope tree item of GET /api/settings/scope (spec 1 §3). */
interface ScopeItem {
  type: 'GLOBAL' | 'COUNTRY' | 'TENANT' | 'LOCATION' | 'TERMINAL';
  oid: number;
  text?: string;
  country?: string;
  deleted?: boolean;
}

interface TenancyValue {
  userId: string | undefined;
  tenantOid: number | undefined;
  tenants: TenantOption[];
  recentOids: number[];
  selectorVisible: boolean;
  chooseTenant: (oid: number) => void;
}

const TenancyContext = createContext<TenancyValue | undefined>(undefined);

async function fetchScope(path: string): Promise<ScopeItem[]> {
  try {
    const answer = await apiGet<{ items?: ScopeItem[] }>(path);
    return Array.isArray(answer?.items) ? answer.items : [];
  } catch {
    // Without the scope tree tenants are shown by oid rather than the page failing.
    return [];
  }
}

/** The current tenant (spec 1 §6): chosen, else primary, else the only one, else root; sets the scope headers. */
export function TenancyProvider({ children }: { children: ReactNode }) {
  const { user, profile } = useSession();
  const userId = user?.userId;
  const [chosen, setChosen] = useState<number | undefined>(() => (userId ? readUserValue<number>(userId, 'tenant') : undefined));
  const [recentOids, setRecent] = useState<number[]>(() => (userId ? (readUserValue<number[]>(userId, 'recent-tenants') ?? []) : []));
  const { data: scope } = useSWR(userId ? '/api/settings/scope' : null, fetchScope);
  const tenantOid = currentTenantOid(profile, chosen);

  // Set while rendering, not only in an effect: children's (layout) effects run before this provider's, and SWR starts
  // the fetch for a new tenant key in one of them, so an effect alone lets the first call go out with the old tenant.
  if (currentScope().tenantOid !== tenantOid) setScope({ tenantOid });
  // And again on commit, in case a render that set it was thrown away.
  useLayoutEffect(() => setScope({ tenantOid }), [tenantOid]);

  const tenants = useMemo<TenantOption[]>(() => {
    const named = new Map((scope ?? []).filter((item) => item.type === 'TENANT' && !item.deleted).map((item) => [item.oid, item]));
    return (profile?.tenantOids ?? []).map((oid) => ({ oid, text: named.get(oid)?.text || `#${oid}`, country: named.get(oid)?.country }));
  }, [scope, profile]);

  const chooseTenant = useCallback(
    (oid: number) => {
      setChosen(oid);
      setRecent((old) => {
        const next = rememberTenant(old, oid);
        if (userId) writeUserValue(userId, 'recent-tenants', next);
        return next;
      });
      if (userId) writeUserValue(userId, 'tenant', oid);
    },
    [userId],
  );

  const value = useMemo(
    () => ({ userId, tenantOid, tenants, recentOids, selectorVisible: isTenantSelectorVisible(profile), chooseTenant }),
    [userId, tenantOid, tenants, recentOids, profile, chooseTenant],
  );
  return <TenancyContext.Provider value={value}>{children}</TenancyContext.Provider>;
}

/** The tenancy of the signed-in user. */
export function useTenancy(): TenancyValue {
  const value = useContext(TenancyContext);
  if (!value) throw new Error('useTenancy needs a TenancyProvider');
  return value;
}
