import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { apiGet } from '../lib/api/api-client';
import { i18n } from '../lib/i18n/i18n';
import { ColorModeProvider } from '../lib/theme/color-mode';
import { HomePage } from '../shell/home-page';
import { AppStart } from './app-start';

const system = createSystem(defaultConfig);

const router = createBrowserRouter([{ path: '*', element: <HomePage /> }]);

/** Providers (Chakra, theme, Lingui, SWR, router) around the start gate. */
export function App() {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <I18nProvider i18n={i18n}>
          <SWRConfig value={{ fetcher: apiGet, revalidateOnFocus: false, shouldRetryOnError: false }}>
            <AppStart>
              <RouterProvider router={router} />
            </AppStart>
          </SWRConfig>
        </I18nProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
