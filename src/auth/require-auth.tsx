import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginUrl } from './safe-redirect';
import { useSession } from './use-session';

/**
 * Route element wrapper for pages that need a user: without a session it goes to the login page with
 * `redirect=<path and query>`. A locked session stays on the page, under the re-login dialog. Wraps its children,
 * or the child routes (Outlet) when used as a layout route's element.
 */
export function RequireAuth({ children, loginPath = '/auth/login' }: { children?: ReactNode; loginPath?: string }) {
  const session = useSession();
  const location = useLocation();
  if (!session.ready) return null;
  if (session.status === 'anonymous') return <Navigate to={loginUrl(loginPath, `${location.pathname}${location.search}`)} replace />;
  return <>{children ?? <Outlet />}</>;
}
