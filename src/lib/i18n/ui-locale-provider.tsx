import { LocaleProvider } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

/**
 * Tells Chakra's components (Ark UI underneath) the UI language. Without it they assume en-US: dialogs, menus,
 * selects and popovers carried `dir="ltr"` on an Arabic page, so their text and buttons ran left to right while the
 * page ran right to left. Follows a change of language at once.
 */
export function UiLocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <LocaleProvider locale={i18n.locale || 'en'}>{children}</LocaleProvider>;
}
