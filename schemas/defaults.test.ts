import { describe, expect, it } from 'vitest';
import { defaultValue, emptyRecord, normaliseNumberInput } from './defaults';
import { SYSTEM_FIELDS } from './system-fields';

describe('defaultValue', () => {
  it('follows spec 2 §3: 0, false, {} for non-nullable, null for the rest', () => {
    expect(defaultValue({ name: 'A', type: 'Number' })).toBe(0);
    expect(defaultValue({ name: 'A', type: 'Number', nullable: true })).toBeNull();
    expect(defaultValue({ name: 'A', type: 'Boolean' })).toBe(false);
    expect(defaultValue({ name: 'A', type: 'Object', properties: [{ name: 'B', type: 'Number' }] })).toEqual({});
    expect(defaultValue({ name: 'A', type: 'String' })).toBeNull();
    expect(defaultValue({ name: 'A', type: 'Array', items: { name: 'I', type: 'String' } })).toBeNull();
  });

  it('lets an explicit default win and copies it', () => {
    const field = { name: 'A', type: 'Array' as const, default: ['x'] };
    const value = defaultValue(field) as string[];
    expect(value).toEqual(['x']);
    value.push('y');
    expect(field.default).toEqual(['x']);
  });

  it('uses the first option of a number enum without a 0 option', () => {
    expect(defaultValue({ name: 'K', type: 'Number', usage: 'Enum', options: [{ value: 5, label: { en: 'Five' } }] })).toBe(5);
  });
});

describe('emptyRecord', () => {
  it('gives every field, system fields included, its default', () => {
    expect(emptyRecord({ fields: [...SYSTEM_FIELDS, { name: 'Name', type: 'String' }, { name: 'Count', type: 'Number' }] })).toEqual({
      Oid: null, ETag: null, Disabled: false, TenantOid: null, Name: null, Count: 0,
    });
  });
});

describe('normaliseNumberInput', () => {
  it('turns empty input into null when nullable, else 0', () => {
    expect(normaliseNumberInput({ nullable: true }, '')).toBeNull();
    expect(normaliseNumberInput({ nullable: false }, '  ')).toBe(0);
    expect(normaliseNumberInput({}, '')).toBe(0);
  });

  it('reads numbers with a dot or a comma and keeps text that is no number', () => {
    expect(normaliseNumberInput({}, '12.5')).toBe(12.5);
    expect(normaliseNumberInput({}, '12,5')).toBe(12.5);
    expect(normaliseNumberInput({}, '-3')).toBe(-3);
    expect(normaliseNumberInput({}, '12a')).toBe('12a');
  });
});
