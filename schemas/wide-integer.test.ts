import { describe, expect, it } from 'vitest';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument, FieldModel } from './entity-document';
import { formatFieldText } from './format-value';
import { createRecordValidator } from './record-validator';
import { isWideInteger, parseWideInteger, wideIntegerBounds } from './wide-integer';

const doc: EntityDocument = {
  area: 'test', entity: 'counter', version: 1, label: { en: 'Counter' }, scope: 'global',
  fields: [
    { name: 'Name', type: 'String' },
    { name: 'Signed', type: 'Number', managedType: 'int64', nullable: true },
    { name: 'Unsigned', type: 'Number', managedType: 'uint64' },
    { name: 'Next', type: 'Number', managedType: 'int64', min: 1, default: 1 },
    { name: 'OwnerOid', type: 'Number', managedType: 'int64', nullable: true, usage: 'Lookup' },
    { name: 'Small', type: 'Number', managedType: 'int32' },
    { name: 'Ids', type: 'Array', items: { name: 'Id', type: 'Number', managedType: 'int64' } },
  ],
  extensions: { lookups: { OwnerOid: { entity: 'test/counter', displayField: 'Name' } } },
} as unknown as EntityDocument;

const field = (name: string) => doc.fields.find((f) => f.name === name) as FieldModel;
const validate = createRecordValidator(doc);
const errorsOf = (record: Record<string, unknown>) => validate({ Name: 'x', Unsigned: '0', Next: '1', Small: 0, Ids: null, ...record });

describe('wide integers', () => {
  it('are the top-level int64 / uint64 Numbers that are no lookup or system field', () => {
    expect(['Signed', 'Unsigned', 'Next'].every((name) => isWideInteger(field(name)))).toBe(true);
    expect(isWideInteger(field('OwnerOid'))).toBe(false);
    expect(isWideInteger(field('Small'))).toBe(false);
    expect(isWideInteger({ name: 'Oid', type: 'Number', managedType: 'int64' })).toBe(false);
  });

  it('compile to a decimal string or whole number with a pattern and the x-integer-range keyword, default as a string', () => {
    const { schema, emptyRecord } = compileEntityUncached(doc);
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.Signed).toMatchObject({ type: ['string', 'integer', 'null'], 'x-integer-range': { minimum: '-9223372036854775808', maximum: '9223372036854775807' } });
    expect(properties.Unsigned).toMatchObject({ type: ['string', 'integer'], 'x-integer-range': { minimum: '0', maximum: '18446744073709551615' }, default: '0' });
    expect(properties.Next).toMatchObject({ 'x-integer-range': { minimum: '1', maximum: '9223372036854775807' }, default: '1' });
    // Lookups and values inside arrays stay JSON numbers, clamped to the safe range.
    expect(properties.OwnerOid).toMatchObject({ type: ['integer', 'null'], maximum: Number.MAX_SAFE_INTEGER });
    expect((properties.Ids!.items as Record<string, unknown>).maximum).toBe(Number.MAX_SAFE_INTEGER);
    expect(emptyRecord).toMatchObject({ Signed: null, Unsigned: '0', Next: '1', OwnerOid: null });
  });

  it('accept the full ranges as strings and safe integers as numbers', () => {
    expect(errorsOf({ Signed: '9223372036854775807', Unsigned: '18446744073709551615' })).toEqual({});
    expect(errorsOf({ Signed: '-9223372036854775808', Unsigned: 9007199254740991 })).toEqual({});
    expect(errorsOf({ Signed: null, Next: 5 })).toEqual({});
  });

  it('refuse values out of range, unsafe numbers and non-canonical text with one message naming range and example', () => {
    for (const [name, value] of [
      ['Signed', '9223372036854775808'], ['Signed', '-9223372036854775809'], ['Unsigned', '18446744073709551616'], ['Unsigned', '-1'],
      ['Unsigned', 2 ** 53], ['Signed', '1e3'], ['Signed', '007'], ['Signed', ' 7'], ['Signed', 1.5], ['Signed', true], ['Next', '0'],
    ] as const) {
      const errors = errorsOf({ [name]: value });
      expect(Object.keys(errors), `${name} ${String(value)}`).toEqual([name]);
      expect(errors[name]).toHaveLength(1);
      const { max } = wideIntegerBounds(field(name));
      expect(errors[name]![0]!.message).toContain(`to ${max} as a decimal string, e.g. "${max}"`);
    }
    expect(errorsOf({ Next: '0' }).Next![0]!.message).toContain('from 1 to');
  });

  it('parse only canonical decimal strings and safe integers', () => {
    expect(parseWideInteger('18446744073709551615')).toBe(18446744073709551615n);
    expect(parseWideInteger(-5)).toBe(-5n);
    expect(parseWideInteger('-0')).toBeUndefined();
    expect(parseWideInteger(2 ** 60)).toBeUndefined();
  });

  it('format every digit in the grid and read-only views', () => {
    expect(formatFieldText(field('Signed'), '9223372036854775807', { locale: 'en' })).toBe('9,223,372,036,854,775,807');
    expect(formatFieldText(field('Unsigned'), '18446744073709551615', { locale: 'de' })).toBe('18.446.744.073.709.551.615');
  });
});
