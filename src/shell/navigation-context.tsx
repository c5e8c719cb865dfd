import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import type { NavigationItem } from '../../schemas/entity-document';
import { apiGet } from '../lib/api/api-client';
import { visibleNavigation, type PermissionMap, type ProgressMap, type VisibleItem } from '../lib/navigation/navigation-visibility';
import { readUserValue, writeUserValue } from '../lib/storage/user-storage';
import { useTenancy } from './tenancy-context';

/** The path whose permission allows the test-mode toggle (spec 1 §6). */
export const TEST_MODE_PATH = '/internal/test-mode';

interface NavigationValue {
  /** The whole list as served (routes are registered from it). */
  items: NavigationItem[];
  /** What the menus show in the current mode. */
  visible: VisibleItem[];
  permissions: PermissionMap;
  /** True while navigation or permissions of the current tenant are still on their way. */
  loading: boolean;
  testMode: boolean;
  canUseTestMode: boolean;
  setTestMode: (on: boolean) => void;
}

const NavigationContext = createContext<NavigationValue | undefined>(undefined);

const EMPTY: never[] = [];

/** Navigation, permissions and progress of the current tenant, and the test mode. */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const { userId, tenantOid } = useTenancy();
  // The tenant is part of each key: the scope header changes the answers.
  const navigation = useSWR<NavigationItem[]>(userId ? ['/api/ui/navigation', tenantOid] : null, ([path]: [string]) => apiGet(path));
  const permissions = useSWR<PermissionMap>(userId ? ['/api/ui/permissions', tenantOid] : null, ([path]: [string]) => apiGet(path));
  const progress = useSWR<ProgressMap>(userId ? ['/api/ui/progress', tenantOid] : null, ([path]: [string]) => apiGet(path));
  const [storedTestMode, setStoredTestMode] = useState(() => (userId ? readUserValue<boolean>(userId, 'test-mode') === true : false));

  const permissionMap = useMemo(() => permissions.data ?? {}, [permissions.data]);
  const canUseTestMode = permissionMap[TEST_MODE_PATH] !== undefined;
  const testMode = storedTestMode && canUseTestMode;
  const items = Array.isArray(navigation.data) ? navigation.data : EMPTY;

  const setTestMode = useCallback(
    (on: boolean) => {
      setStoredTestMode(on);
      if (userId) writeUserValue(userId, 'test-mode', on);
    },
    [userId],
  );

  const value = useMemo<NavigationValue>(
    () => ({
      items,
      visible: visibleNavigation(items, { testMode, permissions: permissionMap, progress: progress.data }),
      permissions: permissionMap,
      loading: navigation.isLoading || permissions.isLoading,
      testMode,
      canUseTestMode,
      setTestMode,
    }),
    [items, permissionMap, progress.data, navigation.isLoading, permissions.isLoading, testMode, canUseTestMode, setTestMode],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** Navigation and permissions of the signed-in user. */
export function useNavigationData(): NavigationValue {
  const value = useContext(NavigationContext);
  if (!value) throw new Error('useNavigationData needs a NavigationProvider');
  return value;
}
