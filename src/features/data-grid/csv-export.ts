import Papa from 'papaparse';
import type { CompiledColumn } from '../../../schemas';
import { valueAt } from '../../../schemas';

/** A cell as CSV text: objects and arrays as JSON, null as empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The CSV of rows: a header of field names (what the import maps back by name), `Oid` first, then the
 * given columns; nested paths read with dots.
 */
export function rowsToCsv(columns: readonly Pick<CompiledColumn, 'field'>[], rows: readonly Record<string, unknown>[]): string {
  const fields = ['Oid', ...columns.map((c) => c.field).filter((f) => f !== 'Oid')];
  return Papa.unparse({ fields, data: rows.map((row) => fields.map((field) => csvCell(valueAt(row, field)))) });
}

/**
 * Reads every page of a list by following `next` (keyset paging), telling `onProgress` the rows so far;
 * stops when the signal aborts.
 */
export async function collectAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; hasMore: boolean; next?: string }>,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    if (signal?.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
    const page = await fetchPage(cursor);
    all.push(...page.items);
    onProgress(all.length);
    if (!page.hasMore || !page.next) return all;
    cursor = page.next;
  }
}
