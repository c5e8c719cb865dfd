import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../schemas';
import { formatCell, formatFieldValue } from './format-cell';

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
