import { describe, expect, it } from 'vitest';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument, ImportDefinition } from './entity-document';
import { compileImport, importDefinitionErrors } from './import-definition';
import { validateEntityDocument } from './validate-entity-document';

const base: EntityDocument = {
  area: 'shop',
  entity: 'item',
  version: 1,
  label: { en: 'Item' },
  navigation: '/data/shop',
  scope: 'tenant',
  fields: [
    { name: 'Code', type: 'String', required: true, maxLength: 8, label: { en: 'Code', de: 'Kennung' } },
    { name: 'Barcode', type: 'String', usage: 'Barcode', description: { en: 'The scanned code.' } },
    { name: 'Unit', type: 'String' },
    { name: 'Rank', type: 'Number' },
  ],
};

function withImport(definition: unknown): EntityDocument {
  return { ...base, extensions: { import: definition as ImportDefinition } };
}

const issues = (definition: unknown) => validateEntityDocument(withImport(definition), '').map((i) => [i.path, i.message]);

describe('extensions.import checks', () => {
  it('accepts a definition naming declared fields with a GTIN column', () => {
    expect(issues({ gtinField: 'Barcode', columns: [{ field: 'Code' }, { field: 'Barcode', requiredForGtin: true }, { field: 'Rank', show: false }] })).toEqual([]);
  });

  it('names the column and the path of each mistake with what to do', () => {
    expect(issues({ columns: [{ field: 'Code' }, { field: 'Nope' }, { field: 'Code' }, { field: 'Unit', requiredForGtin: true, show: false }] })).toEqual([
      ['/extensions/import/columns/1/field', "import column 'Nope' names no top-level field of the document (system fields cannot be imported)"],
      ['/extensions/import/columns/2/field', "import column 'Code' is declared twice (first at /extensions/import/columns/0)"],
      ['/extensions/import/columns/3/show', `import column 'Unit' is requiredForGtin, so it must be shown: remove "show": false`],
      ['/extensions/import/columns/3/requiredForGtin', `import column 'Unit' is requiredForGtin but the import has no gtinField: add "gtinField" naming the column that holds the GTIN`],
    ]);
  });

  it('refuses a GTIN column outside the definition or not a String, and a missing or hidden required field', () => {
    expect(issues({ gtinField: 'Barcode', columns: [{ field: 'Unit' }] })).toEqual([
      ['/extensions/import/gtinField', `gtinField names 'Barcode', which is not a column of the import: add it to "columns"`],
      ['/extensions/import/columns', `field 'Code' is required but not a column of the import, so no row could be imported: add { "field": "Code" }`],
    ]);
    expect(issues({ gtinField: 'Rank', columns: [{ field: 'Code', show: false }, { field: 'Rank' }] })).toEqual([
      ['/extensions/import/gtinField', "gtinField 'Rank' is a Number field: a GTIN is held in a String field"],
      ['/extensions/import/columns/0/show', `import column 'Code' holds a required field, so it must be shown: remove "show": false`],
    ]);
  });

  it('reports misspelt keys of a column by the column', () => {
    expect(issues({ columns: [{ field: 'Code', requiredForGTIN: true }] })).toEqual([
      ['/extensions/import/columns/0/requiredForGTIN', "import column 'Code': unknown property 'requiredForGTIN' (did you mean 'requiredForGtin'?)"],
    ]);
  });
});

describe('compileImport', () => {
  it('localises labels and descriptions, falling back to the field, with defaults for the flags', () => {
    const doc = withImport({ gtinField: 'Barcode', columns: [{ field: 'Code' }, { field: 'Barcode', label: { en: 'GTIN', de: 'EAN' }, requiredForGtin: true }, { field: 'Rank', show: false }] });
    expect(compileImport(doc, 'de')).toEqual({
      gtinField: 'Barcode',
      columns: [
        { field: 'Code', label: 'Kennung', show: true, requiredForGtin: false, required: true, type: 'String', maxLength: 8 },
        { field: 'Barcode', label: 'EAN', description: 'The scanned code.', show: true, requiredForGtin: true, required: false, type: 'String' },
        { field: 'Rank', label: 'Rank', show: false, requiredForGtin: false, required: false, type: 'Number' },
      ],
    });
    expect(compileEntityUncached(doc, 'de').import?.columns).toHaveLength(3);
  });

  it('is absent for a kind without a definition', () => {
    expect(compileImport(base)).toBeUndefined();
    expect(compileEntityUncached(base)).not.toHaveProperty('import');
  });
});

describe('importDefinitionErrors', () => {
  const definition: ImportDefinition = { gtinField: 'Barcode', columns: [{ field: 'Code' }, { field: 'Barcode', requiredForGtin: true }, { field: 'Unit', requiredForGtin: true }] };

  it('passes a file without GTINs and a file where every row has the GTIN columns', () => {
    expect(importDefinitionErrors(definition, [{ Code: 'A' }, { Code: 'B', Barcode: '' }])).toEqual([]);
    expect(importDefinitionErrors(definition, [{ Code: 'A', Barcode: '1', Unit: 'kg' }, { Code: 'B', Barcode: '2', Unit: 'pc' }])).toEqual([]);
  });

  it('needs every requiredForGtin column in every row once one row has a GTIN', () => {
    expect(importDefinitionErrors(definition, [{ Code: 'A' }, { Code: 'B', Barcode: '2', Unit: 'kg' }, { Code: 'C', Barcode: '3', Unit: ' ' }])).toEqual([
      { row: 1, field: 'Barcode', message: 'Barcode is required in a GTIN import: row 2 has a Barcode, so every row needs Barcode.' },
      { row: 1, field: 'Unit', message: 'Unit is required in a GTIN import: row 2 has a Barcode, so every row needs Unit.' },
      { row: 3, field: 'Unit', message: 'Unit is required in a GTIN import: row 2 has a Barcode, so every row needs Unit.' },
    ]);
  });

  it('refuses values in fields outside the definition, but not their defaults or system keys', () => {
    expect(importDefinitionErrors(definition, [{ Code: 'A', Rank: 0, Oid: null, Disabled: false }, { Code: 'B', Rank: 4, Disabled: true }], { Rank: 0, Disabled: false })).toEqual([
      { row: 2, field: 'Rank', message: 'Rank is not a column of this import: leave it out of the file.' },
      { row: 2, field: 'Disabled', message: 'Disabled is not a column of this import: leave it out of the file.' },
    ]);
  });
});
