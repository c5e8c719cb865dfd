import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** A rendered tree in happy-dom, with the providers the renderers expect. */
export interface Rendered {
  host: HTMLElement;
  root: Root;
  rerender(node: ReactNode): void;
  unmount(): void;
}

/** Renders inside Chakra and Lingui (English) into a fresh element attached to the document. */
export function render(node: ReactNode): Rendered {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  if (i18n.locale !== 'en') i18n.loadAndActivate({ locale: 'en', messages: {} });
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const wrap = (n: ReactNode) => (
    <ChakraProvider value={defaultSystem}>
      <I18nProvider i18n={i18n}>{n}</I18nProvider>
    </ChakraProvider>
  );
  act(() => root.render(wrap(node)));
  return {
    host,
    root,
    rerender: (n) => act(() => root.render(wrap(n))),
    unmount: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}

/** Types into an input or text area as a user would: the value setter React watches, then an input event. */
export function typeInto(element: Element | null, text: string): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error('not an input');
  const proto = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Focuses an element (React listens to focusin). */
export function focus(element: Element | null): void {
  act(() => (element as HTMLElement).focus());
}

/** Blurs an element. */
export function blur(element: Element | null): void {
  act(() => (element as HTMLElement).blur());
}

/** Lets pending promises and timers settle inside act. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
