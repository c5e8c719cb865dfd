import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import type { Messages } from '@lingui/core';
import type { LocaleData } from '../src/lib/i18n/locale-data';
import type { LocaleLoader } from '../src/lib/i18n/locale-loader';

/**
 * The files a language needs in the browser (spec 1 §7), made from the sources at build time (and on request by the
 * dev server): `GET /loc/{locale}.json`, the compiled Lingui catalogue, and `GET /assets/cldr/{locale}.json`, the
 * locale data the UI reads beside the browser's Intl. Only the chosen language's files are fetched, so the other
 * catalogues stay out of the first page's JavaScript.
 */

/** Where the UI fetches a language's catalogue and locale data, relative to the app's base path. */
export const catalogueFile = (locale: string) => `loc/${locale}.json`;
export const localeDataFile = (locale: string) => `assets/cldr/${locale}.json`;

/** The languages the Lingui configuration lists. */
export function configuredLocales(): string[] {
  return getConfig().locales;
}

/** A language's catalogue compiled to `{ "messages": {...} }`, as Lingui's `i18n.load` takes it. */
export async function compiledCatalogueJson(locale: string): Promise<string> {
  const config = getConfig();
  if (!config.locales.includes(locale)) throw new Error(`'${locale}' is not a configured language`);
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalogue');
  // The configuration's own values, as Lingui's Vite plugin passes them (its types allow them absent).
  const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales ?? {}, sourceLocale: config.sourceLocale ?? 'en' });
  const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' });
  if (errors.length) throw new Error(`the ${locale} catalogue has messages that do not compile: ${errors.map((error) => error.id).join(', ')}`);
  return source;
}

/** The locale data of a language, read from the CLDR data Node's ICU carries. */
export function localeData(locale: string): LocaleData {
  // Node 22 has the accessor properties, newer engines the methods; both carry CLDR's values.
  const intl = new Intl.Locale(locale) as Intl.Locale & {
    getTextInfo?: () => { direction: 'ltr' | 'rtl' };
    textInfo?: { direction: 'ltr' | 'rtl' };
    getWeekInfo?: () => LocaleData['week'];
    weekInfo?: LocaleData['week'];
  };
  const text = intl.getTextInfo?.() ?? intl.textInfo;
  const week = intl.getWeekInfo?.() ?? intl.weekInfo;
  if (!text || !week) throw new Error('this Node has no CLDR text and week information (build with full ICU)');
  return { locale, direction: text.direction, week: { firstDay: week.firstDay, weekend: [...week.weekend], minimalDays: week.minimalDays } };
}

/** The loader unit tests activate languages with: the same files, made from the sources instead of fetched. */
export const sourceLocaleLoader: LocaleLoader = {
  catalogue: async (locale) => (JSON.parse(await compiledCatalogueJson(locale)) as { messages: Messages }).messages,
  localeData: async (locale) => localeData(locale),
};
