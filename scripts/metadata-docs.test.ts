import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonFiles, readJson, ROOT } from '../fixtures/metadata/samples';
import { checkCatalogue, validateEntityDocument } from '../schemas';

// docs/metadata.md promises that a newcomer following its worked example ends with a document the checker
// accepts; this keeps the text and the example fixture honest.
const doc = readFileSync(path.join(ROOT, 'docs/metadata.md'), 'utf8');
const example = doc.slice(doc.indexOf('## Worked example'));
const jsonBlocks = [...example.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
const fixtureFile = path.join(ROOT, 'fixtures/metadata-example/pos-supply/gift-card.json');

describe('docs/metadata.md worked example', () => {
  it('starts with a minimal document that already passes the checker', () => {
    const first = JSON.parse(jsonBlocks[0]!);
    expect(validateEntityDocument(first, 'server/metadata/pos-supply/gift-card.json')).toEqual([]);
  });

  it('ends with the document kept in fixtures/metadata-example', () => {
    const last = JSON.parse(jsonBlocks.at(-1)!);
    expect(last).toEqual(readJson(fixtureFile));
  });

  it('the final document passes the checker together with the whole catalogue', () => {
    const catalogue = jsonFiles(path.join(ROOT, 'server/metadata')).map((file) => ({ file, doc: readJson(file) }));
    const final = { file: fixtureFile, doc: readJson(fixtureFile) };
    expect(validateEntityDocument(final.doc, final.file)).toEqual([]);
    expect(checkCatalogue([...catalogue, final])).toEqual([]);
  });
});
