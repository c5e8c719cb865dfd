import { describe, expect, it } from 'vitest';
import { compileFieldSchema, compileObjectSchema } from './compile-field-schema';
import { recordAjv } from './record-validator';

describe('compileFieldSchema', () => {
  it('compiles a String with lengths, pattern, title and default null', () => {
    expect(compileFieldSchema({ name: 'ArticleNumber', type: 'String', minLength: 2, maxLength: 32, pattern: '^A' })).toEqual({
      type: ['string', 'null'], minLength: 2, maxLength: 32, pattern: '^A', title: 'Article number', default: null,
    });
  });

  it('gives a required String minLength 1 and no null', () => {
    expect(compileFieldSchema({ name: 'Text', type: 'String', required: true })).toMatchObject({ type: 'string', minLength: 1 });
  });

  it('maps usages to formats and patterns', () => {
    expect(compileFieldSchema({ name: 'E', type: 'String', usage: 'Email' }).format).toBe('email');
    expect(compileFieldSchema({ name: 'U', type: 'String', usage: 'Url' }).format).toBe('uri');
    expect(compileFieldSchema({ name: 'D', type: 'String', usage: 'Date' }).format).toBe('date');
    expect(compileFieldSchema({ name: 'D', type: 'String', usage: 'DateTime' }).format).toBe('date-time');
    expect(compileFieldSchema({ name: 'T', type: 'String', usage: 'Time' }).format).toBe('iso-time');
    expect(compileFieldSchema({ name: 'C', type: 'String', usage: 'CurrencyCode' }).pattern).toBe('^[A-Z]{3}$');
  });

  it('compiles Numbers with integer types, effective bounds and nullability', () => {
    expect(compileFieldSchema({ name: 'N', type: 'Number', managedType: 'byte', max: 10 })).toMatchObject({ type: 'integer', minimum: 0, maximum: 10, default: 0 });
    expect(compileFieldSchema({ name: 'N', type: 'Number', managedType: 'int16', nullable: true })).toMatchObject({ type: ['integer', 'null'], default: null });
    expect(compileFieldSchema({ name: 'N', type: 'Number', managedType: 'decimal', nullable: true })).toMatchObject({ type: ['number', 'null'] });
    expect(compileFieldSchema({ name: 'N', type: 'Number' })).not.toHaveProperty('minimum');
    expect(compileFieldSchema({ name: 'N', type: 'Number' })).not.toHaveProperty('multipleOf');
  });

  it('compiles an Enum as oneOf const/title, with an empty choice when optional', () => {
    const options = [{ value: 'a', label: { en: 'Alpha', de: 'Alfa' } }];
    expect(compileFieldSchema({ name: 'K', type: 'String', usage: 'Enum', required: true, options }, 'de').oneOf).toEqual([{ const: 'a', title: 'Alfa' }]);
    expect(compileFieldSchema({ name: 'K', type: 'String', usage: 'Enum', options }).oneOf).toEqual([{ const: 'a', title: 'Alpha' }, { const: null, title: '' }]);
  });

  it('compiles Object properties recursively and Array items', () => {
    const schema = compileFieldSchema({
      name: 'Address', type: 'Object', properties: [{ name: 'City', type: 'String', required: true }, { name: 'Zip', type: 'String' }],
    });
    expect(schema).toMatchObject({ type: 'object', required: ['City'], additionalProperties: false, default: {} });
    expect(Object.keys(schema.properties as object)).toEqual(['City', 'Zip']);
    const list = compileFieldSchema({ name: 'Tags', type: 'Array', required: true, items: { name: 'Tag', type: 'String', maxLength: 5 } });
    expect(list).toMatchObject({ type: 'array', minItems: 1, items: { type: ['string', 'null'], maxLength: 5 } });
  });

  it('marks readonly fields and carries the description in the locale', () => {
    expect(compileFieldSchema({ name: 'A', type: 'Boolean', readonly: true, description: { en: 'Help', de: 'Hilfe' } }, 'de')).toEqual({
      type: 'boolean', title: 'A', description: 'Hilfe', readOnly: true, default: false,
    });
  });

  it('compiles a schema ajv accepts the defaults of and refuses unknown fields with', () => {
    const fields = [
      { name: 'Name', type: 'String' as const },
      { name: 'Count', type: 'Number' as const, managedType: 'int32' as const },
      { name: 'Flags', type: 'Array' as const, items: { name: 'F', type: 'Boolean' as const } },
    ];
    const validate = recordAjv().compile(compileObjectSchema(fields));
    expect(validate({ Name: null, Count: 0, Flags: null })).toBe(true);
    expect(validate({ Name: null, Count: 0, Flags: [true], Other: 1 })).toBe(false);
    expect(validate({ Name: 'x', Count: 1.5, Flags: null })).toBe(false);
  });
});
