import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { DetailView, EntityDocument, FieldModel, FormExtensions, ImportColumn, ImportDefinition, LookupDefinition, RowCommand } from './entity-document';
import { ENTITY_DOCUMENT_SCHEMA } from './entity-document-schema';

// Records keyed by `keyof` the contract types: adding a key to a type without listing it here fails the typecheck,
// and the tests below then fail until the JSON Schema has it too.
const DOCUMENT_KEYS: Record<keyof EntityDocument, true> = {
  $schema: true, area: true, entity: true, version: true, label: true, pluralLabel: true, icon: true, navigation: true,
  scope: true, operations: true, titleField: true, fields: true, scopeFields: true, visibility: true, indexes: true, extensions: true,
};
const FIELD_KEYS: Record<keyof FieldModel, true> = {
  name: true, type: true, required: true, unique: true, minLength: true, maxLength: true, min: true, max: true, nullable: true,
  managedType: true, precision: true, scale: true, usage: true, label: true, description: true, readonly: true, properties: true, items: true, rules: true,
  default: true, options: true, pattern: true, patternHint: true, external: true, writeOnly: true, hash: true,
};
const EXTENSION_KEYS: Record<keyof FormExtensions, true> = {
  tabs: true, effects: true, widgets: true, lookups: true, grid: true, queryFields: true, quickSearch: true, details: true, commands: true, import: true,
};
const LOOKUP_KEYS: Record<keyof LookupDefinition, true> = { entity: true, valueField: true, textFields: true, iconField: true, countryField: true, filter: true, onDelete: true };
const DETAIL_KEYS: Record<keyof DetailView, true> = { id: true, label: true, entity: true, foreignKey: true, columns: true };
const COMMAND_KEYS: Record<keyof RowCommand, true> = { id: true, label: true, icon: true, post: true, permission: true, results: true, warningResults: true };
const IMPORT_KEYS: Record<keyof ImportDefinition, true> = { gtinField: true, columns: true };
const IMPORT_COLUMN_KEYS: Record<keyof ImportColumn, true> = { field: true, label: true, description: true, show: true, requiredForGtin: true };

const defs = ENTITY_DOCUMENT_SCHEMA.definitions;
const keys = (o: object) => Object.keys(o).sort();

describe('ENTITY_DOCUMENT_SCHEMA', () => {
  it('compiles under ajv strict mode', () => {
    expect(() => new Ajv({ strict: true, allowUnionTypes: true }).compile(ENTITY_DOCUMENT_SCHEMA)).not.toThrow();
  });

  it('has exactly the keys of the contract types', () => {
    expect(keys(ENTITY_DOCUMENT_SCHEMA.properties)).toEqual(keys(DOCUMENT_KEYS));
    expect(keys(defs.field.properties)).toEqual(keys(FIELD_KEYS));
    expect(keys(defs.extensions.properties)).toEqual(keys(EXTENSION_KEYS));
    expect(keys(defs.extensions.properties.lookups.additionalProperties.properties)).toEqual(keys(LOOKUP_KEYS));
    expect(keys(defs.extensions.properties.details.items.properties)).toEqual(keys(DETAIL_KEYS));
    expect(keys(defs.extensions.properties.commands.items.properties)).toEqual(keys(COMMAND_KEYS));
    expect(keys(defs.extensions.properties.import.properties)).toEqual(keys(IMPORT_KEYS));
    expect(keys(defs.extensions.properties.import.properties.columns.items.properties)).toEqual(keys(IMPORT_COLUMN_KEYS));
  });

  it('refuses unknown keys everywhere', () => {
    const validate = new Ajv({ allowUnionTypes: true }).compile(ENTITY_DOCUMENT_SCHEMA);
    const doc = { area: 'a', entity: 'b', version: 1, label: { en: 'B' }, navigation: '/data/a', scope: 'tenant', fields: [{ name: 'A', type: 'String' }] };
    expect(validate(doc)).toBe(true);
    expect(validate({ ...doc, lable: {} })).toBe(false);
    expect(validate({ ...doc, label: { en: 'B', xx: 'C' } })).toBe(false);
    expect(validate({ ...doc, extensions: { grid: { columns: [{ field: 'A', widht: 3 }] } } })).toBe(false);
  });
});
