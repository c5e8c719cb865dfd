import type { Messages } from '@lingui/core';
import { isLocaleData, type LocaleData } from './locale-data';

/** Where a language's files come from: the server in the app, the .po sources in unit tests. */
export interface LocaleLoader {
  /** The compiled catalogue; a failure fails the switch of language. */
  catalogue: (locale: string) => Promise<Messages>;
  /** The locale data, or undefined when it could not be had (spec 1 §7: a failure is ignored). */
  localeData: (locale: string) => Promise<LocaleData | undefined>;
}

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(`${import.meta.env.BASE_URL}${path}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /${path} answered ${response.status}`);
  return response.json();
}

/**
 * Fetches `GET /loc/{locale}.json` and `GET /assets/cldr/{locale}.json` (spec 1 §7), built from the catalogues by
 * `scripts/vite-locale-files.ts`: only the chosen language travels, none is in the app's JavaScript.
 */
export const fetchLocaleLoader: LocaleLoader = {
  async catalogue(locale) {
    const body = (await fetchJson(`loc/${locale}.json`)) as { messages?: Messages } | null;
    if (!body || typeof body.messages !== 'object') throw new Error(`GET /loc/${locale}.json is not a catalogue`);
    return body.messages;
  },
  async localeData(locale) {
    try {
      const body = await fetchJson(`assets/cldr/${locale}.json`);
      return isLocaleData(body) ? body : undefined;
    } catch {
      return undefined;
    }
  },
};
