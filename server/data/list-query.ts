import { isWriteOnly, WIDE_INTEGER_RANGES } from '../../schemas';
import { createHash } from 'node:crypto';
import { checkCondition, isDecimalInteger, type Condition, type ConditionFieldKind } from '../../conditions';
import { ApiError } from '../lib/api-error';
import { findUnsafeInput, textProblem } from '../lib/unsafe-input';
import type { EntityKind } from './catalogue';
import { columnType } from './column-types';
import { columnResolver, conditionToSql, type SqlFieldResolver } from './condition-to-sql';
import { selectColumns } from './record-codec';
import { scopeConditions, type RowScope } from './row-scope';
import { quoteIdent as q } from './sql-names';

export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 500;
const MAX_Q = 200;
/** A list counts its matching rows exactly up to this many; beyond it the answer is 'more than COUNT_LIMIT'. */
export const COUNT_LIMIT = 10_000;

/** One sort key of a list. */
export interface ListSort {
  field: string;
  desc: boolean;
}

/** A parsed, checked list request. */
export interface ListQuery {
  skip: number;
  take: number;
  orderBy: ListSort[];
  filter: Condition | undefined;
  q: string | undefined;
  /** Per String field, text its value must contain (case-insensitive): the query form's text boxes. */
  contains: Record<string, string>;
  /** The sort values of the last row of the previous page. */
  after: unknown[] | undefined;
  /** `count=true`: answer how many rows match (up to COUNT_LIMIT) besides the page. */
  count: boolean;
}

const bad = (parameter: string, message: string) => new ApiError(400, `Invalid query parameter '${parameter}': ${message}`, { errors: { [parameter]: [message] } });

/** A JSON query parameter; NUL, lone surrogates and deep nesting inside it are refused as in a body (input-guard). */
function jsonParameter(raw: string, parameter: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw bad(parameter, `is not valid JSON (${(error as Error).message})`);
  }
  const unsafe = findUnsafeInput(parsed);
  if (unsafe) throw bad(parameter, unsafe.path === '(body)' ? unsafe.problem : `${unsafe.path} ${unsafe.problem}`);
  return parsed;
}

function integer(raw: unknown, parameter: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw bad(parameter, `must be a whole number between ${min} and ${max}`);
  const value = Number(raw);
  if (value < min || value > max) throw bad(parameter, `must be a whole number between ${min} and ${max}`);
  return value;
}

/** Fields a list may filter on: the system fields but ETag, and every top-level and nested field. */
export function filterFieldTypes(kind: EntityKind): Record<string, ConditionFieldKind> {
  const types: Record<string, ConditionFieldKind> = { ...kind.fieldTypes };
  delete types.ETag;
  return types;
}

/** Columns a list may sort by: Oid, Disabled and the declared scalar fields. */
function sortable(kind: EntityKind, field: string): boolean {
  if (field === 'Oid' || field === 'Disabled') return true;
  const model = kind.fields.get(field);
  // A write-only value is never sorted by: the order of the rows would tell it.
  return model !== undefined && model.type !== 'Object' && model.type !== 'Array' && !isWriteOnly(model);
}

function parseOrderBy(kind: EntityKind, raw: unknown): ListSort[] {
  let keys: ListSort[];
  if (raw === undefined || raw === '') {
    keys = (kind.doc.extensions?.grid?.defaultSort ?? []).map((s) => ({ field: s.field, desc: s.direction === 'desc' })).filter((s) => sortable(kind, s.field));
  } else {
    if (typeof raw !== 'string') throw bad('orderBy', 'give it once, as "Field [asc|desc], ..."');
    keys = raw.split(',').map((part) => {
      const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
      if (!match) throw bad('orderBy', `'${part.trim()}' is not "Field [asc|desc]"`);
      if (!sortable(kind, match[1]!)) throw bad('orderBy', `'${match[1]}' is not a sortable field of ${kind.kind}`);
      return { field: match[1]!, desc: match[2]?.toLowerCase() === 'desc' };
    });
  }
  // Oid ends every order, so the order is total and a keyset cursor names exactly one position.
  const oidAt = keys.findIndex((k) => k.field === 'Oid');
  return oidAt >= 0 ? keys.slice(0, oidAt + 1) : [...keys, { field: 'Oid', desc: false }];
}

const orderSignature = (orderBy: ListSort[]) => orderBy.map((k) => `${k.field}${k.desc ? '-' : '+'}`).join(',');

