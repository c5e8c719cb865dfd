import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isRightToLeft, type SupportedLocale } from './locales';

const catalogues: Record<SupportedLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  ja: () => import('../../locales/ja/messages.po'),
  it: () => import('../../locales/it/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
  cs: () => import('../../locales/cs/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
};

/** Loads a language's catalogue, activates it, and sets lang and dir on the page. */
export async function activateLocale(locale: SupportedLocale = DEFAULT_LOCALE): Promise<void> {
  const { messages } = await catalogues[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

export { i18n };
