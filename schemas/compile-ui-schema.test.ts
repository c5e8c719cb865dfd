import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/metadata/samples';
import { compileUiSchema, effectFields } from './compile-ui-schema';
import { SYSTEM_FIELDS } from './system-fields';

const article = sample('article');
const { uiSchema, widgets } = compileUiSchema([...SYSTEM_FIELDS, ...article.fields], article.extensions ?? {});

describe('compileUiSchema', () => {
  it('sets widgets from the testers and hides system keys', () => {
    expect(uiSchema.Oid).toEqual({ 'ui:widget': 'hidden', 'ui:readonly': true });
    expect(uiSchema.Disabled).toEqual({ 'ui:widget': 'checkbox' });
    expect(uiSchema.LongText).toMatchObject({ 'ui:widget': 'multiline', 'ui:options': { maxLength: 166 } });
    expect(uiSchema.Code).toMatchObject({ 'ui:widget': 'text', 'ui:options': { maxLength: 8, case: 'lower' } });
  });

  it('carries currency, lookup and enum icons in ui:options', () => {
    expect(uiSchema.RetailPrice).toMatchObject({ 'ui:widget': 'currency', 'ui:options': { currency: { code: 'EUR', decimals: 2, field: 'Currency' } } });
    expect((uiSchema.QuantityUnit as Record<string, unknown>)['ui:options']).toMatchObject({ lookup: { entity: 'pos-supply/quantity-unit', valueField: 'Oid' } });
    expect((uiSchema.Kind as Record<string, unknown>)['ui:options']).toMatchObject({ enumIcons: { 1: 'package', 2: 'wrench' } });
  });

  it("marks a field whose rule string says required, as a declared required is marked; not an array's items", () => {
    const fields = [
      { name: 'Note', type: 'String', rules: 'min:3|required' },
      { name: 'Plain', type: 'String', rules: 'min:3' },
      { name: 'Tags', type: 'Array', items: { name: 'Tag', type: 'String', rules: 'required' } },
    ] as const;
    const compiled = compileUiSchema(fields as unknown as Parameters<typeof compileUiSchema>[0], {}).uiSchema as Record<string, Record<string, unknown>>;
    expect(compiled.Note!['ui:options']).toMatchObject({ rulesRequired: true });
    expect(compiled.Plain!['ui:options']).toBeUndefined();
    expect((compiled.Tags!.items as Record<string, unknown>)['ui:options']).toBeUndefined();
  });

  it('carries effects with the fields their conditions read', () => {
    expect((uiSchema.Tax as Record<string, unknown>)['ui:options']).toMatchObject({ effects: { disabled: expect.any(Object), fields: ['Kind', 'RetailPrice'] } });
    expect(effectFields({ required: { field: 'B', op: 'true' }, visible: { whenAll: [{ field: 'A', op: 'notNull' }, { field: 'B', op: 'true' }] } })).toEqual(['A', 'B']);
  });

  it('nests Object properties and Array items, without ui:widget on the containers', () => {
    expect(uiSchema.Dimensions).toEqual({ Width: { 'ui:widget': 'number' }, Height: { 'ui:widget': 'number' }, Unit: { 'ui:widget': 'enum' } });
    expect(uiSchema.Barcodes).toEqual({ items: { 'ui:widget': 'barcode', 'ui:options': { maxLength: 32 } } });
    expect(widgets).toMatchObject({ Dimensions: 'object', 'Dimensions.Unit': 'enum', Barcodes: 'array', 'Prices[].ValidFrom': 'datetime' });
  });

  it('gives JSON and XML text the code widget with the language it is checked in', () => {
    const { uiSchema: ui } = compileUiSchema(
      [{ name: 'Options', type: 'String', usage: 'Json' }, { name: 'Layout', type: 'String', usage: 'Xml' }, { name: 'Plain', type: 'String' }],
      { widgets: { Plain: 'code' } },
    );
    expect(ui.Options).toEqual({ 'ui:widget': 'code', 'ui:options': { codeLanguage: 'json' } });
    expect(ui.Layout).toEqual({ 'ui:widget': 'code', 'ui:options': { codeLanguage: 'xml' } });
    expect(ui.Plain).toEqual({ 'ui:widget': 'code' });
  });

  it('marks readonly fields', () => {
    expect(uiSchema.Counter).toEqual({ 'ui:widget': 'number', 'ui:readonly': true });
  });
});
