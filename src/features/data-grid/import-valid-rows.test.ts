import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRow } from './csv-import';
import { validRowsOf, withServerErrors } from './import-valid-rows';

const row = (line: number, errors: Record<string, string[]> = {}): ImportRow => ({ line, cells: {}, values: { Code: `C${line}` }, record: {}, errors });
const preview = (rows: ImportRow[]): ImportPreview => ({ mapping: {}, unmapped: [], rows, invalid: rows.filter((r) => Object.keys(r.errors).length > 0).length });

describe('valid rows of an import', () => {
  it('are the rows without errors, in file order', () => {
    expect(validRowsOf(preview([row(1), row(2, { Price: ['bad'] }), row(3)])).map((r) => r.line)).toEqual([1, 3]);
  });

  it('get the errors the server found for the records sent, on the lines they came from', () => {
    const file = preview([row(1), row(2, { Price: ['bad'] }), row(3)]);
    // Lines 1 and 3 were sent as records 1 and 2; the server says record 2's Code is taken.
    const marked = withServerErrors(file, { '2.Code': ['Code already exists.'] }, validRowsOf(file));
    expect(marked.rows.map((r) => Object.keys(r.errors))).toEqual([[], ['Price'], ['Code']]);
    expect(marked.invalid).toBe(2);
  });

  it('map the errors of a whole-file import by line, and a key without a field onto the record', () => {
    const marked = withServerErrors(preview([row(1), row(2)]), { '2': ['Not an object.'] });
    expect(marked.rows[1]!.errors).toEqual({ '(record)': ['Not an object.'] });
  });
});
