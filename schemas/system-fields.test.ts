import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/metadata/samples';
import { resolveTitleField, SYSTEM_FIELD_NAMES, toEntityMeta } from './system-fields';

describe('toEntityMeta', () => {
  it('adds the system fields first and resolves operations and the title field', () => {
    const meta = toEntityMeta(sample('quantity-unit'));
    expect(meta.fields.slice(0, 4).map((f) => [f.name, f.type, f.readonly ?? false])).toEqual([
      ['Oid', 'Number', true], ['ETag', 'String', true], ['Disabled', 'Boolean', false], ['TenantOid', 'Number', true],
    ]);
    expect(meta.operations).toEqual(['list', 'read']);
    expect(meta.titleField).toBe('Id');
    expect(meta.pluralLabel).toEqual({ en: 'Quantity units', de: 'Mengeneinheiten' });
    expect(toEntityMeta(sample('location')).operations).toEqual(['list', 'read', 'create', 'update', 'patch', 'delete']);
  });

  it('passes on the scope fields, so the grid can say that a store or till narrows its rows', () => {
    const doc = { ...sample('quantity-unit'), scopeFields: { location: 'LocationOid', terminal: 'PosTerminalOid' } };
    expect(toEntityMeta(doc).scopeFields).toEqual({ location: 'LocationOid', terminal: 'PosTerminalOid' });
    expect(toEntityMeta(sample('quantity-unit'))).not.toHaveProperty('scopeFields');
  });

  it('names the system fields', () => {
    expect(SYSTEM_FIELD_NAMES).toEqual(['Oid', 'ETag', 'Disabled', 'TenantOid']);
  });

  it('resolves the title field: declared, first required String, first String, Oid', () => {
    expect(resolveTitleField({ titleField: 'X', fields: [] })).toBe('X');
    expect(resolveTitleField({ fields: [{ name: 'A', type: 'String' }, { name: 'B', type: 'String', required: true }] })).toBe('B');
    expect(resolveTitleField({ fields: [{ name: 'N', type: 'Number' }, { name: 'A', type: 'String' }] })).toBe('A');
    expect(resolveTitleField({ fields: [{ name: 'N', type: 'Number' }] })).toBe('Oid');
  });
});
