import { useEffect, useState, type RefObject } from 'react';
import { apiUrl } from '../../lib/api/api-client';
import { ASSET_BASE, loadScript } from './load-asset';
import { OPENAPI_URL } from './use-swagger-ui';

declare global {
  interface Window {
    Redoc?: { init: (spec: string, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void) => void; destroy?: (element: HTMLElement) => void };
  }
}

/** Mounts Redoc into `target` once its bundle is loaded; the state says how far it got. */
export function useRedoc(target: RefObject<HTMLDivElement | null>, attempt: number): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    const element = target.current;
    setState('loading');
    loadScript(`${ASSET_BASE}/redoc.standalone.js`)
      .then(() => {
        if (cancelled || !element || !window.Redoc) return;
        window.Redoc.init(
          apiUrl(OPENAPI_URL),
          // The shell scrolls the page's own area; Redoc's sticky menu stays within the panel.
          { hideDownloadButton: false, expandResponses: '200,201', nativeScrollbars: true, theme: { typography: { fontFamily: 'inherit', headings: { fontFamily: 'inherit' } } } },
          element,
          (error?: unknown) => !cancelled && setState(error ? 'failed' : 'ready'),
        );
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      if (element) {
        window.Redoc?.destroy?.(element);
        element.replaceChildren();
      }
    };
  }, [target, attempt]);
  return state;
}
