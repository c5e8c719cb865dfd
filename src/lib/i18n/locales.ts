/** The supported languages (spec 1 §9); the first is the default. */
export const SUPPORTED_LOCALES = ['en', 'de', 'ja', 'it', 'ru', 'ar', 'cs', 'es', 'fr'] as const;
/** A supported locale code. */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
/** Default language. */
export const DEFAULT_LOCALE: SupportedLocale = 'en';

// Right-to-left languages of spec 1 §3.
const RTL = new Set(['ar', 'dv', 'fa', 'ha', 'he', 'ks', 'ku', 'ps', 'ur', 'yi']);

/** Whether a language is written right to left. */
export function isRightToLeft(locale: string): boolean {
  return RTL.has(locale.split('-')[0]!.toLowerCase());
}

/** A supported locale from a stored or browser value, else the default. */
export function toSupportedLocale(value: string | null | undefined): SupportedLocale {
  const code = (value ?? '').split('-')[0]!.toLowerCase();
  return (SUPPORTED_LOCALES as readonly string[]).includes(code) ? (code as SupportedLocale) : DEFAULT_LOCALE;
}
