import { useEffect } from 'react';
import { kindOfGridAddress, preloadGridMeta } from '../features/data-grid/grid-meta';
import { useTenancy } from '../shell/tenancy-context';

let preloaded = false;

/**
 * When the app opens on a grid's address (a shared link, a reload), asks for that grid's meta and form extensions
 * as soon as the tenant is known, beside the navigation and permissions, rather than after them when the page mounts.
 * Once per start: later navigation loads pages the usual way. Renders nothing.
 */
export function StartGridPreload() {
  const { userId, tenantOid } = useTenancy();
  useEffect(() => {
    if (preloaded || userId === undefined || tenantOid === undefined) return;
    preloaded = true;
    const kind = kindOfGridAddress(window.location.pathname);
    if (kind) preloadGridMeta(kind, tenantOid);
  }, [userId, tenantOid]);
  return null;
}
