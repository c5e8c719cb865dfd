import { describe, expect, it, vi } from 'vitest';
import type { Condition } from '../../../conditions/condition';
import type { CompiledLookup } from '../../../schemas';
import type { DataRecord } from './data-api';
import { exportCellText, type ExportColumn } from './export-columns';
import { exportLookupTexts } from './export-lookup-texts';

const tax: CompiledLookup = { entity: 'pos-supply/tax', valueField: 'Oid', textFields: ['Name', 'Code'] } as CompiledLookup;
const taxCode: CompiledLookup = { ...tax, textFields: ['Code'] };
const TAXES: DataRecord[] = [
  { Oid: 1, Name: 'Standard', Code: 'S' },
  { Oid: 2, Name: 'Reduced', Code: 'R' },
];

/** A list service over TAXES that answers the `equal` leaves of a filter. */
function reader() {
  return vi.fn(async (_entity: string, filter: Condition, _take: number) => {
    const leaves = ('whenAny' in filter ? filter.whenAny : [filter]) as { value: unknown }[];
    return TAXES.filter((record) => leaves.some((leaf) => leaf.value === record.Oid));
  });
}

describe('exportLookupTexts', () => {
  it('reads each looked-up kind once for the columns that share it, each column with its own text fields', async () => {
    const columns: ExportColumn[] = [{ field: 'Code', label: 'Code' }, { field: 'TaxOid', label: 'Tax', lookup: tax }, { field: 'OtherTaxOid', label: 'Other tax', lookup: taxCode }];
    const rows = [{ Code: 'A', TaxOid: 1, OtherTaxOid: 2 }, { Code: 'B', TaxOid: 1, OtherTaxOid: null }, { Code: 'C', TaxOid: 99 }];
    const read = reader();
    const texts = await exportLookupTexts(columns, rows, read);
    expect(read).toHaveBeenCalledTimes(1);
    const text = exportCellText(texts);
    expect(rows.map((row) => text(columns[1]!, row.TaxOid))).toEqual(['Standard · S', 'Standard · S', undefined]);
    expect(text(columns[2]!, 2)).toBe('R');
    expect(text(columns[0]!, 'A')).toBeUndefined();
  });

  it('asks for at most 500 values per call', async () => {
    const columns: ExportColumn[] = [{ field: 'TaxOid', label: 'Tax', lookup: tax }];
    const rows = Array.from({ length: 1201 }, (_, i) => ({ TaxOid: i + 1 }));
    const read = reader();
    await exportLookupTexts(columns, rows, read);
    expect(read.mock.calls.map(([, , take]) => take)).toEqual([500, 500, 201]);
  });

  it('reads nothing when no column is a lookup', async () => {
    const read = reader();
    expect((await exportLookupTexts([{ field: 'Code', label: 'Code' }], [{ Code: 'A' }], read)).size).toBe(0);
    expect(read).not.toHaveBeenCalled();
  });
});

describe('exportCellText', () => {
  it('writes an option label for an enum value and keeps empty values empty', () => {
    const column: ExportColumn = { field: 'Kind', label: 'Kind', options: new Map([['1', 'Goods'], ['2', 'Service']]) };
    const text = exportCellText(new Map());
    expect(text(column, 2)).toBe('Service');
    expect(text(column, 3)).toBeUndefined();
    expect(text(column, null)).toBeUndefined();
  });
});
