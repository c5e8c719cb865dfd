import type { Condition } from '../../../conditions';
import type { CompiledQueryField, SortKey } from '../../../schemas';

/** What the user asked for: query form values, the quick search and the sort. */
export interface GridQuery {
  values: Record<string, unknown>;
  q: string;
  sort: SortKey[];
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The list filter of the query form: every filled field must equal its value (booleans as true/false), all
 * together; undefined when nothing is filled. Strings compare exactly: the quick search covers partial text.
 */
export function queryFilter(fields: readonly CompiledQueryField[], values: Record<string, unknown>): Condition | undefined {
  const leaves: Condition[] = [];
  for (const field of fields) {
    const value = values[field.field];
    if (isBlank(value)) continue;
    if (field.type === 'Boolean') leaves.push({ field: field.field, op: value === true || value === 'true' ? 'true' : 'false' });
    else if (field.type === 'Number') {
      const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
      if (Number.isFinite(number)) leaves.push({ field: field.field, op: 'equal', value: number });
    } else leaves.push({ field: field.field, op: 'equal', value });
  }
  if (leaves.length === 0) return undefined;
  return leaves.length === 1 ? leaves[0] : { whenAll: leaves };
}

/** The `orderBy` parameter of a sort: `Name desc,Code`. */
export function orderByOf(sort: readonly SortKey[]): string | undefined {
  if (sort.length === 0) return undefined;
  return sort.map((key) => (key.direction === 'desc' ? `${key.field} desc` : key.field)).join(',');
}

/** A header click: the first click sorts ascending, the next descending, then back to ascending; one column at a time. */
export function toggleSort(sort: readonly SortKey[], field: string): SortKey[] {
  const current = sort[0]?.field === field ? sort[0] : undefined;
  return [{ field, direction: current?.direction === 'asc' ? 'desc' : 'asc' }];
}

/** The list parameters of a query (without paging). */
export function listParamsOf(query: GridQuery, fields: readonly CompiledQueryField[]): { orderBy?: string; filter?: string; q?: string } {
  const filter = queryFilter(fields, query.values);
  const q = query.q.trim();
  return {
    ...(orderByOf(query.sort) ? { orderBy: orderByOf(query.sort) } : {}),
    ...(filter ? { filter: JSON.stringify(filter) } : {}),
    ...(q ? { q } : {}),
  };
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The shared-link key `$k`: the query as base64 JSON (UTF-8 safe). */
export function encodeQueryKey(query: GridQuery): string {
  return toBase64(JSON.stringify(query));
}

/** Reads `$k`; undefined when it is missing or not a query. */
export function decodeQueryKey(key: string | null | undefined): GridQuery | undefined {
  if (!key) return undefined;
  try {
    const parsed = JSON.parse(fromBase64(key)) as Partial<GridQuery>;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const values = typeof parsed.values === 'object' && parsed.values !== null && !Array.isArray(parsed.values) ? parsed.values : {};
    const sort = Array.isArray(parsed.sort) ? parsed.sort.filter((s): s is SortKey => typeof s?.field === 'string' && (s.direction === 'asc' || s.direction === 'desc')) : [];
    return { values, q: typeof parsed.q === 'string' ? parsed.q : '', sort };
  } catch {
    return undefined;
  }
}

/** The shared link of a query: `$k`, `$start` to run it at once, and `$row` for an expanded row. */
export function sharedLink(origin: string, pathname: string, query: GridQuery, row?: unknown): string {
  const params = new URLSearchParams({ $k: encodeQueryKey(query), $start: '1' });
  if (row !== undefined && row !== null) params.set('$row', String(row));
  return `${origin}${pathname}?${params.toString()}`;
}
