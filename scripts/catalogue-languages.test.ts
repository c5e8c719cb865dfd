import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonFiles, readJson, ROOT } from '../fixtures/metadata/samples';
import { LOCALES } from '../schemas/entity-document';

// The catalogue promises every label in all nine languages; the checker only demands English, so this test
// holds the built-in catalogue to the higher bar.
function missingTranslations(value: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => missingTranslations(item, `${at}/${i}`, out));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.en === 'string' && Object.keys(record).every((k) => (LOCALES as readonly string[]).includes(k))) {
      for (const locale of LOCALES) {
        const text = record[locale];
        if (typeof text !== 'string' || text.trim() === '') out.push(`${at}: no '${locale}'`);
      }
    } else for (const [key, child] of Object.entries(record)) missingTranslations(child, `${at}/${key}`, out);
  }
  return out;
}

const files = [...jsonFiles(path.join(ROOT, 'server/metadata')), path.join(ROOT, 'server/metadata/navigation.json')];

describe('catalogue languages', () => {
  it('has documents to check', () => expect(files.length).toBeGreaterThan(30));

  it.each(files.map((f) => [path.relative(ROOT, f)]))('%s has every label in all nine languages', (file) => {
    const issues = missingTranslations(readJson(path.join(ROOT, file)), '', []);
    // Identical words are allowed: many are the same in several languages (Name, Code, Terminal, Port).
    expect(issues).toEqual([]);
  });
});
