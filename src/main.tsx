import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInStart } from './app/app-routes';
import { defaultSessionStore } from './auth/default-session-store';
import { configureApi } from './lib/api/api-client';
import { activateLocale, i18n } from './lib/i18n/i18n';
import { toSupportedLocale } from './lib/i18n/locales';
import { browserStorage } from './lib/storage/browser-storage';

const LOCALE_KEY = 'mate.locale';

async function start(): Promise<void> {
  configureApi({ baseUrl: import.meta.env.VITE_API_BASE_URL ?? '', getLocale: () => i18n.locale });
  // A returning user's profile call and the code of the signed-in shell and its page load while the language loads
  // and the ping is made, not after them. Both together: a session ready before the shell's code would suspend the
  // shell, and React holds a revealed Suspense boundary back for 300 ms.
  const session = defaultSessionStore();
  session.warmUp();
  if (session.getSnapshot().status !== 'anonymous') preloadSignedInStart();
  const locale = toSupportedLocale(browserStorage('local').getItem(LOCALE_KEY) ?? navigator.language);
  await activateLocale(locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