/** The opaque cursor of a row: base64url of its sort key values and the order they belong to. */
export function encodeCursor(orderBy: ListSort[], values: unknown[]): string {
  return Buffer.from(JSON.stringify({ o: orderSignature(orderBy), v: values })).toString('base64url');
}

function decodeCursor(raw: unknown, kind: EntityKind, orderBy: ListSort[]): unknown[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8'));
  } catch {
    throw bad('cursor', 'is not a cursor this service issued');
  }
  const c = decoded as { o?: unknown; v?: unknown };
  if (!c || typeof c !== 'object' || !Array.isArray(c.v) || c.v.length !== orderBy.length) throw bad('cursor', 'is not a cursor this service issued');
  if (c.o !== orderSignature(orderBy)) throw bad('cursor', 'belongs to another orderBy; start again without a cursor');
  // Its values go into SQL as parameters of the sort columns' types: a forged one must not reach a cast.
  return c.v.map((value, i) => {
    if (value === null || fitsColumn(value, sqlTypeOf(kind, orderBy[i]!.field))) return value;
    throw bad('cursor', `has a value for ${orderBy[i]!.field} that is not one of its values`);
  });
}

/** Whether a cursor value can stand for a value of a sortable column (numeric comes back as a string). */
function fitsColumn(value: unknown, sqlType: string): boolean {
  switch (sqlType) {
    case 'bigint':
      // A wide integer's sort value is its decimal string (it is selected as text, as the record's value is).
      return Number.isSafeInteger(value) || (isDecimalInteger(value) && BigInt(value) >= WIDE_INTEGER_RANGES.int64.min && BigInt(value) <= WIDE_INTEGER_RANGES.int64.max);
    case 'numeric':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d{1,1000}(\.\d{1,1000})?$/.test(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string' && textProblem(value) === undefined;
    default:
      return false;
  }
}

/** Parses and checks the list parameters against the kind's fields; 400 naming the parameter otherwise. */
export function parseListQuery(kind: EntityKind, query: Record<string, unknown>): ListQuery {
  const skip = integer(query.skip, 'skip', 0, 0, 1_000_000_000);
  const take = integer(query.take, 'take', DEFAULT_TAKE, 1, MAX_TAKE);
  const orderBy = parseOrderBy(kind, query.orderBy);
  let filter: Condition | undefined;
  if (query.filter !== undefined && query.filter !== '') {
    if (typeof query.filter !== 'string') throw bad('filter', 'give it once, as a condition in JSON');
    const parsed = jsonParameter(query.filter, 'filter');
    const issues = checkCondition(parsed, filterFieldTypes(kind), '', { decimalStrings: kind.decimalStrings });
    if (issues.length > 0) throw bad('filter', issues.map((i) => i.message).join('; '));
    filter = parsed as Condition;
  }
  let q: string | undefined;
  if (query.q !== undefined && query.q !== '') {
    if (typeof query.q !== 'string') throw bad('q', 'give it once');
    if (query.q.length > MAX_Q) throw bad('q', `is longer than ${MAX_Q} characters`);
    q = query.q.trim() || undefined;
  }
  return { skip, take, orderBy, filter, q, contains: parseContains(kind, query.contains), after: decodeCursor(query.cursor, kind, orderBy), count: parseCount(query.count) };
}

function parseCount(raw: unknown): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw bad('count', "must be 'true' or 'false'");
}

/** `contains`: a JSON object of String field paths to the text each must contain; blank texts are dropped. */
function parseContains(kind: EntityKind, raw: unknown): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') throw bad('contains', 'give it once, as a JSON object of field to text');
  const parsed = jsonParameter(raw, 'contains');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad('contains', 'must be a JSON object of field to text');
  const types = filterFieldTypes(kind);
  const contains: Record<string, string> = {};
  for (const [field, text] of Object.entries(parsed)) {
    if (types[field] !== 'String') throw bad('contains', `'${field}' is not a text field of ${kind.kind}`);
    if (typeof text !== 'string') throw bad('contains', `the text of '${field}' must be a string`);
    if (text.length > MAX_Q) throw bad('contains', `the text of '${field}' is longer than ${MAX_Q} characters`);
    if (text.trim() !== '') contains[field] = text.trim();
  }
  return contains;
}

