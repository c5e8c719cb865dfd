import { describe, expect, it } from 'vitest';
import { adjustRecord } from './adjust-record';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument, FieldModel } from './entity-document';
import { isExactDecimal, normaliseDecimal, decimalRange } from './exact-decimal';
import { formatFieldText } from './format-value';
import { createRecordValidator } from './record-validator';
import { validateEntityDocument } from './validate-entity-document';

const doc: EntityDocument = {
  area: 'test', entity: 'ledger', version: 1, label: { en: 'Ledger' }, navigation: '/data/test', scope: 'global',
  visibility: { rule: 'all' },
  fields: [
    { name: 'Name', type: 'String' },
    { name: 'Amount', type: 'Number', managedType: 'decimal', precision: 30, scale: 4 },
    { name: 'Rate', type: 'Number', managedType: 'decimal', precision: 40, scale: 10, nullable: true, min: 0 },
    { name: 'Units', type: 'Number', managedType: 'decimal', precision: 20, default: '12345678901234567890' },
    { name: 'Price', type: 'Number', managedType: 'decimal', precision: 12, scale: 2 },
    { name: 'Plain', type: 'Number', managedType: 'decimal' },
  ],
  extensions: { effects: { Name: { readonly: { field: 'Amount', op: 'greaterThan', value: '12345678901234567890123456.7890' } } } },
};

const field = (name: string) => doc.fields.find((f) => f.name === name) as FieldModel;
const validate = createRecordValidator(doc);
const errorsOf = (record: Record<string, unknown>) => validate({ Name: 'x', Amount: '0.0000', Rate: null, Units: '0', Price: 0, Plain: 0, ...record });
const BIG = '12345678901234567890123456.7891';

describe('exact decimals', () => {
  it('are the top-level decimals with a precision above 15 (what a double holds exactly)', () => {
    expect(['Amount', 'Rate', 'Units'].every((name) => isExactDecimal(field(name)))).toBe(true);
    expect(isExactDecimal(field('Price'))).toBe(false);
    expect(isExactDecimal(field('Plain'))).toBe(false);
    expect(isExactDecimal({ name: 'Count', type: 'Number', managedType: 'double', precision: 30 })).toBe(false);
    expect(validateEntityDocument(doc, 'ledger.json')).toEqual([]);
  });

  it('compile to canonical decimal text with the x-decimal-range keyword, default as text; small ones stay numbers', () => {
    const { schema, emptyRecord } = compileEntityUncached(doc);
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.Amount).toMatchObject({ type: 'string', pattern: '^(?!-0\\.0{4}$)-?(0|[1-9][0-9]*)\\.[0-9]{4}$', 'x-decimal-range': { minimum: '-99999999999999999999999999.9999', maximum: '99999999999999999999999999.9999', scale: 4 }, default: '0.0000' });
    expect(properties.Rate).toMatchObject({ type: ['string', 'null'], 'x-decimal-range': { minimum: '0.0000000000', scale: 10 } });
    expect(properties.Price).toMatchObject({ type: 'number' });
    expect(properties.Plain).toMatchObject({ type: 'number' });
    expect(emptyRecord).toMatchObject({ Amount: '0.0000', Rate: null, Units: '12345678901234567890', Price: 0, Plain: 0 });
  });

  it('canonicalise what a client sends: no exponent, no leading zeros, the scale written out; never round', () => {
    expect(normaliseDecimal('0012.5', 4)).toBe('12.5000');
    expect(normaliseDecimal('-0.0', 4)).toBe('0.0000');
    expect(normaliseDecimal(1.25, 4)).toBe('1.2500');
    expect(normaliseDecimal(1e21, 0)).toBe('1000000000000000000000');
    expect(normaliseDecimal('1.23456', 4)).toBe('1.23456');
    expect(normaliseDecimal(0.1 + 0.2, 20)).toBe(0.1 + 0.2);
    expect(normaliseDecimal('1e5', 4)).toBe('1e5');
  });

  it('accept every digit of the range and refuse values out of range, of a longer scale or not canonical', () => {
    expect(errorsOf({ Amount: BIG, Rate: '123456789012345678901234567890.0123456789', Units: '99999999999999999999' })).toEqual({});
    expect(errorsOf({ Amount: '-99999999999999999999999999.9999' })).toEqual({});
    for (const [name, value] of [
      ['Amount', '100000000000000000000000000.0000'], ['Amount', '1.23456'], ['Amount', '1.5'], ['Amount', 1.5], ['Amount', '1e3'],
      ['Amount', '01.0000'], ['Rate', '-0.0000000001'], ['Units', '100000000000000000000'], ['Units', true],
    ] as const) {
      const errors = errorsOf({ [name]: value });
      expect(Object.keys(errors), `${name} ${String(value)}`).toEqual([name]);
      expect(errors[name]).toHaveLength(1);
    }
    expect(errorsOf({ Amount: '100000000000000000000000000.0000' }).Amount![0]!.message).toContain('99999999999999999999999999.9999');
  });

  it('refuse a canonical value longer than any text the parser reads, instead of throwing', () => {
    const huge = `${'9'.repeat(5000)}.0000`;
    expect(Object.keys(errorsOf({ Amount: huge }))).toEqual(['Amount']);
    expect(Object.keys(errorsOf({ Amount: `-${huge}` }))).toEqual(['Amount']);
  });

  it('adjust a typed value to its canonical text and evaluate effects exactly', () => {
    const compiled = compileEntityUncached(doc);
    const below = adjustRecord(doc, compiled, { Amount: '12345678901234567890123456,789' });
    expect(below.entity.Amount).toBe('12345678901234567890123456.7890');
    expect(below.states.Name!.readonly).toBe(false);
    const above = adjustRecord(doc, compiled, { Amount: BIG, Rate: '' });
    expect(above.entity).toMatchObject({ Amount: BIG, Rate: null });
    expect(above.states.Name!.readonly).toBe(true);
  });

  it('format every digit in the locale', () => {
    expect(formatFieldText(field('Amount'), BIG, { locale: 'en' })).toBe('12,345,678,901,234,567,890,123,456.7891');
    expect(formatFieldText(field('Amount'), BIG, { locale: 'de' })).toBe('12.345.678.901.234.567.890.123.456,7891');
    expect(formatFieldText(field('Units'), '12345678901234567890', { locale: 'en' })).toBe('12,345,678,901,234,567,890');
    expect(formatFieldText(field('Price'), 4.1, { locale: 'en' })).toBe('4.10');
  });

  it('are checked in documents: precision and scale on decimals only, scale within precision, defaults that fit', () => {
    const issues = (fields: FieldModel[]) => validateEntityDocument({ ...doc, fields, extensions: undefined }, 'ledger.json').map((i) => i.message);
    expect(issues([{ name: 'A', type: 'Number', managedType: 'double', precision: 20 }]).join()).toContain("managedType 'decimal' only");
    expect(issues([{ name: 'A', type: 'Number', managedType: 'decimal', precision: 20, scale: 21 }]).join()).toContain('scale (21) is greater than precision (20)');
    expect(issues([{ name: 'A', type: 'Number', managedType: 'decimal', scale: 2 }]).join()).toContain("needs a 'precision'");
    expect(issues([{ name: 'A', type: 'Number', managedType: 'decimal', precision: 20, default: '1.5' }]).join()).toContain('does not fit');
    expect(issues([{ name: 'A', type: 'Number', managedType: 'decimal', precision: 20, scale: 2, default: '1.5' }])).toEqual([]);
    expect(decimalRange({ precision: 20, scale: 2, max: 10.5 }).maximum).toBe('10.50');
  });
});
