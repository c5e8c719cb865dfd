import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import type { AuthSettings } from '../auth-api';
import { SessionProvider } from '../session-provider';
import type { SessionStore } from '../session-store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const system = createSystem(defaultConfig);
i18n.loadAndActivate({ locale: 'en', messages: {} });

export const testSettings: AuthSettings = { registrationAllowed: true, rememberAllowed: true, integratedLogin: true, passwordMinLength: 8 };

export interface Rendered {
  router: ReturnType<typeof createMemoryRouter>;
  unmount: () => Promise<void>;
}

/** Renders routes in a memory router with Chakra, a session store and fixed auth settings (no network). */
export async function renderRoutes(routes: RouteObject[], options: { store: SessionStore; path: string; settings?: Partial<AuthSettings> }): Promise<Rendered> {
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  const tree: ReactNode = (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map(), fallback: { 'mate:auth-settings': { ...testSettings, ...options.settings } }, revalidateOnMount: false }}>
        <SessionProvider store={options.store}>
          <RouterProvider router={router} />
        </SessionProvider>
      </SWRConfig>
      </I18nProvider>
    </ChakraProvider>
  );
  await act(async () => {
    root = createRoot(container);
    root.render(tree);
  });
  return {
    router,
    unmount: async () => {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}

/** Types into a controlled input the way React notices (native setter, then an input event). */
export async function typeInto(input: Element | null, value: string): Promise<void> {
  if (!(input instanceof HTMLInputElement)) throw new Error('no input to type into');
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element | null): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => {
    element.click();
  });
}

export async function submit(form: Element | null): Promise<void> {
  if (!(form instanceof HTMLFormElement)) throw new Error('no form to submit');
  await act(async () => {
    form.requestSubmit();
  });
}

/** Lets pending promises and React updates settle. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export function $(selector: string): Element | null {
  return document.querySelector(selector);
}