/**
 * The weak ETag of a list page: a hash of the request's parameters, the answer's profile and paging, and the
 * version tags of its rows. Every write changes a row's tag and a deletion or insertion changes the set, so an
 * equal tag means an equal answer; a refresh that sends it back gets 304 instead of the page.
 */
export function listEtag(query: Record<string, unknown>, profile: string, rowEtags: readonly unknown[], hasMore: boolean): string {
  const parameters = Object.keys(query)
    .sort()
    .map((key) => [key, query[key]]);
  const hash = createHash('sha256').update(JSON.stringify([parameters, profile, hasMore, rowEtags])).digest('base64url').slice(0, 27);
  return `W/"${hash}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, `*` matches any). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ([] as string[])
    .concat(header)
    .flatMap((h) => h.split(','))
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

function sqlTypeOf(kind: EntityKind, field: string): string {
  if (field === 'Oid' || field === 'TenantOid') return 'bigint';
  if (field === 'Disabled') return 'boolean';
  return columnType(kind.fields.get(field)!);
}

/** The SQL resolver of a kind's fields (TenantOid of a global kind reads as NULL). */
export function kindResolver(kind: EntityKind): SqlFieldResolver {
  const columns = columnResolver(filterFieldTypes(kind));
  return (path, params) => (path === 'TenantOid' && !kind.tenantScoped ? { expr: 'null::bigint', kind: 'Number', json: false } : columns(path, params));
}

/** Escapes LIKE wildcards so `q` matches them literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function keysetPredicate(kind: EntityKind, orderBy: ListSort[], after: unknown[], params: unknown[]): string {
  const p = (value: unknown, field: string) => {
    params.push(value);
    return `$${params.length}::${sqlTypeOf(kind, field)}`;
  };
  const alternatives: string[] = [];
  for (let i = 0; i < orderBy.length; i++) {
    const parts: string[] = [];
    for (let j = 0; j < i; j++) {
      const column = q(orderBy[j]!.field);
      parts.push(after[j] === null ? `${column} is null` : `${column} = ${p(after[j], orderBy[j]!.field)}`);
    }
    const { field, desc } = orderBy[i]!;
    const column = q(field);
    const value = after[i];
    // Oid and Disabled are never null: a plain comparison keeps the index usable.
    if (field === 'Oid' || field === 'Disabled') {
      parts.push(`${column} ${desc ? '<' : '>'} ${p(value, field)}`);
      alternatives.push(`(${parts.join(' and ')})`);
      continue;
    }
    // Ascending sorts nulls last, descending nulls first (PostgreSQL's defaults, spelled out in ORDER BY).
    if (desc) parts.push(value === null ? `${column} is not null` : `${column} < ${p(value, field)}`);
    else if (value === null) continue;
    else parts.push(`(${column} > ${p(value, field)} or ${column} is null)`);
    alternatives.push(`(${parts.join(' and ')})`);
  }
  return alternatives.length > 0 ? `(${alternatives.join(' or ')})` : 'false';
}

/** The where terms of a list (scope, extra condition, filter, quick search, contains), without the keyset. */
function listWhere(kind: EntityKind, list: ListQuery, rowScope: RowScope, params: unknown[], extra?: Condition): string[] {
  const where = scopeConditions(kind, rowScope, params);
  const resolve = kindResolver(kind);
  if (extra) where.push(conditionToSql(extra, resolve, params));
  if (list.filter) where.push(conditionToSql(list.filter, resolve, params));
  if (list.q) {
    const fields = kind.compiled.quickSearch.filter((f) => kind.fields.get(f)?.type === 'String');
    params.push(likePattern(list.q));
    where.push(fields.length > 0 ? `(${fields.map((f) => `${q(f)} ilike $${params.length}`).join(' or ')})` : 'false');
  }
  for (const [path, text] of Object.entries(list.contains)) {
    const field = resolve(path, params)!;
    // A jsonb value counts only when it is a JSON string, as the condition language never coerces.
    const value = field.json ? `(case when jsonb_typeof(${field.expr}) = 'string' then ${field.expr} #>> '{}' end)` : field.expr;
    params.push(likePattern(text));
    // The bare `column ILIKE $n`, which a trigram index serves (docs/metadata.md "Lookup indexes"); wrapped in
    // coalesce() it would read every row. A NULL is no match either way: the where terms are only ever ANDed.
    where.push(`${value} ilike $${params.length}`);
  }
  return where;
}

