import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureApi } from './lib/api/api-client';
import { activateLocale, i18n } from './lib/i18n/i18n';
import { toSupportedLocale } from './lib/i18n/locales';

const LOCALE_KEY = 'mate.locale';

async function start(): Promise<void> {
  const locale = toSupportedLocale(localStorage.getItem(LOCALE_KEY) ?? navigator.language);
  await activateLocale(locale);
  configureApi({ baseUrl: import.meta.env.VITE_API_BASE_URL ?? '', getLocale: () => i18n.locale });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
