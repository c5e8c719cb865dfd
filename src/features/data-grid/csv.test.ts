import { describe, expect, it, vi } from 'vitest';
import { compileEntityUncached, type EntityDocument } from '../../../schemas';
import product from '../../../server/data/test-fixtures/shop/product.json';
import { collectAllPages, rowsToCsv } from './csv-export';
import { convertCell, mapHeaders, previewImport } from './csv-import';

const doc = product as unknown as EntityDocument;
const empty = compileEntityUncached(doc).emptyRecord;

describe('CSV export', () => {
  it('writes Oid and the columns, objects as JSON and nulls empty', () => {
    const csv = rowsToCsv([{ field: 'Name' }, { field: 'Attributes.Color' }, { field: 'Tags' }], [{ Oid: 1, Name: 'A, b', Attributes: { Color: 'red' }, Tags: ['x'] }, { Oid: 2, Name: null }]);
    expect(csv.split('\r\n')).toEqual(['Oid,Name,Attributes.Color,Tags', '1,"A, b",red,"[""x""]"', '2,,,']);
  });

  it('follows next until the last page, reporting progress', async () => {
    const pages = [{ items: [1, 2], hasMore: true, next: 'c1' }, { items: [3], hasMore: false }];
    const fetchPage = vi.fn(async (cursor: string | undefined) => pages[cursor ? 1 : 0]!);
    const progress: number[] = [];
    expect(await collectAllPages(fetchPage, (n) => progress.push(n))).toEqual([1, 2, 3]);
    expect(fetchPage.mock.calls).toEqual([[undefined], ['c1']]);
    expect(progress).toEqual([2, 3]);
  });
});

describe('CSV import', () => {
  it('maps headers by name or label and ignores key columns', () => {
    const fields = [{ name: 'Code', type: 'String', label: { en: 'Article code' } }, { name: 'Name', type: 'String' }] as EntityDocument['fields'];
    expect(mapHeaders(['Oid', 'article code', 'NAME', 'Other'], fields, 'en')).toEqual({ mapping: { 'article code': 'Code', NAME: 'Name' }, unmapped: ['Other'] });
  });

  it('converts cells by type and reports unreadable ones', () => {
    expect(convertCell({ name: 'P', type: 'Number' }, '12,5')).toEqual({ value: 12.5 });
    expect(convertCell({ name: 'P', type: 'Number' }, 'abc')).toHaveProperty('error');
    expect(convertCell({ name: 'B', type: 'Boolean' }, 'yes')).toEqual({ value: true });
    expect(convertCell({ name: 'B', type: 'Boolean' }, 'maybe')).toHaveProperty('error');
    expect(convertCell({ name: 'T', type: 'Array' }, '["a"]')).toEqual({ value: ['a'] });
  });

  it('checks every row with the compiled schema before anything is written', () => {
    const csv = 'Code,Name,Price,Kind\nA1,First,1.5,0\nA2,,2,9\nA3,Third,x,1\n';
    const preview = previewImport(csv, doc, empty, 'en');
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[0]!.errors).toEqual({});
    expect(preview.rows[0]!.record).toMatchObject({ Code: 'A1', Name: 'First', Price: 1.5, Kind: 0 });
    expect(preview.rows[0]!.record).not.toHaveProperty('Oid');
    expect(Object.keys(preview.rows[1]!.errors).sort()).toEqual(['Kind', 'Name']);
    expect(preview.rows[2]!.errors.Price).toEqual(["'x' is not a number."]);
    expect(preview.invalid).toBe(2);
  });
});
