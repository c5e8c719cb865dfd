import { describe, expect, it } from 'vitest';
import { isRightToLeft, toSupportedLocale } from './locales';

describe('locales', () => {
  it('knows the right-to-left languages', () => {
    for (const code of ['ar', 'dv', 'fa', 'ha', 'he', 'ks', 'ku', 'ps', 'ur', 'yi', 'ar-EG']) expect(isRightToLeft(code)).toBe(true);
    for (const code of ['en', 'de', 'ja', 'cs']) expect(isRightToLeft(code)).toBe(false);
  });
  it('falls back to English for unknown values', () => {
    expect(toSupportedLocale('de-CH')).toBe('de');
    expect(toSupportedLocale('xx')).toBe('en');
    expect(toSupportedLocale(null)).toBe('en');
  });
});
