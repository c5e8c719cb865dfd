import { describe, expect, it, vi } from 'vitest';
import { compileEntityUncached, unescapeFormula, type EntityDocument } from '../../../schemas';
import product from '../../../server/data/test-fixtures/shop/product.json';
import { collectAllPages, rowsToCsv } from './csv-export';
import { convertCell, importTemplate, mapHeaders, previewCellText, previewImport } from './csv-import';

const doc = product as unknown as EntityDocument;
const empty = compileEntityUncached(doc).emptyRecord;

describe('CSV export', () => {
  it('writes the chosen columns under their labels, objects as JSON and nulls empty', () => {
    const columns = [{ field: 'Name', label: 'Name, short' }, { field: 'Attributes.Color', label: 'Colour' }, { field: 'Tags', label: 'Tags' }];
    const csv = rowsToCsv(columns, [{ Oid: 1, Name: 'A, b', Attributes: { Color: 'red' }, Tags: ['x'] }, { Oid: 2, Name: null }]);
    expect(csv.split('\r\n')).toEqual(['"Name, short",Colour,Tags', '"A, b",red,"[""x""]"', ',,']);
  });

  it('writes the text a column gives for a value instead of the value', () => {
    const columns = [{ field: 'Code', label: 'Code' }, { field: 'TaxOid', label: 'Tax' }];
    const csv = rowsToCsv(columns, [{ Code: 'A', TaxOid: 7 }, { Code: 'B', TaxOid: 8 }], (column, value) => (column.field === 'TaxOid' && value === 7 ? 'Standard · S' : undefined));
    expect(csv.split('\r\n')).toEqual(['Code,Tax', 'A,Standard · S', 'B,8']);
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

describe('CSV formula injection', () => {
  it('writes text a spreadsheet would run as a formula with a leading apostrophe, numbers as they are', () => {
    const rows = [{ Oid: 1, Name: '=HYPERLINK("http://x")', Code: '+1', Note: '-2', Mail: '@SUM(A1)', Tab: '\tx', Cr: '\rx', Price: -5, Plain: 'a=b' }];
    const columns = ['Oid', 'Name', 'Code', 'Note', 'Mail', 'Tab', 'Cr', 'Price', 'Plain'].map((field) => ({ field, label: field }));
    const [, line] = rowsToCsv(columns, rows).split('\r\n');
    expect(line).toBe('1,"\'=HYPERLINK(""http://x"")","\'+1","\'-2","\'@SUM(A1)","\'\tx","\'\rx",-5,a=b');
  });

  it('neutralises formulas in headers and in the texts of lookups too', () => {
    const [header, line] = rowsToCsv([{ field: 'TaxOid', label: '=Tax' }], [{ TaxOid: 1 }], () => '@evil').split('\r\n');
    expect(header).toBe(`"'=Tax"`);
    expect(line).toBe(`"'@evil"`);
  });

  it('reads such a cell back as it was', () => {
    expect(unescapeFormula("'=1+2")).toBe('=1+2');
    expect(unescapeFormula("'plain")).toBe("'plain");
    expect(convertCell({ name: 'T', type: 'String' }, "'-2")).toEqual({ value: '-2' });
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
    // Every digit of a wide integer and an exact decimal is kept, as the decimal strings they travel as.
    expect(convertCell({ name: 'Serial', type: 'Number', managedType: 'uint64' }, ' +018446744073709551615 ')).toEqual({ value: '18446744073709551615' });
    expect(convertCell({ name: 'Serial', type: 'Number', managedType: 'int64' }, '12.5')).toHaveProperty('error');
    const exact = { name: 'Amount', type: 'Number', managedType: 'decimal', precision: 30, scale: 4 } as const;
    expect(convertCell(exact, '12345678901234567890123456,7891')).toEqual({ value: '12345678901234567890123456.7891' });
    expect(convertCell(exact, '1,5')).toEqual({ value: '1.5000' });
    expect(convertCell(exact, '1.23456')).toEqual({ value: '1.23456' });
    expect(convertCell(exact, '1e3')).toHaveProperty('error');
    // What the export writes for negative ones (text that starts like a formula gets its apostrophe) imports back.
    expect(rowsToCsv([{ field: 'Amount', label: 'Amount' }], [{ Amount: '-0.0001' }]).split('\r\n')[1]).toBe(`"'-0.0001"`);
    expect(convertCell(exact, "'-0.0001")).toEqual({ value: '-0.0001' });
    expect(convertCell({ name: 'Serial', type: 'Number', managedType: 'int64' }, "'-9223372036854775808")).toEqual({ value: '-9223372036854775808' });
    expect(convertCell({ name: 'P', type: 'Number' }, '١٢٫٥')).toEqual({ value: 12.5 });
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
    // The preview shows what the file says for an unreadable cell, not the empty record's value.
    expect(previewCellText(preview.rows[2]!, 'Price', preview.mapping)).toBe('x');
    expect(previewCellText(preview.rows[0]!, 'Price', preview.mapping)).toBe('1.5');
    expect(preview.invalid).toBe(2);
  });
});

describe('CSV import with an import definition', () => {
  // The product kind with a definition: Note is the GTIN, Name must come with it, Stock is importable but hidden.
  const defined: EntityDocument = {
    ...doc,
    extensions: {
      ...doc.extensions,
      import: {
        gtinField: 'Note',
        columns: [
          { field: 'Code' },
          { field: 'Name', label: { en: 'Title', de: 'Titel' }, requiredForGtin: true },
          { field: 'Note', requiredForGtin: true },
          { field: 'Kind' },
          { field: 'Stock', show: false },
        ],
      },
    },
  };
  const compiled = compileEntityUncached(defined, 'de');

  it('offers the shown columns as a template', () => {
    expect(importTemplate(defined, compiled.import)).toBe('Code,Name,Note,Kind\r\n');
    expect(importTemplate(doc, undefined).split(',')[0]).toBe('Code');
  });

  it('maps only the columns of the definition, by name or by its label in the locale or English', () => {
    expect(mapHeaders(['code', 'Titel', 'Price', 'Stock'], defined.fields, 'de', defined.extensions!.import)).toEqual({ mapping: { code: 'Code', Titel: 'Name', Stock: 'Stock' }, unmapped: ['Price'] });
    expect(mapHeaders(['Title'], defined.fields, 'de', defined.extensions!.import).mapping).toEqual({ Title: 'Name' });
  });

  it('needs every requiredForGtin column once a row has the GTIN, and sends only the mapped values', () => {
    const preview = previewImport('Code,Title,Note,Kind,Price\nG1,One,4006381333931,1,9\nG2,,,1,9\nG3,Three,,1,9\n', defined, compiled.emptyRecord, 'en');
    expect(preview.unmapped).toEqual(['Price']);
    expect(preview.rows[0]!.errors).toEqual({});
    expect(preview.rows[0]!.values).toEqual({ Code: 'G1', Name: 'One', Note: '4006381333931', Kind: 1 });
    expect(preview.rows[1]!.errors.Note).toEqual(['Note is required in a GTIN import: row 1 has a Note, so every row needs Note.']);
    expect(preview.rows[1]!.errors.Name).toEqual(['Name is required.']);
    expect(Object.keys(preview.rows[2]!.errors)).toEqual(['Note']);
    expect(preview.invalid).toBe(2);
  });

  it('leaves a file without any GTIN to the record checks alone', () => {
    const preview = previewImport('Code,Name\nP1,One\nP2,Two\n', defined, compiled.emptyRecord, 'en');
    expect(preview.invalid).toBe(0);
  });
});
