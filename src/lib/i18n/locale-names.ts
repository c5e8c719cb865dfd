import type { SupportedLocale } from './locales';

/** Native names for the language selector; the code is what the footer shows. */
export const LOCALE_NATIVE_NAMES: Record<SupportedLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  ja: '日本語',
  it: 'Italiano',
  ru: 'Русский',
  ar: 'العربية',
  cs: 'Čeština',
  es: 'Español',
  fr: 'Français',
};
