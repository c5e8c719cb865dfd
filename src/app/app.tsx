import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../auth';
import { apiGet } from '../lib/api/api-client';
import { i18n } from '../lib/i18n/i18n';
import { UiLocaleProvider } from '../lib/i18n/ui-locale-provider';
import { ColorModeProvider } from '../lib/theme/color-mode';
import { setUpApi } from './api-setup';
import { AppStart } from './app-start';
import { appRoutes } from './app-routes';
import { appSystem } from './app-system';

setUpApi();

const router = createBrowserRouter(appRoutes);

/** Providers (Chakra, theme, Lingui and the components' locale, SWR, session, router) around the start gate. */
export function App() {
  return (
    <ChakraProvider value={appSystem}>
      <ColorModeProvider>
        <I18nProvider i18n={i18n}>
          <UiLocaleProvider>
            <SWRConfig value={{ fetcher: apiGet, revalidateOnFocus: false, shouldRetryOnError: false }}>
              <AppStart>
                <SessionProvider>
                  <RouterProvider router={router} />
                </SessionProvider>
              </AppStart>
            </SWRConfig>
          </UiLocaleProvider>
        </I18nProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
