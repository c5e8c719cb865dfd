// The precompiled entity-document validator is what the schema gives now, and judges as ajv's compiled one does.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ENTITY_DOCUMENT_SCHEMA } from './entity-document-schema';
import { ENTITY_DOCUMENT_AJV_OPTIONS, ENTITY_DOCUMENT_VALIDATOR_FILE, entityDocumentValidatorSource } from './entity-document-validator-source';
import { validate } from './entity-document-validator.generated';
import { equal, ucs2length } from './standalone-validator-runtime';

describe('the precompiled entity-document validator', () => {
  it('is the code the schema gives now (run `npm run generate` after changing entity-document-schema.ts)', () => {
    expect(readFileSync(ENTITY_DOCUMENT_VALIDATOR_FILE, 'utf8')).toBe(entityDocumentValidatorSource());
  });

  it('gives the errors of a validator compiled at run time, for a valid document and for broken ones', () => {
    const compiled = new Ajv(ENTITY_DOCUMENT_AJV_OPTIONS).compile(ENTITY_DOCUMENT_SCHEMA);
    const valid = { area: 'pos-supply', entity: 'thing', version: 1, label: { en: 'Things' }, navigation: 'Master data', fields: [{ name: 'Name', type: 'text', label: { en: 'Name' } }] };
    const documents: unknown[] = [
      valid,
      { ...valid, version: 'one', extra: true },
      { ...valid, fields: [{ name: 'Name', type: 'no-such-type' }, { name: 'Name', type: 'text', label: { en: '' } }] },
      { ...valid, operations: ['read', 'read'] },
      { ...valid, label: { en: '\u{1F600}'.repeat(300) } },
      [],
      null,
    ];
    for (const document of documents) {
      const compiledValid = compiled(document);
      const generatedValid = validate(document);
      expect(generatedValid).toBe(compiledValid);
      expect((validate as unknown as { errors: unknown }).errors).toEqual(compiled.errors);
    }
  });

  it("counts characters and compares values as ajv's runtime does", () => {
    expect(ucs2length('a\u{1F600}b')).toBe(3);
    expect(ucs2length('\ud800x')).toBe(2);
    expect(equal({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(equal({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(equal([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(equal('1', 1)).toBe(false);
  });
});
