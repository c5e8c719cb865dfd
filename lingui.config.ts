import type { LinguiConfig } from '@lingui/conf';

// Catalogues for the nine languages of spec 1 §9; English is the source language.
const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'de', 'ja', 'it', 'ru', 'ar', 'cs', 'es', 'fr'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src', '<rootDir>/renderers'], exclude: ['**/*.test.*'] }],
  format: 'po',
  orderBy: 'messageId',
};

export default config;
