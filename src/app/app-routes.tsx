import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { authRoutes, RequireAuth, useSession } from '../auth';
import { preloadable } from '../lib/lazy/preloadable';
import { preloadPageOfPath } from './page-registry';
import { CodeEditorRoute } from './code-editor-route';
import { RootErrorPage } from './root-error-page';
import { BareLayout } from '../shell/bare-layout';
import { ForbiddenPage } from '../shell/forbidden-page';
import { LoadingScreen } from '../shell/loading-screen';

// The shell is loaded on first use: an anonymous visitor (sign-in, register, reset) never downloads it, and
// RequireAuth redirects before it is requested.
const SignedInShell = preloadable(() => import('./signed-in-shell').then((module) => module.SignedInShell));
const SignedInForbidden = preloadable(() => import('./signed-in-shell').then((module) => module.SignedInForbidden));

/** Starts loading the signed-in shell and the page of the address the app opened at (a fixed route's page). */
export function preloadSignedInStart(): void {
  void SignedInShell.preload();
  preloadPageOfPath(window.location.pathname);
}

function SignedInRoute({ embedded = false }: { embedded?: boolean }) {
  // With a stored session the shell and the page of a fixed route load while the session is checked, not after.
  if (useSession().status !== 'anonymous') preloadSignedInStart();
  return (
    <RequireAuth>
      <Suspense fallback={<LoadingScreen />}>
        <SignedInShell embedded={embedded} />
      </Suspense>
    </RequireAuth>
  );
}

/** The forbidden page is open to anyone (spec 1 §2): in the shell when signed in, else in the bare layout. */
function ForbiddenRoute() {
  const session = useSession();
  if (!session.ready) return null;
  if (session.status === 'anonymous')
    return (
      <BareLayout>
        <ForbiddenPage />
      </BareLayout>
    );
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInForbidden />
    </Suspense>
  );
}

/**
 * All routes: the auth pages, the embedded layout under /e, the forbidden page, the code editor (open to anyone, in
 * both layouts), and the shell for the rest; a
 * render error any of them lets through shows the error page instead.
 */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RootErrorPage />,
    children: [
      ...authRoutes,
      { path: '/e/*', element: <SignedInRoute embedded /> },
      { path: '/forbidden', element: <ForbiddenRoute /> },
      { path: '/tools/editor', element: <CodeEditorRoute /> },
      { path: '/e/tools/editor', element: <CodeEditorRoute embedded /> },
      { path: '*', element: <SignedInRoute /> },
    ],
  },
];
