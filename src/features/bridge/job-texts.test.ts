import { describe, expect, it } from 'vitest';
import type { BridgeJobDefinition } from '../../../schemas/bridge-wire';
import { jobTexts } from './job-texts';

const definition: BridgeJobDefinition = {
  name: 'purge-old-data',
  category: 'Maintenance',
  description: 'Deletes old rows.',
  countUnit: 'rows',
  scope: 'global',
  parameters: {},
  texts: {
    en: { category: 'Maintenance', description: 'Deletes old rows.', countUnit: 'rows', parameters: { days: { title: 'Older than (days)' } } },
    de: { category: 'Wartung', description: 'Löscht alte Zeilen.', countUnit: 'Zeilen', parameters: { days: { title: 'Älter als (Tage)' } } },
  },
};
const run = { name: 'purge-old-data', category: 'Maintenance', description: 'Deletes old rows.', countUnit: 'rows' };

describe('jobTexts', () => {
  it("takes the definition's words in the UI language, also for a regional locale", () => {
    expect(jobTexts([definition], run, 'de')).toEqual({ category: 'Wartung', description: 'Löscht alte Zeilen.', countUnit: 'Zeilen', parameters: { days: { title: 'Älter als (Tage)' } } });
    expect(jobTexts([definition], run, 'de-AT').category).toBe('Wartung');
  });

  it('falls back to English words for a language the job does not speak', () => {
    expect(jobTexts([definition], run, 'ja').parameters).toEqual({ days: { title: 'Older than (days)' } });
  });

  it("keeps the run's own strings when the user sees no definition of it", () => {
    expect(jobTexts([], { ...run, countUnit: null }, 'de')).toEqual({ category: 'Maintenance', description: 'Deletes old rows.', countUnit: '', parameters: {} });
  });
});
