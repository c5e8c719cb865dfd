import { useEffect, useState, type RefObject } from 'react';
import { apiRequestHeaders, apiUrl } from '../../lib/api/api-client';
import { ASSET_BASE, loadScript } from './load-asset';
import { OPENAPI_URL } from './use-swagger-ui';

interface ScalarApp {
  destroy: () => void;
}

declare global {
  interface Window {
    Scalar?: { createApiReference: (element: HTMLElement, configuration: Record<string, unknown>) => ScalarApp };
  }
}

/**
 * Mounts Scalar's API reference (its standalone bundle, served by us) into `target`, in the app's light or dark theme.
 * Nothing leaves the product: no default fonts (they come from Scalar's font host), no request proxy (Scalar's own
 * would see every test call), no AI agent, no telemetry; the CSP's connect-src 'self' holds it to that as well. The test client
 * starts with the signed-in user's bearer token, so its calls act as that user, as Swagger UI's "Try it out" does.
 */
export function useScalar(target: RefObject<HTMLDivElement | null>, attempt: number, dark: boolean): 'loading' | 'ready' | 'failed' {
  // How the mount of an attempt in a theme ended; a new attempt or theme is loading until its own mount ends.
  const mount = `${attempt}|${dark}`;
  const [ended, setEnded] = useState<{ mount: string; state: 'ready' | 'failed' }>();
  useEffect(() => {
    let cancelled = false;
    let app: ScalarApp | undefined;
    const element = target.current;
    Promise.all([loadScript(`${ASSET_BASE}/scalar-standalone.js`), apiRequestHeaders()])
      .then(([, headers]) => {
        if (cancelled || !element || !window.Scalar) return;
        const token = headers.Authorization?.replace(/^Bearer /, '');
        app = window.Scalar.createApiReference(element, {
          url: apiUrl(OPENAPI_URL),
          withDefaultFonts: false,
          proxyUrl: '',
          telemetry: false,
          // Scalar's AI agent (on by default for localhost) talks to Scalar's servers: never here.
          agent: { disabled: true },
          // Its client link leads to Scalar's hosted client; the test request button stays, calling our server directly.
          hideClientButton: true,
          showDeveloperTools: 'never',
          showToolbar: 'never',
          hideDarkModeToggle: true,
          forceDarkModeState: dark ? 'dark' : 'light',
          darkMode: dark,
          defaultOpenAllTags: false,
          ...(token ? { authentication: { preferredSecurityScheme: 'bearer', http: { bearer: { token } } } } : {}),
        });
        setEnded({ mount, state: 'ready' });
      })
      .catch(() => !cancelled && setEnded({ mount, state: 'failed' }));
    return () => {
      cancelled = true;
      app?.destroy();
      element?.replaceChildren();
    };
  }, [target, mount, dark]);
  return ended?.mount === mount ? ended.state : 'loading';
}