/**
 * Counts the rows a list matches, reading at most COUNT_LIMIT + 1 of them: a count that stops early costs what
 * a page does, where an exact count of a large table reads it whole. Answers `{ n }`; n > COUNT_LIMIT means more.
 */
export function countSql(kind: EntityKind, list: ListQuery, rowScope: RowScope, extra?: Condition): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = listWhere(kind, list, rowScope, params, extra);
  params.push(COUNT_LIMIT + 1);
  return { sql: `select count(*)::int as n from (select 1 from ${q(kind.table)}${where.length ? ` where ${where.join(' and ')}` : ''} limit $${params.length}) as matching`, params };
}

/** The count of a list from the rows `countSql` read: exact up to the limit, else the limit and not exact. */
export function countOf(n: number, limit: number = COUNT_LIMIT): { total: number; exact: boolean } {
  return n > limit ? { total: limit, exact: false } : { total: n, exact: true };
}

/**
 * Where the rows after the cursor start in the order's first key, as index conditions: without one the database walks
 * the index from the list's start and filters out every row before the cursor (a page 45,000 rows deep read 45,000
 * rows), since the keyset predicate is an OR it cannot seek on. NULLs sort last ascending and first descending, so an
 * ascending bound past a value has two ranges, the values from it and the NULLs: two alternatives, one scan each.
 * An empty answer: no bound (descending past NULL, where every non-NULL value still follows).
 */
function leadingBounds(kind: EntityKind, orderBy: ListSort[], after: unknown[], params: unknown[]): string[] {
  const { field, desc } = orderBy[0]!;
  const value = after[0];
  const column = q(field);
  const p = () => {
    params.push(value);
    return `$${params.length}::${sqlTypeOf(kind, field)}`;
  };
  if (value === null) return desc ? [] : [`${column} is null`];
  if (desc) return [`${column} <= ${p()}`];
  // Oid and Disabled are never null.
  return field === 'Oid' || field === 'Disabled' ? [`${column} >= ${p()}`] : [`${column} >= ${p()}`, `${column} is null`];
}

/**
 * The SQL of one page: scope restriction (tenant, location, terminal), the extra condition (detail views), filter, quick search, contains, keyset
 * position and order, with `take + 1` rows so the caller learns whether more exist. Sort values are selected
 * as `k0, k1, ...` for the next cursor. A cursor whose first key bounds two ranges (leadingBounds) reads each range
 * in its own ordered branch of a UNION ALL, each stopping at the page's size, and orders the few rows they give.
 */
export function listSql(kind: EntityKind, list: ListQuery, rowScope: RowScope, extra?: Condition): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = listWhere(kind, list, rowScope, params, extra);
  const bounds: string[] = [];
  if (list.after) {
    where.push(keysetPredicate(kind, list.orderBy, list.after, params));
    bounds.push(...leadingBounds(kind, list.orderBy, list.after, params));
  }
  const direction = (k: ListSort) => (k.desc ? 'desc nulls first' : 'asc nulls last');
  const order = list.orderBy.map((k) => `${q(k.field)} ${direction(k)}`).join(', ');
  // A wide integer's or exact decimal's sort value is read as text: the driver would round it, and the cursor with it.
  const wide = (k: ListSort) => kind.decimalStrings.has(k.field);
  const keys = list.orderBy.map((k, i) => `${q(k.field)}${wide(k) ? '::text' : ''} as k${i}`).join(', ');
  const select = (terms: string[], limit: string) => `select ${selectColumns(kind)}, ${keys} from ${q(kind.table)}${terms.length ? ` where ${terms.join(' and ')}` : ''} order by ${order} limit ${limit}`;
  params.push(list.take + 1);
  const take = `$${params.length}`;
  let sql: string;
  if (bounds.length < 2) sql = select([...where, ...bounds], take);
  else {
    params.push(list.take + 1 + list.skip);
    const branch = `$${params.length}`;
    // A wide integer's key is text here: ordered as the number it is.
    const outer = list.orderBy.map((k, i) => `k${i}${wide(k) ? '::numeric' : ''} ${direction(k)}`).join(', ');
    sql = `select * from (${bounds.map((bound) => `(${select([...where, bound], branch)})`).join(' union all ')}) as page order by ${outer} limit ${take}`;
  }
  if (list.skip > 0) {
    params.push(list.skip);
    sql += ` offset $${params.length}`;
  }
  return { sql, params };
}
