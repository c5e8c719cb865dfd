import { useMemo } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import type { NavigationItem } from '../../schemas/entity-document';
import { flattenNavigation } from '../lib/navigation/navigation-lookup';
import { BusyHourglass } from '../shell/busy-hourglass';
import { ForbiddenPage } from '../shell/forbidden-page';
import { useNavigationData } from '../shell/navigation-context';
import { UnknownPathPage } from '../shell/unknown-path-page';
import { RegisteredPageRoute } from './registered-page';

/** Routes of the navigation list by component key; a page may own the paths below its own ('/x/*'). */
export function navigationRoutes(items: readonly NavigationItem[]): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const item of flattenNavigation(items)) {
    if (!item.component) continue;
    const element = <RegisteredPageRoute item={item} />;
    if (item.path === '/') routes.push({ index: true, element });
    else routes.push({ path: `${item.path.replace(/^\//, '')}/*`, element });
  }
  return routes;
}

const FALLBACK_ROOT: NavigationItem = { path: '/', title: { en: 'Dashboard' }, component: 'dashboard', ignorePermissions: true };

/** The pages of the current layout (normal or /e): navigation routes, forbidden, and for the rest forbidden or not found as the server says. */
export function PageRoutes() {
  const { items, loading } = useNavigationData();
  const routes = useMemo<RouteObject[]>(() => {
    const pages = navigationRoutes(items);
    // Without a navigation answer the start page still works.
    if (!pages.some((route) => route.index)) pages.push({ index: true, element: <RegisteredPageRoute item={FALLBACK_ROOT} /> });
    return [...pages, { path: 'forbidden', element: <ForbiddenPage /> }, { path: '*', element: loading ? <BusyHourglass /> : <UnknownPathPage /> }];
  }, [items, loading]);
  return useRoutes(routes);
}
