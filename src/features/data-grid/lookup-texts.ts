import type { CompiledLookup } from '../../../schemas';
import type { Condition } from '../../../conditions/condition';
import { valueAt } from '../../../schemas';
import type { DataRecord } from './data-api';

/** The looked-up records one list call reads: the distinct stored values of one kind's value field. */
export interface LookupBatch {
  entity: string;
  valueField: string;
  values: (string | number)[];
}

/** The list service answers at most this many rows, so a batch never asks for more. */
const MAX_BATCH = 500;

/** Which batch a lookup reads from: lookups of the same kind and value field share one call. */
export function lookupBatchId(lookup: CompiledLookup): string {
  return `${lookup.entity.toLowerCase()}|${lookup.valueField}`;
}

/** The batches that resolve every lookup value of `records` (one per looked-up kind and value field). */
export function lookupBatches(lookups: Record<string, CompiledLookup>, records: readonly DataRecord[]): Map<string, LookupBatch> {
  const batches = new Map<string, LookupBatch & { seen: Set<string> }>();
  for (const [path, lookup] of Object.entries(lookups)) {
    const id = lookupBatchId(lookup);
    let batch = batches.get(id);
    if (!batch) batches.set(id, (batch = { entity: lookup.entity, valueField: lookup.valueField, values: [], seen: new Set() }));
    for (const record of records) {
      const value = valueAt(record, path);
      if ((typeof value !== 'string' && typeof value !== 'number') || value === '' || batch.seen.has(String(value))) continue;
      if (batch.values.length >= MAX_BATCH) break;
      batch.seen.add(String(value));
      batch.values.push(value);
    }
  }
  const result = new Map<string, LookupBatch>();
  for (const [id, { seen: _seen, ...batch }] of batches) if (batch.values.length > 0) result.set(id, { ...batch, values: [...batch.values].sort(compareValues) });
  return result;
}

const compareValues = (a: string | number, b: string | number) => (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === 'number' ? -1 : 1);

/** The list filter of a batch: any of its values in the value field. */
export function lookupBatchFilter(batch: LookupBatch): Condition {
  const leaves: Condition[] = batch.values.map((value) => ({ field: batch.valueField, op: 'equal', value }));
  return leaves.length === 1 ? leaves[0]! : { whenAny: leaves };
}

/** A stable cache key of a batch (SWR dedupes identical batches across cells). */
export function lookupBatchKey(batch: LookupBatch): string {
  return `mate:lookup:${batch.entity.toLowerCase()}:${batch.valueField}:${JSON.stringify(batch.values)}`;
}

/** The read records by the string form of their value field. */
export function recordsByValue(valueField: string, records: readonly DataRecord[]): Map<string, DataRecord> {
  const byValue = new Map<string, DataRecord>();
  for (const record of records) {
    const value = valueAt(record, valueField);
    if (value !== null && value !== undefined) byValue.set(String(value), record);
  }
  return byValue;
}

/** Splits rows into the grid's pages, so a new page adds batches without changing the keys of earlier ones. */
export function pageChunks<T>(rows: readonly T[], pageSize: number): T[][] {
  const size = Math.max(1, pageSize);
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
