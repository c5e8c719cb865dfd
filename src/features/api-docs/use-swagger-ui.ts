import { useEffect, useState, type RefObject } from 'react';
import { apiRequestHeaders, apiUrl } from '../../lib/api/api-client';
import { ASSET_BASE, loadScript, loadStylesheet } from './load-asset';

interface SwaggerRequest {
  url: string;
  headers: Record<string, string>;
}

declare global {
  interface Window {
    SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
  }
}

/** The OpenAPI document both viewers show. */
export const OPENAPI_URL = '/api/openapi.json';

/**
 * "Try it out" calls as the signed-in user: the bearer token and the scope headers (tenant, location role, terminal)
 * the rest of the app sends, added to calls of our own origin only, never to a URL the document might name elsewhere.
 */
export async function withUserHeaders<R extends SwaggerRequest>(request: R): Promise<R> {
  if (new URL(request.url, window.location.href).origin !== window.location.origin) return request;
  request.headers = { ...request.headers, ...(await apiRequestHeaders()) };
  return request;
}

/** Mounts Swagger UI into `target` once its files are loaded; the state says how far it got. */
export function useSwaggerUi(target: RefObject<HTMLDivElement | null>, attempt: number): 'loading' | 'ready' | 'failed' {
  // How an attempt ended; a new attempt is loading until it ends.
  const [ended, setEnded] = useState<{ attempt: number; state: 'ready' | 'failed' }>();
  useEffect(() => {
    let cancelled = false;
    const element = target.current;
    Promise.all([loadScript(`${ASSET_BASE}/swagger-ui-bundle.js`), loadStylesheet(`${ASSET_BASE}/swagger-ui.css`)])
      .then(() => {
        if (cancelled || !element || !window.SwaggerUIBundle) return;
        window.SwaggerUIBundle({
          domNode: element,
          url: apiUrl(OPENAPI_URL),
          // The public validator would send the document to swagger.io: off.
          validatorUrl: null,
          deepLinking: false,
          docExpansion: 'none',
          filter: true,
          requestInterceptor: withUserHeaders,
        });
        setEnded({ attempt, state: 'ready' });
      })
      .catch(() => !cancelled && setEnded({ attempt, state: 'failed' }));
    return () => {
      cancelled = true;
      element?.replaceChildren();
    };
  }, [target, attempt]);
  return ended?.attempt === attempt ? ended.state : 'loading';
}
