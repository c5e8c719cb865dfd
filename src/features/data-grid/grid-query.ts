import type { Condition } from '../../../conditions';
import { formatDecimal, parseDecimal, typedDecimalText, type CompiledQueryField, type SortKey } from '../../../schemas';

/** What the user asked for: query form values, the quick search and the sort. */
export interface GridQuery {
  values: Record<string, unknown>;
  q: string;
  sort: SortKey[];
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** How the query form asks for a field, and how its value becomes part of the list query. */
export type QueryFieldMode = 'contains' | 'range' | 'boolean' | 'lookup' | 'choice' | 'exact';

/** A from–to range of the query form; either end may be empty. */
export interface QueryRange {
  from?: string;
  to?: string;
}

const RANGED_USAGES = new Set(['Date', 'DateTime', 'Time']);

/**
 * Text fields search for contained text (case-insensitive), numbers, dates and times take a from–to range,
 * booleans any/yes/no, lookups the looked-up record, enums one of their options.
 */
export function queryFieldMode(field: CompiledQueryField): QueryFieldMode {
  if (field.type === 'Boolean') return 'boolean';
  if (field.usage === 'Lookup') return 'lookup';
  if (field.usage === 'Enum') return 'choice';
  if (field.type === 'Number' || (field.type === 'String' && field.usage !== undefined && RANGED_USAGES.has(field.usage))) return 'range';
  if (field.type === 'String') return 'contains';
  return 'exact';
}

/** A range value of the form, or undefined for a plain value (a link from before ranges: exact). */
export function rangeOf(value: unknown): QueryRange | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { from, to } = value as Record<string, unknown>;
  return { ...(typeof from === 'string' && from.trim() !== '' ? { from: from.trim() } : {}), ...(typeof to === 'string' && to.trim() !== '' ? { to: to.trim() } : {}) };
}

function numberAt(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : Number(String(value).trim().replace(',', '.'));
  return String(value).trim() !== '' && Number.isFinite(number) ? number : undefined;
}

/**
 * A bound of a wide integer's range (int64 / uint64 past 2^53): whole numbers as their decimal string, which the
 * filter compares exactly (docs/conditions.md "Wide integers"); other numbers as numbers, text that is none: nothing.
 */
function wideOf(value: unknown): string | number | undefined {
  const text = String(value).trim();
  if (/^[+-]?\d{1,20}$/.test(text)) return BigInt(text).toString();
  const number = numberAt(value);
  return number !== undefined && Math.abs(number) <= Number.MAX_SAFE_INTEGER ? number : undefined;
}

/**
 * A bound of an exact decimal's range (a decimal past 15 digits): decimal text as the filter compares it exactly
 * (docs/conditions.md "Exact decimals"), every digit kept, a decimal comma read as the point, leading zeros and `+`
 * dropped ("+0012,50" is "12.50"); other numbers (an exponent) within the safe range as numbers; text that is none: nothing.
 */
function exactOf(value: unknown): string | number | undefined {
  const decimal = parseDecimal(typedDecimalText(String(value)));
  if (decimal) return formatDecimal(decimal, decimal.scale);
  const number = numberAt(value);
  return number !== undefined && Math.abs(number) <= Number.MAX_SAFE_INTEGER ? number : undefined;
}

/** The day after an ISO date (`2026-03-31` -> `2026-04-01`), so "to" a day includes the times of that day. */
function nextDay(date: string): string | undefined {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return undefined;
  parsed.setUTCDate(parsed.getUTCDate() + 1);
  return parsed.toISOString().slice(0, 10);
}

function rangeLeaves(field: CompiledQueryField, value: unknown): Condition[] {
  const range = rangeOf(value);
  const path = field.field;
  if (field.type === 'Number') {
    const numberOf = field.wide ? wideOf : field.exact ? exactOf : numberAt;
    if (!range) {
      const exact = numberOf(value);
      return exact === undefined ? [] : [{ field: path, op: 'equal', value: exact }];
    }
    const from = numberOf(range.from ?? '');
    const to = numberOf(range.to ?? '');
    if (from !== undefined && from === to) return [{ field: path, op: 'equal', value: from }];
    return [...(from !== undefined ? [{ field: path, op: 'greaterOrEqual' as const, value: from }] : []), ...(to !== undefined ? [{ field: path, op: 'lessOrEqual' as const, value: to }] : [])];
  }
  // Dates and times are canonical ISO text, which orders chronologically.
  if (!range) return typeof value === 'string' ? [{ field: path, op: 'equal', value }] : [];
  const leaves: Condition[] = [];
  if (range.from) leaves.push({ field: path, op: 'greaterOrEqual', value: range.from });
  if (range.to) {
    const after = field.usage === 'DateTime' ? nextDay(range.to) : undefined;
    leaves.push(after ? { field: path, op: 'lessThan', value: after } : { field: path, op: 'lessOrEqual', value: range.to });
  }
  return leaves;
}

/**
 * The list filter of the query form, all filled fields together; undefined when nothing is filled. Text fields
 * are not in it: they go to `contains` (`queryContains`), which the condition language cannot say.
 */
export function queryFilter(fields: readonly CompiledQueryField[], values: Record<string, unknown>): Condition | undefined {
  const leaves: Condition[] = [];
  for (const field of fields) {
    const value = values[field.field];
    if (isBlank(value)) continue;
    switch (queryFieldMode(field)) {
      case 'boolean':
        leaves.push({ field: field.field, op: value === true || value === 'true' ? 'true' : 'false' });
        break;
      case 'range':
        leaves.push(...rangeLeaves(field, value));
        break;
      case 'contains':
        break;
      default:
        leaves.push({ field: field.field, op: 'equal', value });
    }
  }
  if (leaves.length === 0) return undefined;
  return leaves.length === 1 ? leaves[0] : { whenAll: leaves };
}

/** The text fields' part of the query: field to the text it must contain (case-insensitive, on the server). */
export function queryContains(fields: readonly CompiledQueryField[], values: Record<string, unknown>): Record<string, string> | undefined {
  const contains: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.field];
    if (queryFieldMode(field) === 'contains' && typeof value === 'string' && value.trim() !== '') contains[field.field] = value.trim();
  }
  return Object.keys(contains).length > 0 ? contains : undefined;
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
export function listParamsOf(query: GridQuery, fields: readonly CompiledQueryField[]): { orderBy?: string; filter?: string; contains?: string; q?: string } {
  const filter = queryFilter(fields, query.values);
  const contains = queryContains(fields, query.values);
  const q = query.q.trim();
  return {
    ...(orderByOf(query.sort) ? { orderBy: orderByOf(query.sort) } : {}),
    ...(filter ? { filter: JSON.stringify(filter) } : {}),
    ...(contains ? { contains: JSON.stringify(contains) } : {}),
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

/** The address parameters of a query that ran: `$k`, `$start` to run it at once, and `$row` for an expanded row. */
export function gridAddressParams(query: GridQuery, row?: unknown): URLSearchParams {
  const params = new URLSearchParams({ $k: encodeQueryKey(query), $start: '1' });
  if (row !== undefined && row !== null) params.set('$row', String(row));
  return params;
}

/** The shared link of a query: the grid's address with `gridAddressParams`. */
export function sharedLink(origin: string, pathname: string, query: GridQuery, row?: unknown): string {
  return `${origin}${pathname}?${gridAddressParams(query, row).toString()}`;
}
