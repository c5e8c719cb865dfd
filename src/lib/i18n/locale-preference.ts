import { activateLocale } from './i18n';
import { toSupportedLocale, type SupportedLocale } from './locales';
import { browserStorage, storeItem } from '../storage/browser-storage';

/** The key main.tsx reads at start; the language is a device choice, kept before anyone signs in. */
export const LOCALE_STORAGE_KEY = 'mate.locale';

/** The stored language, else the browser's, else English. */
export function storedLocale(): SupportedLocale {
  const stored = browserStorage('local').getItem(LOCALE_STORAGE_KEY);
  return toSupportedLocale(stored ?? (typeof navigator === 'undefined' ? null : navigator.language));
}

/** Switches the UI language: catalogue, lang/dir on <html> (RTL for Arabic), and the stored choice. */
export async function chooseLocale(locale: SupportedLocale): Promise<void> {
  await activateLocale(locale);
  storeItem('local', LOCALE_STORAGE_KEY, locale);
}
