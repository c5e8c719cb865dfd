import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonFiles, readJson, ROOT, sample, validSamples } from '../fixtures/metadata/samples';
import { checkCatalogue } from './check-catalogue';
import { clearCompileCache, compileEntity, compileEntityUncached } from './compile-entity';
import type { EntityDocument } from './entity-document';
import { recordAjv } from './record-validator';
import { validateEntityDocument } from './validate-entity-document';

beforeEach(() => clearCompileCache());

describe('compileEntity', () => {
  it('compiles once per area, entity, version and locale', () => {
    const doc = sample('article');
    const first = compileEntity(doc, 'en');
    expect(compileEntity(doc, 'en')).toBe(first);
    expect(compileEntity(doc, 'de')).not.toBe(first);
    expect(compileEntity({ ...doc, version: doc.version + 1 }, 'en')).not.toBe(first);
    expect(first.key).toBe('pos-supply/article@3:en');
  });

  it('compiles a record schema with system fields, required list and no unknown fields', () => {
    const compiled = compileEntityUncached(sample('article'), 'de');
    expect(compiled.schema).toMatchObject({ type: 'object', title: 'Artikel', additionalProperties: false, required: ['ArticleNumber', 'Text'] });
    expect(Object.keys(compiled.schema.properties as object).slice(0, 5)).toEqual(['Oid', 'ETag', 'Disabled', 'TenantOid', 'ArticleNumber']);
    expect(compiled.uiSchema['ui:order']).toEqual(expect.arrayContaining(['ArticleNumber', '*']));
    expect(compiled.label).toBe('Artikel');
  });

  it('maps each field to the fields whose effects read it', () => {
    expect(compileEntityUncached(sample('article')).effectDependents).toEqual({
      Kind: ['GTIN', 'Tax'], DisallowDiscount: ['RetailPrice'], Text: ['LongText'], RetailPrice: ['Tax'],
    });
  });

  it('gives an empty record that the compiled schema accepts once required fields are filled', () => {
    const compiled = compileEntityUncached(sample('article'));
    expect(compiled.emptyRecord).toMatchObject({ Oid: null, Disabled: false, Kind: 1, RetailPrice: 0, Tax: null, Dimensions: {}, Barcodes: null });
    const validate = recordAjv().compile(compiled.schema);
    expect(validate(compiled.emptyRecord)).toBe(false);
    expect(validate({ ...compiled.emptyRecord, ArticleNumber: 'A-1', Text: 'Apple', Dimensions: { Width: null, Height: null, Unit: 'cm' } })).toBe(true);
  });
});

// Golden files: the compiled output of every valid sample and of every document of the real catalogue present
// when the test runs. Update them with `npx vitest run schemas -u` after an intended change.
const catalogue = jsonFiles(path.join(ROOT, 'server/metadata')).map((file) => ({ file: path.relative(ROOT, file), doc: readJson(file) }));
const goldenCases = [
  ...validSamples().map(({ file, doc }) => ({ file, doc: doc as unknown, golden: path.join(ROOT, 'fixtures/golden', path.relative('fixtures/metadata/valid', file)) })),
  ...catalogue.map(({ file, doc }) => ({ file, doc, golden: path.join(ROOT, 'fixtures/golden/server', path.relative('server/metadata', file)) })),
];

describe('golden compiler output', () => {
  it('the samples and the catalogue pass the cross-document checks', () => {
    expect(checkCatalogue(validSamples())).toEqual([]);
    expect(checkCatalogue(catalogue)).toEqual([]);
  });

  it.each(goldenCases.map((c) => [c.file, c] as const))('%s passes the checker and matches its golden file', async (file, { doc, golden }) => {
    expect(validateEntityDocument(doc, file)).toEqual([]);
    const { key: _key, ...compiled } = compileEntityUncached(doc as EntityDocument, 'en');
    await expect(`${JSON.stringify(compiled, null, 2)}\n`).toMatchFileSnapshot(golden);
  });
});
