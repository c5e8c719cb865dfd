import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/metadata/samples';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument } from './entity-document';
import { createRecordValidator } from './record-validator';

const article = sample('article');
const validate = createRecordValidator(article);
const valid = { ...compileEntityUncached(article).emptyRecord, ArticleNumber: 'A-1', Text: 'Apple', GTIN: '4006381333931', Dimensions: { Width: null, Height: null, Unit: 'cm' } };

describe('createRecordValidator', () => {
  it('accepts a valid record, system fields included', () => {
    expect(validate(valid)).toEqual({});
    expect(validate({ ...valid, Oid: 7, ETag: '"1"', TenantOid: 2, Disabled: true })).toEqual({});
  });

  it('reports one required error for an empty required field', () => {
    const errors = validate({ ...valid, Text: null, ArticleNumber: '' });
    expect(errors.Text).toEqual([{ key: 'validation.required', params: { label: 'Text' }, message: 'Text is required.' }]);
    expect(errors.ArticleNumber?.map((e) => e.key)).toEqual(['validation.required']);
  });

  it('refuses unknown fields, nested ones too', () => {
    const errors = validate({ ...valid, Price: 1, Dimensions: { ...valid.Dimensions, Depth: 2 } });
    expect(errors.Price).toEqual([{ key: 'validation.unknownField', params: { field: 'Price' }, message: "'Price' is not a field of this record." }]);
    expect(errors['Dimensions.Depth']?.[0]?.key).toBe('validation.unknownField');
  });

  it('reports bounds, lengths, types and formats with parameters', () => {
    const errors = validate({
      ...valid, Text: 'x'.repeat(41), Tax: 101, MinimumStock: 1.5, RetailPrice: 'cheap', Kind: 9,
      Prices: [{ ValidFrom: 'yesterday', Amount: 1 }],
    });
    expect(errors.Text).toEqual([{ key: 'validation.maxLength', params: { label: 'Text', max: 40, actual: 41 }, message: 'Enter at most 40 characters (41 entered).' }]);
    expect(errors.Tax?.[0]).toMatchObject({ key: 'validation.max', params: { max: 100 } });
    expect(errors.MinimumStock?.[0]?.key).toBe('validation.integer');
    expect(errors.RetailPrice?.[0]?.key).toBe('validation.numeric');
    expect(errors.Kind?.[0]?.key).toBe('validation.enum');
    expect(errors['Prices.0.ValidFrom']?.[0]?.key).toBe('validation.datetime');
  });

  it('accepts numbered placeholders in a UrlTemplate field, while a Url field still refuses them', () => {
    const doc: EntityDocument = {
      area: 'test', entity: 'carrier', version: 1, label: { en: 'Carrier' }, navigation: '/data/test', scope: 'tenant',
      fields: [
        { name: 'Website', type: 'String', usage: 'Url' },
        { name: 'TrackingUrl', type: 'String', usage: 'UrlTemplate' },
      ],
    };
    const check = createRecordValidator(doc);
    const empty = compileEntityUncached(doc).emptyRecord;
    expect(check({ ...empty, Website: 'https://carrier.example/', TrackingUrl: 'https://track.example.com/?id={0}' })).toEqual({});
    const errors = check({ ...empty, Website: 'https://carrier.example/?id={0}', TrackingUrl: 'https://track.example.com/?id={id}' });
    expect(errors.Website?.map((e) => e.key)).toEqual(['validation.url']);
    expect(errors.TrackingUrl?.map((e) => e.key)).toEqual(['validation.url']);
  });

  it('applies conditional required from the effects', () => {
    expect(validate({ ...valid, Kind: 1, GTIN: null }).GTIN?.map((e) => e.key)).toEqual(['validation.required']);
    expect(validate({ ...valid, Kind: 2, GTIN: null })).toEqual({});
  });

  it('applies nested conditional required', () => {
    const check = createRecordValidator(sample('location'));
    const base = { ...compileEntityUncached(sample('location')).emptyRecord, Number: 1, Name: 'Main', CountryCode: 'DE' };
    expect(check({ ...base, Address: { PostalCode: '10115' } })['Address.City']?.[0]?.key).toBe('validation.required');
    expect(check({ ...base, Address: { PostalCode: '10115', City: 'Berlin' } })).toEqual({});
  });

  it('applies rule strings', () => {
    expect(validate({ ...valid, ArticleNumber: 'A--1' }).ArticleNumber?.map((e) => e.key)).toEqual(['validation.id']);
    expect(validate({ ...valid, MinimumStock: null }).MinimumStock?.map((e) => e.key)).toContain('validation.mayRequired');
  });

  it('reports a record that is not an object at the empty path', () => {
    expect(validate([1])['']?.[0]?.key).toBe('validation.type');
  });
});

describe('createRecordValidator on a required nullable Number (a required lookup)', () => {
  const doc = {
    area: 'test', entity: 'link', version: 1, label: { en: 'Link' }, navigation: '/data/test', scope: 'tenant' as const,
    fields: [{ name: 'TargetOid', type: 'Number' as const, managedType: 'int64' as const, nullable: true, required: true }],
  };
  const validateLink = createRecordValidator(doc);

  it('starts empty and refuses to save while empty, with the required message', () => {
    expect(compileEntityUncached(doc).emptyRecord.TargetOid).toBeNull();
    expect(validateLink({ TargetOid: null }).TargetOid?.map((e) => e.key)).toEqual(['validation.required']);
  });

  it('accepts a value', () => {
    expect(validateLink({ TargetOid: 12 })).toEqual({});
  });
});
