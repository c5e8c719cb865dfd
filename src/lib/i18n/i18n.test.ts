// @vitest-environment happy-dom
import type { Messages } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, activeLocaleData, i18n } from './i18n';
import type { LocaleData } from './locale-data';
import { fetchLocaleLoader, type LocaleLoader } from './locale-loader';

const GERMAN: LocaleData = { locale: 'de', direction: 'ltr', week: { firstDay: 1, weekend: [6, 7], minimalDays: 4 } };

/** A loader whose catalogue answers only when the test lets it. */
function heldLoader(messages: Messages, data: LocaleData | undefined) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const loader: LocaleLoader = { catalogue: async () => (await held, messages), localeData: async () => data };
  return { loader, release };
}

afterEach(() => vi.unstubAllGlobals());

describe('activateLocale', () => {
  it('keeps the current language until the new catalogue is there, then switches', async () => {
    await activateLocale('en', { catalogue: async () => ({ hello: 'Hello' }), localeData: async () => undefined });
    const { loader, release } = heldLoader({ hello: 'Hallo' }, GERMAN);
    const switching = activateLocale('de', loader);
    await Promise.resolve();
    expect(i18n.locale).toBe('en');
    expect(i18n._('hello')).toBe('Hello');
    release();
    await switching;
    expect(i18n.locale).toBe('de');
    expect(i18n._('hello')).toBe('Hallo');
    expect(document.documentElement.lang).toBe('de');
    expect(activeLocaleData()).toEqual(GERMAN);
  });

  it('goes on without locale data, taking the direction from the list of right-to-left languages', async () => {
    await activateLocale('ar', { catalogue: async () => ({}), localeData: async () => undefined });
    expect(i18n.locale).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(activeLocaleData()).toBeUndefined();
  });

  it('stays on the current language when the catalogue cannot be had', async () => {
    await activateLocale('en', { catalogue: async () => ({}), localeData: async () => undefined });
    await expect(activateLocale('fr', { catalogue: async () => Promise.reject(new Error('offline')), localeData: async () => undefined })).rejects.toThrow('offline');
    expect(i18n.locale).toBe('en');
  });
});

describe('fetchLocaleLoader', () => {
  it('asks for /loc/{locale}.json and /assets/cldr/{locale}.json of the one language', async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('/loc/') ? { messages: { hello: 'Hallo' } } : GERMAN), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchLocaleLoader.catalogue('de')).toEqual({ hello: 'Hallo' });
    expect(await fetchLocaleLoader.localeData('de')).toEqual(GERMAN);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/loc/de.json', '/assets/cldr/de.json']);
  });

  it('ignores locale data that fails or is not locale data, but not a failed catalogue', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not found', { status: 404 })));
    expect(await fetchLocaleLoader.localeData('de')).toBeUndefined();
    await expect(fetchLocaleLoader.catalogue('de')).rejects.toThrow('GET /loc/de.json answered 404');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"unexpected":true}', { status: 200 })));
    expect(await fetchLocaleLoader.localeData('de')).toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await fetchLocaleLoader.localeData('de')).toBeUndefined();
  });
});
