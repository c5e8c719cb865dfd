// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sourceLocaleLoader } from '../../../scripts/locale-files';
import { activateLocale as activate } from './i18n';
import type { SupportedLocale } from './locales';
import { pageCount } from './page-count';

const activateLocale = (locale: SupportedLocale) => activate(locale, sourceLocaleLoader);

describe('plural forms and direction per language', () => {
  it('uses the Czech one, few, many and other forms', async () => {
    await activateLocale('cs');
    expect([1, 3, 5, 22].map(pageCount)).toEqual(['1 stránka', '3 stránky', '5 stránek', '22 stránek']);
    expect(pageCount(1.5)).toBe('1,5 stránky');
    expect(document.documentElement.lang).toBe('cs');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('uses the Russian few and many forms and English singular', async () => {
    await activateLocale('ru');
    expect([1, 2, 5].map(pageCount)).toEqual(['1 страница', '2 страницы', '5 страниц']);
    await activateLocale('en');
    expect([1, 2].map(pageCount)).toEqual(['1 page', '2 pages']);
  });

  it('turns the page right to left for Arabic', async () => {
    await activateLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(pageCount(2)).toBe('صفحتان');
  });
});
