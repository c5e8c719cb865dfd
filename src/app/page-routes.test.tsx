// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavigationItem } from '../../schemas/entity-document';

const state = vi.hoisted(() => ({
  navigation: { items: [] as NavigationItem[], permissions: {} as Record<string, object>, loading: false },
  visit: (_path: string) => undefined as void,
}));
vi.mock('../shell/navigation-context', () => ({ useNavigationData: () => state.navigation }));
vi.mock('../shell/user-pages-context', () => ({ useUserPages: () => ({ visit: state.visit }) }));

const { PageRoutes } = await import('./page-routes');

const items: NavigationItem[] = [
  { path: '/', title: { en: 'Dashboard' }, component: 'no-such-dashboard' },
  { path: '/data', title: { en: 'Data' }, children: [{ path: '/data/a', title: { en: 'A' }, component: 'not-built-yet' }] },
  { path: '/docs', title: { en: 'Docs' }, component: 'not-built-either', ignorePermissions: true },
];

/** The roots rendered by a test, unmounted after it: a page's timers (the delayed busy flag) must not outlive it. */
const roots: Root[] = [];

async function render(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PageRoutes /> }], { initialEntries: [path] });
  const host = document.createElement('div');
  const root = createRoot(host);
  roots.push(root);
  await act(async () =>
    root.render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return { host, router };
}

describe('page routes from the navigation list', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => act(() => roots.splice(0).forEach((root) => root.unmount())));
  beforeEach(() => {
    state.navigation = { items, permissions: { '/': { Read: true }, '/data/a': { Read: true } }, loading: false };
    state.visit = vi.fn();
  });

  it('shows "not available yet" for a component key nobody built, and counts the visit', async () => {
    const { host } = await render('/data/a');
    expect(host.querySelector('[data-testid="not-available-page"]')?.textContent).toContain('not-built-yet');
    expect(state.visit).toHaveBeenCalledWith('/data/a');
  });

  it('sends a path without a permission entry to forbidden with the requested path, and does not count it', async () => {
    state.navigation.permissions = { '/': { Read: true } };
    const { host, router } = await render('/data/a');
    expect(router.state.location.pathname).toBe('/forbidden');
    expect(router.state.location.search).toBe('?requested=%2Fdata%2Fa');
    expect(host.querySelector('[data-testid="requested-path"]')?.textContent).toBe('/data/a');
    expect(state.visit).not.toHaveBeenCalled();
  });

  it('lets pages that ignore permissions through', async () => {
    state.navigation.permissions = {};
    const { host } = await render('/docs');
    expect(host.querySelector('[data-testid="not-available-page"]')).not.toBeNull();
  });

  it('shows the not-found page for paths outside the navigation', async () => {
    const { host } = await render('/nowhere?q=1');
    // The page asks the server whether a page owns the path (unknown-path-page.tsx); no answer counts as not found.
    await vi.waitFor(() => expect(host.querySelector('[data-testid="not-found-path"]')?.textContent).toBe('/nowhere?q=1'), { timeout: 10_000 });
  });

  it('keeps the user waiting, not forbidden, while permissions load', async () => {
    state.navigation = { items, permissions: {}, loading: true };
    const { router } = await render('/data/a');
    expect(router.state.location.pathname).toBe('/data/a');
  });
});
