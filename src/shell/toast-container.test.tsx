// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToastStore } from '../lib/toasts/toast-store';
import { ToastContainer } from './toast-container';

describe('ToastContainer', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('shows toasts, follows an action to its route and closes on request', async () => {
    const store = createToastStore(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <ToastContainer store={store} /> }], { initialEntries: ['/data'] });
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
    await act(async () => {
      store.show({ type: 'system-error', title: 'Broken' });
      store.show({ type: 'error', title: 'Authorization', content: 'Session ended', actions: [{ label: 'Log in', to: '/logout' }] });
    });
    const cards = () => [...host.querySelectorAll('[data-testid="toast"]')];
    expect(cards().map((card) => card.getAttribute('data-type'))).toEqual(['system-error', 'error']);
    expect(cards()[1]?.getAttribute('role')).toBe('alert');
    const logIn = [...host.querySelectorAll('button')].find((button) => button.textContent === 'Log in')!;
    await act(async () => logIn.click());
    expect(router.state.location.pathname).toBe('/logout');
    expect(cards()).toHaveLength(1);
    await act(async () => (host.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click());
    expect(cards()).toHaveLength(0);
  });
});
