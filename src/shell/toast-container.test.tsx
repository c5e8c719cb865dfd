// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorDetail } from '../lib/toasts/error-detail';
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

  const STORED: ErrorDetail = { id: 'e-42', status: 500, message: 'relation "mate_x" does not exist', method: 'POST', url: '/api/data/pos/tax', createdAt: '2026-11-24T05:00:00.000Z' };

  /** Shows one failed call's toast with the given access; returns the card and the loader. */
  async function showFault(canSeeErrorDetails: boolean, answer: ErrorDetail = STORED) {
    const store = createToastStore(() => undefined);
    const load = vi.fn(async () => answer);
    const router = createMemoryRouter([{ path: '*', element: <ToastContainer store={store} canSeeErrorDetails={canSeeErrorDetails} loadErrorDetail={load} /> }]);
    const host = document.createElement('div');
    await act(async () =>
      createRoot(host).render(
        <ChakraProvider value={createSystem(defaultConfig)}>
          <I18nProvider i18n={i18n}>
            {/* A cache of its own: each case fetches afresh. */}
            <SWRConfig value={{ provider: () => new Map() }}>
              <RouterProvider router={router} />
            </SWRConfig>
          </I18nProvider>
        </ChakraProvider>,
      ),
    );
    await act(async () => {
      store.show({ type: 'error', title: 'Operation failed', content: '500: An unexpected error occurred.', errorId: 'e-42' });
    });
    await act(async () => undefined);
    return { card: host.querySelector('[data-testid="toast"]')!, load };
  }

  it('shows an administrator what the server recorded about the fault, fetched by its id', async () => {
    const { card, load } = await showFault(true);
    expect(load).toHaveBeenCalledWith('e-42');
    expect(card.querySelector('[data-testid="toast-error-detail"]')?.textContent).toContain('Error id: e-42');
    const internals = card.querySelector('[data-testid="toast-error-internals"]')?.textContent;
    expect(internals).toContain('relation "mate_x" does not exist');
    expect(internals).toContain('POST /api/data/pos/tax');
  });

  it('shows everyone else the id only, without asking for the detail', async () => {
    const { card, load } = await showFault(false);
    expect(load).not.toHaveBeenCalled();
    expect(card.querySelector('[data-testid="toast-error-detail"]')?.textContent).toBe('Error id: e-42');
    expect(card.querySelector('[data-testid="toast-error-internals"]')).toBeNull();
  });

  it('shows the id only when the server answers without internals', async () => {
    const { card, load } = await showFault(true, { id: 'e-42', status: 500, message: 'An unexpected error occurred.', createdAt: STORED.createdAt });
    expect(load).toHaveBeenCalled();
    expect(card.querySelector('[data-testid="toast-error-internals"]')).toBeNull();
  });
});
