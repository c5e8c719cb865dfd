import { describe, expect, it } from 'vitest';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument, FieldModel, FieldUsage } from './entity-document';
import { MANAGED_TYPE_NAMES } from './managed-types';
import { createRecordValidator, recordAjv } from './record-validator';
import { sampleRecords } from './sample-records';
import { validateEntityDocument } from './validate-entity-document';

const doc = (fields: FieldModel[]): EntityDocument => ({ area: 'sample-area', entity: 'sample', version: 1, label: { en: 'Sample' }, scope: 'tenant', navigation: '/data/sample-area', fields } as EntityDocument);

/** The sample records of a document, with what its compiled schema says of each. */
function check(document: EntityDocument) {
  expect(validateEntityDocument(document, 'sample.json').filter((issue) => issue.path !== '/entity')).toEqual([]);
  const validate = recordAjv().compile(compileEntityUncached(document).schema);
  return sampleRecords(document, 4).map((record) => (validate(record) ? null : { record, errors: validate.errors }));
}

const USAGES: FieldUsage[] = ['MultilineText', 'Password', 'UpperCase', 'LowerCase', 'Email', 'Url', 'UrlTemplate', 'Phone', 'Barcode', 'Id', 'Date', 'DateTime', 'Time', 'CurrencyCode', 'CountryCode', 'LanguageCode', 'Color', 'ImageName', 'TimeZone', 'Json', 'Xml'];

describe('sampleRecords', () => {
  it('gives every managed type, required, nullable and bounded, values the compiled schema accepts', () => {
    const fields = MANAGED_TYPE_NAMES.flatMap((managedType): FieldModel[] => [
      { name: `Plain${managedType}`, type: 'Number', managedType },
      { name: `Required${managedType}`, type: 'Number', managedType, required: true },
      { name: `Nullable${managedType}`, type: 'Number', managedType, nullable: true },
      { name: `Bounded${managedType}`, type: 'Number', managedType, min: 100, max: 105 },
    ]);
    expect(check(doc(fields))).toEqual([null, null, null, null]);
  });

  it('gives every String usage, optional and required, values the compiled schema accepts', () => {
    const fields = USAGES.flatMap((usage): FieldModel[] => [
      { name: `Optional${usage}`, type: 'String', usage },
      { name: `Required${usage}`, type: 'String', usage, required: true },
    ]);
    expect(check(doc(fields))).toEqual([null, null, null, null]);
  });

  it('fills Boolean, enums, objects, arrays, lengths and own patterns within their limits', () => {
    const fields: FieldModel[] = [
      { name: 'Flag', type: 'Boolean' },
      { name: 'Kind', type: 'Number', managedType: 'int32', usage: 'Enum', default: 1, options: [{ value: 1, label: { en: 'One' } }, { value: 2, label: { en: 'Two' } }] },
      { name: 'Short', type: 'String', required: true, minLength: 3, maxLength: 4 },
      { name: 'Digits', type: 'String', pattern: '^[0-9]+$' },
      { name: 'Address', type: 'Object', properties: [{ name: 'City', type: 'String', required: true }, { name: 'Zip', type: 'String', maxLength: 5 }] },
      { name: 'Tags', type: 'Array', required: true, items: { name: 'Tag', type: 'String', maxLength: 8 } },
      { name: 'Amounts', type: 'Array', items: { name: 'Amount', type: 'Number', managedType: 'decimal', min: 0 } },
    ];
    expect(check(doc(fields))).toEqual([null, null, null, null]);
    const [first, second] = sampleRecords(doc(fields), 2);
    expect(first).toMatchObject({ Oid: 1, Flag: true, Kind: 1, Short: 'Shor', Digits: '1', Address: { City: 'City 1' } });
    expect(second).toMatchObject({ Oid: 2, Flag: false, Kind: 2, Digits: '2' });
  });

  it('keeps to rule strings, which the record validator checks beyond the schema', () => {
    const document = doc([
      { name: 'Code', type: 'String', required: true, maxLength: 16, rules: 'id' },
      { name: 'Digits', type: 'String', rules: 'numeric' },
      { name: 'Count', type: 'Number', managedType: 'decimal', rules: 'integer|min:5' },
    ]);
    const validate = createRecordValidator(document);
    expect(sampleRecords(document, 4).map((record) => validate(record))).toEqual([{}, {}, {}, {}]);
    expect(sampleRecords(document, 1)[0]).toMatchObject({ Code: 'code-1', Digits: '1' });
  });

  it('is deterministic: the same document gives the same rows', () => {
    const document = doc([{ name: 'Name', type: 'String', required: true }, { name: 'Price', type: 'Number', managedType: 'decimal' }]);
    expect(sampleRecords(document, 3)).toEqual(sampleRecords(document, 3));
    expect(sampleRecords(document, 3).map((record) => record.Name)).toEqual(['Name 1', 'Name 2', 'Name 3']);
  });
});
