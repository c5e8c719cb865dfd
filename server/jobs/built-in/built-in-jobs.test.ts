import { describe, expect, it } from 'vitest';
import { LOCALES as SUPPORTED_LOCALES } from '../../../schemas/entity-document';
import { BUILT_IN_JOBS } from './built-in-jobs';

// The bridge page shows a job's category, description, count unit and parameter labels in the user's language
// (docs/jobs.md "Texts"): every built-in job speaks every UI language, and its English words are the run's own.
describe('the built-in jobs speak every UI language', () => {
  for (const job of BUILT_IN_JOBS) {
    it(job.name, () => {
      expect(Object.keys(job.texts ?? {}).sort()).toEqual([...SUPPORTED_LOCALES].sort());
      const english = job.texts!.en!;
      expect({ category: english.category, description: english.description, countUnit: english.countUnit }).toEqual({ category: job.category, description: job.description, countUnit: job.countUnit });
      const parameters = Object.keys((job.parameterSchema.properties ?? {}) as Record<string, unknown>).sort();
      for (const locale of SUPPORTED_LOCALES) {
        const texts = job.texts![locale]!;
        for (const text of [texts.category, texts.description, texts.countUnit]) expect(text.trim()).not.toBe('');
        expect(Object.keys(texts.parameters ?? {}).sort(), `${locale} labels every parameter`).toEqual(parameters);
        for (const label of Object.values(texts.parameters ?? {})) expect(label.title.trim()).not.toBe('');
        if (locale !== 'en') expect(texts.description, `${locale} is translated`).not.toBe(english.description);
      }
    });
  }
});
