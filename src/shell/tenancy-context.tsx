import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { useSession } from '../auth';
import { SCOPE_KEY } from '../lib/hub/swr-keys-of-kind';
import { readUserValue, writeUserValue } from '../lib/storage/user-storage';
import { currentTenantOid, isTenantSelectorVisible } from '../lib/tenancy/current-tenant';
import { rememberTenant, type TenantOption } from '../lib/tenancy/organisation-options';
import { currentScope, setScope } from '../lib/tenancy/scope-state';
import { cachedScopeTree, fetchScopeTree, type CachedScopeTree, type ScopeTreeStore } from '../lib/tenancy/scope-tree-cache';
import { effectiveStoreTill, isStoreTillChoice, storeOptions, type EffectiveStoreTill, type StoreOption, type StoreTillChoice, type StoreTillScopeItem } from '../lib/tenancy/store-till';

/** One scope tree item of GET /api/settings/scope (spec 1 §3). */
interface ScopeItem extends StoreTillScopeItem {
  country?: string;
}

interface TenancyValue {
  userId: string | undefined;
  tenantOid: number | undefined;
  tenants: TenantOption[];
  recentOids: number[];
  selectorVisible: boolean;
  chooseTenant: (oid: number) => void;
  /** The locations of the current tenant with their tills; undefined until the scope tree has loaded. */
  stores: StoreOption[] | undefined;
  /** The store (and till) the user works in, applied to every call's scope headers; undefined for the whole tenant. */
  storeTill: EffectiveStoreTill | undefined;
  /** Chooses a location and optionally a till of it; undefined clears the choice (the whole tenant). */
  chooseStoreTill: (choice: { locationOid: number; terminalOid?: number } | undefined) => void;
}

const TenancyContext = createContext<TenancyValue | undefined>(undefined);

/** The user's kept scope tree: localStorage under the user's id, so another user of the browser never sees it. */
function scopeTreeStore(userId: string): ScopeTreeStore<ScopeItem> {
  return { read: () => readUserValue<CachedScopeTree<ScopeItem>>(userId, 'scope-tree'), write: (tree) => writeUserValue(userId, 'scope-tree', tree) };
}

async function fetchScope([path, userId]: [string, string]): Promise<ScopeItem[]> {
  const store = scopeTreeStore(userId);
  try {
    return await fetchScopeTree(path, store);
  } catch {
    // Without the scope tree tenants are shown by oid (or from the kept tree) rather than the page failing.
    return cachedScopeTree(store) ?? [];
  }
}

/**
 * The current tenant (spec 1 §6): chosen, else primary, else the only one, else root; and the store and till the user
 * works in (spec 2 §6), kept per user. Both set the scope headers of every call.
 */
export function TenancyProvider({ children }: { children: ReactNode }) {
  const { user, profile } = useSession();
  const userId = user?.userId;
  const [chosen, setChosen] = useState<number | undefined>(() => (userId ? readUserValue<number>(userId, 'tenant') : undefined));
  const [recentOids, setRecent] = useState<number[]>(() => (userId ? (readUserValue<number[]>(userId, 'recent-tenants') ?? []) : []));
  // The kept tree shows at once; SWR revalidates it on mount (a 304 while it is unchanged).
  const { data: scope } = useSWR(userId ? [SCOPE_KEY, userId] : null, fetchScope, { fallbackData: userId ? cachedScopeTree(scopeTreeStore(userId)) : undefined });
  const [storeTillChoice, setStoreTillChoice] = useState<StoreTillChoice | undefined>(() => {
    const kept = userId ? readUserValue<unknown>(userId, 'store-till') : undefined;
    return isStoreTillChoice(kept) ? kept : undefined;
  });
  const tenantOid = currentTenantOid(profile, chosen);
  const stores = useMemo(() => (scope ? storeOptions(scope, tenantOid) : undefined), [scope, tenantOid]);
  // A choice made in another tenant, or of a location or till the tree no longer has, does not apply.
  const storeTill = useMemo(() => effectiveStoreTill(storeTillChoice, tenantOid, stores), [storeTillChoice, tenantOid, stores]);
  const locationOid = storeTill?.locationOid;
  const terminalOid = storeTill?.terminalOid;

  // Set while rendering, not only in an effect: children's (layout) effects run before this provider's, and SWR starts
  // the fetch for a new tenant key in one of them, so an effect alone lets the first call go out with the old scope.
  const now = currentScope();
  if (now.tenantOid !== tenantOid || now.locationOid !== locationOid || now.terminalOid !== terminalOid) setScope({ tenantOid, locationOid, terminalOid });
  // And again on commit, in case a render that set it was thrown away.
  useLayoutEffect(() => setScope({ tenantOid, locationOid, terminalOid }), [tenantOid, locationOid, terminalOid]);

  const tenants = useMemo<TenantOption[]>(() => {
    const named = new Map((scope ?? []).filter((item) => item.type === 'TENANT' && !item.deleted).map((item) => [item.oid, item]));
    return (profile?.tenantOids ?? []).map((oid) => {
      const item = named.get(oid);
      return { oid, text: item?.text || `#${oid}`, country: item?.country, code: item?.id, parentOid: item?.parentOid };
    });
  }, [scope, profile]);

  const chooseStoreTill = useCallback(
    (choice: { locationOid: number; terminalOid?: number } | undefined) => {
      const next = choice && tenantOid !== undefined ? { tenantOid, ...choice } : undefined;
      setStoreTillChoice(next);
      if (userId) writeUserValue(userId, 'store-till', next ?? null);
    },
    [userId, tenantOid],
  );

  const chooseTenant = useCallback(
    (oid: number) => {
      setChosen(oid);
      // A location or till belongs to one tenant: another organisation starts without one.
      setStoreTillChoice((old) => {
        if (!old || old.tenantOid === oid) return old;
        if (userId) writeUserValue(userId, 'store-till', null);
        return undefined;
      });
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
    () => ({ userId, tenantOid, tenants, recentOids, selectorVisible: isTenantSelectorVisible(profile), chooseTenant, stores, storeTill, chooseStoreTill }),
    [userId, tenantOid, tenants, recentOids, profile, chooseTenant, stores, storeTill, chooseStoreTill],
  );
  return <TenancyContext.Provider value={value}>{children}</TenancyContext.Provider>;
}

/** The tenancy of the signed-in user. */
export function useTenancy(): TenancyValue {
  const value = useContext(TenancyContext);
  if (!value) throw new Error('useTenancy needs a TenancyProvider');
  return value;
}
