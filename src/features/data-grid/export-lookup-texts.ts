import type { Condition } from '../../../conditions/condition';
import { valueAt, type CompiledLookup } from '../../../schemas';
import type { DataRecord } from './data-api';
import { toLookupOption } from './data-lookups';
import type { ExportColumn } from './export-columns';

/** The list service answers at most 500 rows, so one request asks for at most that many values. */
const CHUNK = 500;

/** Reads the records of a looked-up kind whose value field is one of the given values. */
export type ReadLookedUp = (entity: string, filter: Condition, take: number) => Promise<DataRecord[]>;

/** Per lookup column, the looked-up record's text by the stored value (as a string). */
export type ExportLookupTexts = Map<string, Map<string, string>>;

/**
 * The texts of every lookup value of the exported rows, as the grid shows them (the lookup's text fields): one list
 * call per looked-up kind and value field for each 500 distinct values, shared by the columns that look up the same
 * kind. A value whose record is not found (deleted, or not visible) keeps its stored value in the file.
 */
export async function exportLookupTexts(columns: readonly ExportColumn[], rows: readonly DataRecord[], read: ReadLookedUp): Promise<ExportLookupTexts> {
  const byBatch = new Map<string, { lookup: CompiledLookup; values: Map<string, string | number>; records: Map<string, DataRecord> }>();
  const batchOf = new Map<string, string>();
  for (const column of columns) {
    if (!column.lookup) continue;
    const id = `${column.lookup.entity.toLowerCase()}|${column.lookup.valueField}`;
    batchOf.set(column.field, id);
    const batch = byBatch.get(id) ?? { lookup: column.lookup, values: new Map(), records: new Map() };
    byBatch.set(id, batch);
    for (const row of rows) {
      const value = valueAt(row, column.field);
      if ((typeof value === 'string' && value !== '') || typeof value === 'number') batch.values.set(String(value), value);
    }
  }
  for (const { lookup, values, records: found } of byBatch.values()) {
    const all = [...values.values()];
    for (let start = 0; start < all.length; start += CHUNK) {
      const chunk = all.slice(start, start + CHUNK);
      const leaves: Condition[] = chunk.map((value) => ({ field: lookup.valueField, op: 'equal', value }));
      const records = await read(lookup.entity, leaves.length === 1 ? leaves[0]! : { whenAny: leaves }, chunk.length);
      for (const record of records) found.set(String(valueAt(record, lookup.valueField)), record);
    }
  }
  const result: ExportLookupTexts = new Map();
  // Columns of one kind share the records, each with its own text fields.
  for (const column of columns) {
    if (!column.lookup) continue;
    const lookup = column.lookup;
    const found = byBatch.get(batchOf.get(column.field)!)!.records;
    result.set(column.field, new Map([...found].map(([value, record]) => [value, toLookupOption(lookup, record).text])));
  }
  return result;
}
