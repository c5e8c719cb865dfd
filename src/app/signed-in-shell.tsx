import type { ReactNode } from 'react';
import { ReloginDialog } from '../auth';
import { EmbeddedLayout } from '../shell/embedded-layout';
import { ForbiddenPage } from '../shell/forbidden-page';
import { ShellLayout } from '../shell/shell-layout';
import { ShellProviders } from '../shell/shell-providers';
import { PageRoutes } from './page-routes';
import { StartGridPreload } from './start-grid-preload';

// This module is loaded lazily (app-routes.tsx): the shell with its menus, selectors and flags is not part of the
// sign-in page's JS, so the first page stays small (bench/bundle.bench.ts).

/** The signed-in shell (normal or embedded layout) around the navigation's pages. */
export function SignedInShell({ embedded = false }: { embedded?: boolean }) {
  const Layout = embedded ? EmbeddedLayout : ShellLayout;
  return (
    <ShellProviders>
      <StartGridPreload />
      <Layout>
        <PageRoutes />
      </Layout>
      <ReloginDialog />
    </ShellProviders>
  );
}

/** The forbidden page inside the shell, for a signed-in user. */
export function SignedInForbidden() {
  return (
    <ShellProviders>
      <ShellLayout>
        <ForbiddenPage />
      </ShellLayout>
      <ReloginDialog />
    </ShellProviders>
  );
}

/** A page outside the navigation's routes and permissions (tools/editor) inside the shell, for a signed-in user. */
export function SignedInPage({ embedded = false, children }: { embedded?: boolean; children: ReactNode }) {
  const Layout = embedded ? EmbeddedLayout : ShellLayout;
  return (
    <ShellProviders>
      <Layout>{children}</Layout>
      <ReloginDialog />
    </ShellProviders>
  );
}
