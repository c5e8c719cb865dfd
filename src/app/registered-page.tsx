import { Suspense, useEffect } from 'react';
import { Navigate } from 'react-router';
import type { NavigationItem } from '../../schemas/entity-document';
import { isPermitted } from '../lib/navigation/navigation-visibility';
import { useBasePath } from '../shell/base-path';
import { BusyHourglass } from '../shell/busy-hourglass';
import { useNavigationData } from '../shell/navigation-context';
import { PageErrorBoundary } from '../shell/page-error-boundary';
import { NotAvailablePage } from '../shell/not-available-page';
import { useUserPages } from '../shell/user-pages-context';
import { pageFor } from './page-registry';

/**
 * A navigation page behind its permission gate (spec 1 §4): without an entry for the path in the current tenant
 * it goes to forbidden with ?requested=; a page shown counts as a recent visit, a redirect does not.
 */
export function RegisteredPageRoute({ item }: { item: NavigationItem }) {
  const base = useBasePath();
  const { permissions, loading } = useNavigationData();
  const { visit } = useUserPages();
  const permitted = !loading && isPermitted(item, permissions);
  const Page = pageFor(item.component);
  // The page's code loads while the permissions are still on their way.
  void Page?.preload();
  useEffect(() => {
    if (permitted) visit(item.path);
  }, [permitted, item.path, visit]);
  if (loading) return <BusyHourglass />;
  if (!permitted) return <Navigate to={`${base}/forbidden?requested=${encodeURIComponent(item.path)}`} replace />;
  if (!Page) return <NotAvailablePage component={item.component} />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<BusyHourglass />}>
        {/* eslint-disable-next-line react-hooks/static-components -- pageFor picks a page of the module-level registry (one lazy component per page); none is made while rendering. */}
        <Page item={item} />
      </Suspense>
    </PageErrorBoundary>
  );
}
