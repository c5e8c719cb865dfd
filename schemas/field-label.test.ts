import { describe, expect, it } from 'vitest';
import { fieldLabel, localize, nameToWords } from './field-label';

describe('nameToWords', () => {
  it('splits PascalCase into a sentence-case label', () => {
    expect(nameToWords('RetailPrice')).toBe('Retail price');
    expect(nameToWords('SuggestedRetailPrice')).toBe('Suggested retail price');
    expect(nameToWords('Text')).toBe('Text');
  });

  it('keeps acronyms and digits', () => {
    expect(nameToWords('GTIN')).toBe('GTIN');
    expect(nameToWords('GTINCode')).toBe('GTIN code');
    expect(nameToWords('ImageURL')).toBe('Image URL');
    expect(nameToWords('Address2')).toBe('Address2');
  });
});

describe('fieldLabel and localize', () => {
  it('uses the locale, falls back to en, then to the name', () => {
    const field = { name: 'RetailPrice', label: { en: 'Price', de: 'Preis' } };
    expect(fieldLabel(field, 'de')).toBe('Preis');
    expect(fieldLabel(field, 'ja')).toBe('Price');
    expect(fieldLabel({ name: 'RetailPrice' }, 'de')).toBe('Retail price');
    expect(localize({ en: 'Yes', fr: 'Oui' }, 'fr')).toBe('Oui');
  });
});
