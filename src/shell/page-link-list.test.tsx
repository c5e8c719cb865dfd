// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PageLinkList } from './page-link-list';

// The user's navigation and permissions in the current organisation: articles, not users.
vi.mock('./navigation-context', () => ({
  useNavigationData: () => ({
    items: [
      { path: '/data/pos-supply/article', title: 'Articles' },
      { path: '/data/identity/user', title: 'Users' },
    ],
    permissions: { '/data/pos-supply/article': { Read: true } },
  }),
}));

describe('PageLinkList', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('links the pages the user may open and lists the others dimmed, without a link (spec 1 §6)', async () => {
    const paths = ['/data/pos-supply/article', '/data/identity/user', '/somewhere/else'];
    const router = createMemoryRouter([{ path: '*', element: <PageLinkList paths={paths} empty="none" testId="pages" /> }]);
    const host = document.createElement('div');
    await act(async () =>
      createRoot(host).render(
        <ChakraProvider value={createSystem(defaultConfig)}>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ChakraProvider>,
      ),
    );
    const links = [...host.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    // A path the navigation does not know stays a link: the page it leads to decides.
    expect(links).toEqual([
      ['Articles', '/data/pos-supply/article'],
      ['/somewhere/else', '/somewhere/else'],
    ]);
    const dimmed = host.querySelector('[data-permitted="false"]');
    expect(dimmed?.textContent).toBe('Users(not permitted)');
  });
});
