import { describe, expect, it } from 'vitest';
import { compileEntityUncached, type EntityDocument, type JsonSchema } from '../../../schemas';
import { alignsEnd, formatCell, formatFieldValue, formatRecordField } from './format-cell';

const schema = {
  type: 'object',
  properties: {
    Status: { type: 'integer', oneOf: [{ const: 0, title: 'Planned' }, { const: 1, title: 'Geöffnet' }] },
    Address: { type: 'object', properties: { Kind: { type: 'string', oneOf: [{ const: 'H', title: 'Home' }] } } },
    Active: { type: 'boolean' },
  },
} as unknown as JsonSchema;

describe('formatFieldValue', () => {
  it('shows an enum value as its option label, nested ones too', () => {
    expect(formatFieldValue(schema, 'Status', 1)).toBe('Geöffnet');
    expect(formatFieldValue(schema, 'Status', 0)).toBe('Planned');
    expect(formatFieldValue(schema, 'Address.Kind', 'H')).toBe('Home');
  });

  it('shows an unknown enum value, an empty one and other fields as formatCell does', () => {
    expect(formatFieldValue(schema, 'Status', 7)).toBe('7');
    expect(formatFieldValue(schema, 'Status', null)).toBe('');
    expect(formatFieldValue(schema, 'Active', true, 'Yes')).toBe('Yes');
    expect(formatFieldValue(schema, 'Missing', { a: 1 })).toBe(formatCell({ a: 1 }));
  });
});

describe('formatRecordField', () => {
  const doc: EntityDocument = {
    area: 'shop',
    entity: 'price',
    version: 1,
    label: { en: 'Price' },
    scope: 'global',
    navigation: '/data/shop',
    fields: [
      { name: 'Name', type: 'String' },
      { name: 'Amount', type: 'Number', managedType: 'decimal', usage: 'CurrencyAmount' },
      { name: 'Currency', type: 'String', usage: 'CurrencyCode' },
      { name: 'ValidFrom', type: 'String', usage: 'Date' },
      { name: 'Kind', type: 'Number', managedType: 'int32', usage: 'Enum', options: [{ value: 1, label: { en: 'Retail', de: 'Einzelhandel' } }] },
    ],
  };
  const record = { Name: 'Tea', Amount: 1234.5, Currency: 'CHF', ValidFrom: '2024-05-01', Kind: 1 };
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('reads the same record differently in German and Japanese: amounts in the record\'s currency, local dates', () => {
    const de = compileEntityUncached(doc, 'de');
    const ja = compileEntityUncached(doc, 'ja');
    expect(plain(formatRecordField(de, 'Amount', record))).toBe('1.234,50 CHF');
    expect(plain(formatRecordField(ja, 'Amount', record))).toBe('CHF 1,234.50');
    expect(formatRecordField(de, 'ValidFrom', record)).toBe('01.05.2024');
    expect(formatRecordField(ja, 'ValidFrom', record)).toBe('2024/05/01');
    expect(formatRecordField(de, 'Kind', record)).toBe('Einzelhandel');
    expect(formatRecordField(de, 'Name', record)).toBe('Tea');
  });

  it('aligns number columns at the end, but not enums or texts', () => {
    const en = compileEntityUncached(doc, 'en');
    expect(alignsEnd(en, 'Amount')).toBe(true);
    expect(alignsEnd(en, 'Kind')).toBe(false);
    expect(alignsEnd(en, 'Name')).toBe(false);
  });
});
