import type { RouteObject } from 'react-router';
import { authRoutes, ReloginDialog, RequireAuth, useSession } from '../auth';
import { BareLayout } from '../shell/bare-layout';
import { EmbeddedLayout } from '../shell/embedded-layout';
import { ForbiddenPage } from '../shell/forbidden-page';
import { ShellLayout } from '../shell/shell-layout';
import { ShellProviders } from '../shell/shell-providers';
import { PageRoutes } from './page-routes';

function SignedInShell({ embedded = false }: { embedded?: boolean }) {
  const Layout = embedded ? EmbeddedLayout : ShellLayout;
  return (
    <RequireAuth>
      <ShellProviders>
        <Layout>
          <PageRoutes />
        </Layout>
        <ReloginDialog />
      </ShellProviders>
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
    <ShellProviders>
      <ShellLayout>
        <ForbiddenPage />
      </ShellLayout>
      <ReloginDialog />
    </ShellProviders>
  );
}

/** All routes: the auth pages, the embedded layout under /e, the forbidden page, and the shell for the rest. */
export const appRoutes: RouteObject[] = [
  ...authRoutes,
  { path: '/e/*', element: <SignedInShell embedded /> },
  { path: '/forbidden', element: <ForbiddenRoute /> },
  { path: '*', element: <SignedInShell /> },
];
