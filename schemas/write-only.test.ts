import { describe, expect, it } from 'vitest';
import { createRecordValidator } from './record-validator';
import type { EntityDocument, FieldModel } from './entity-document';
import { compileEntityUncached } from './compile-entity';
import { validateEntityDocument } from './validate-entity-document';
import { isWriteOnly, redactWriteOnly } from './write-only';

const doc = (fields: FieldModel[], extensions: EntityDocument['extensions'] = {}): EntityDocument => ({
  area: 'test', entity: 'secretive', version: 1, label: { en: 'Secretive' }, navigation: '/data/test', scope: 'tenant', fields, extensions,
});
const PIN: FieldModel = { name: 'Pin', type: 'String', usage: 'Password', hash: 'argon2id', required: true, minLength: 4, pattern: '^[0-9]+$' };
const NAME: FieldModel = { name: 'Name', type: 'String', required: true };

describe('write-only fields', () => {
  it('are the Password fields and the String fields declared writeOnly', () => {
    expect(isWriteOnly(PIN)).toBe(true);
    expect(isWriteOnly({ type: 'String', writeOnly: true })).toBe(true);
    expect(isWriteOnly(NAME)).toBe(false);
  });

  it('are answered as set or not set, never as their value', () => {
    const fields = [NAME, PIN, { name: 'Token', type: 'String', writeOnly: true } as FieldModel];
    expect(redactWriteOnly(fields, { Name: 'a', Pin: '$argon2id$x', Token: null })).toEqual({ Name: 'a', $writeOnly: { Pin: true, Token: false } });
    expect(redactWriteOnly([NAME], { Name: 'a' })).toEqual({ Name: 'a' });
  });

  it('are not required by the form schema, but by the validator, whose messages never repeat the value', () => {
    const document = doc([NAME, PIN]);
    expect(compileEntityUncached(document).schema.required).toEqual(['Name']);
    const validate = createRecordValidator(document);
    expect(Object.keys(validate({ Name: 'a' }))).toEqual(['Pin']);
    const bad = validate({ Name: 'a', Pin: 'abcd' });
    expect(bad.Pin?.[0]?.message).not.toContain('abcd');
    expect(validate({ Name: 'a', Pin: '1234' })).toEqual({});
  });

  it('are refused by the checker where they would give the value away', () => {
    const issues = (d: EntityDocument) => validateEntityDocument(d, 'test/secretive.json').map((i) => `${i.path}: ${i.message}`);
    expect(issues(doc([NAME, { ...PIN, unique: true }]))).toEqual([expect.stringMatching(/^\/fields\/1\/unique: .*write-only field cannot be 'unique'/)]);
    expect(issues(doc([NAME, { name: 'N', type: 'Number', writeOnly: true }]))).toEqual([expect.stringMatching(/writeOnly.*top-level String/)]);
    expect(issues(doc([NAME, { name: 'Plain', type: 'String', hash: 'argon2id' }]))).toEqual([expect.stringMatching(/'hash' applies to write-only fields/)]);
    expect(issues(doc([NAME, PIN], { quickSearch: ['Pin'] }))).toEqual([expect.stringMatching(/quickSearch names field 'Pin', which is write-only/)]);
  });
});
