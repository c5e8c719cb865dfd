import { i18n } from '@lingui/core';
import type { LocaleData } from './locale-data';
import { fetchLocaleLoader, type LocaleLoader } from './locale-loader';
import { DEFAULT_LOCALE, isRightToLeft, type SupportedLocale } from './locales';

let currentLocaleData: LocaleData | undefined;

/** The CLDR data of the active language, when its fetch succeeded. */
export function activeLocaleData(): LocaleData | undefined {
  return currentLocaleData;
}

/**
 * Loads a language's catalogue and locale data together, then activates it and sets lang and dir on the page. The
 * previous language stays active until the new catalogue is there. Without locale data the direction comes from
 * the list of right-to-left languages.
 */
export async function activateLocale(locale: SupportedLocale = DEFAULT_LOCALE, loader: LocaleLoader = fetchLocaleLoader): Promise<void> {
  const [messages, data] = await Promise.all([loader.catalogue(locale), loader.localeData(locale)]);
  currentLocaleData = data;
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = data?.direction ?? (isRightToLeft(locale) ? 'rtl' : 'ltr');
}

export { i18n };
