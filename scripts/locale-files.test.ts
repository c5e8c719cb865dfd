import { describe, expect, it } from 'vitest';
import { compiledCatalogueJson, configuredLocales, localeData } from './locale-files';

describe('locale files', () => {
  it('compiles every language of spec 1 §9 into a catalogue the UI can load', async () => {
    expect([...configuredLocales()].sort()).toEqual(['ar', 'cs', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ru']);
    const german = JSON.parse(await compiledCatalogueJson('de')) as { messages: Record<string, unknown> };
    const english = JSON.parse(await compiledCatalogueJson('en')) as { messages: Record<string, unknown> };
    expect(Object.keys(german.messages).length).toBeGreaterThan(50);
    expect(Object.keys(german.messages).sort()).toEqual(Object.keys(english.messages).sort());
    expect(JSON.stringify(german)).not.toEqual(JSON.stringify(english));
  });

  it('refuses a language that is not configured', async () => {
    await expect(compiledCatalogueJson('xx')).rejects.toThrow("'xx' is not a configured language");
  });

  it('takes direction and week from CLDR', () => {
    expect(localeData('ar')).toMatchObject({ locale: 'ar', direction: 'rtl' });
    expect(localeData('de')).toEqual({ locale: 'de', direction: 'ltr', week: { firstDay: 1, weekend: [6, 7], minimalDays: 4 } });
  });
});
