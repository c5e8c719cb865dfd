import { describe, expect, it } from 'vitest';
import type { FieldModel } from './entity-document';
import { fieldTypesOf, findField, valueAt, walkFields } from './field-paths';

const fields: FieldModel[] = [
  { name: 'Name', type: 'String' },
  { name: 'Address', type: 'Object', properties: [{ name: 'City', type: 'String' }] },
  { name: 'Lines', type: 'Array', items: { name: 'Line', type: 'Object', properties: [{ name: 'Qty', type: 'Number' }] } },
];

describe('field paths', () => {
  it('walks nested fields with paths and pointers', () => {
    expect(walkFields(fields).map((w) => [w.path, w.pointer, w.inArray])).toEqual([
      ['Name', '/fields/0', false],
      ['Address', '/fields/1', false],
      ['Address.City', '/fields/1/properties/0', false],
      ['Lines', '/fields/2', false],
      ['Lines[]', '/fields/2/items', true],
      ['Lines[].Qty', '/fields/2/items/properties/0', true],
    ]);
  });

  it('gives condition field types without array items', () => {
    expect(fieldTypesOf(fields)).toEqual({ Name: 'String', Address: 'Object', 'Address.City': 'String', Lines: 'Array' });
  });

  it('finds fields and values by dotted path', () => {
    expect(findField(fields, 'Address.City')?.type).toBe('String');
    expect(findField(fields, 'Address.Zip')).toBeUndefined();
    expect(valueAt({ Address: { City: 'Bonn' } }, 'Address.City')).toBe('Bonn');
    expect(valueAt({ Address: null }, 'Address.City')).toBeUndefined();
  });
});
