import { describe, expect, it } from 'vitest';
import { compileEntityUncached, type EntityDocument } from '../../../schemas';
import { exportColumnChoices } from './export-columns';

const DOC: EntityDocument = {
  area: 'shop',
  entity: 'item',
  version: 1,
  label: { en: 'Item' },
  navigation: '/data/shop',
  scope: 'tenant',
  fields: [
    { name: 'Code', type: 'String', label: { en: 'Code', de: 'Kürzel' } },
    { name: 'TaxOid', type: 'Number', label: { en: 'Tax', de: 'Steuer' }, nullable: true },
    { name: 'Kind', type: 'Number', usage: 'Enum', options: [{ value: 1, label: { en: 'Goods', de: 'Ware' } }] },
    { name: 'Note', type: 'String' },
  ],
  extensions: {
    grid: { columns: [{ field: 'Kind' }, { field: 'Code' }] },
    lookups: { TaxOid: { entity: 'shop/tax', textFields: ['Name'] } },
  },
} as EntityDocument;

describe('exportColumnChoices', () => {
  it('offers the grid columns first (chosen at first), then the other fields with the key, never ETag or TenantOid', () => {
    const { columns, shown } = exportColumnChoices(compileEntityUncached(DOC, 'de'));
    expect(shown).toEqual(['Kind', 'Code']);
    const fields = columns.map((c) => c.field);
    expect(fields.slice(0, 2)).toEqual(['Kind', 'Code']);
    expect(fields).toEqual(expect.arrayContaining(['Oid', 'Disabled', 'TaxOid', 'Note']));
    expect(fields).not.toContain('ETag');
    expect(fields).not.toContain('TenantOid');
  });

  it('labels columns in the user language and carries lookups and option labels', () => {
    const { columns } = exportColumnChoices(compileEntityUncached(DOC, 'de'));
    const byField = new Map(columns.map((c) => [c.field, c]));
    expect(byField.get('Code')!.label).toBe('Kürzel');
    expect(byField.get('TaxOid')!.label).toBe('Steuer');
    expect(byField.get('TaxOid')!.lookup?.entity).toBe('shop/tax');
    expect(byField.get('Kind')!.options?.get('1')).toBe('Ware');
  });
});
