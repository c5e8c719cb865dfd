// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

class FailedCall extends Error {
  readonly errorId = 'e-4711';
}

let broken = true;
function Fragile() {
  if (broken) throw new FailedCall('Cannot read properties of undefined');
  return <p data-testid="page">the page</p>;
}

async function mount(path: string, onRetry = () => undefined) {
  const router = createMemoryRouter([{ path: '*', element: <PageErrorBoundary onRetry={onRetry}><Fragile /></PageErrorBoundary> }], { initialEntries: [path] });
  const host = document.createElement('div');
  document.body.appendChild(host);
  await act(async () =>
    createRoot(host).render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return { host, router };
}

describe('PageErrorBoundary', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('shows the error page with the message, the error id and the ways back instead of a page that throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    broken = true;
    const { host } = await mount('/data/x');
    expect(host.querySelector('[data-testid="error-page"] h2')?.textContent).toBe('Something went wrong');
    expect(host.querySelector('[data-testid="error-message"]')?.textContent).toBe('Cannot read properties of undefined');
    expect(host.querySelector('[data-testid="error-id"]')?.textContent).toBe('Error id: e-4711');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('tries again on request, and starts afresh on another address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const retried = vi.fn();
    const { host, router } = await mount('/data/x', retried);
    const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    expect(retried).toHaveBeenCalledOnce();
    await act(async () => router.navigate('/data/y'));
    expect(host.querySelector('[data-testid="error-page"]')).not.toBeNull();
    broken = false;
    await act(async () => router.navigate('/data/z'));
    expect(host.querySelector('[data-testid="page"]')).not.toBeNull();
  });
});
