import { deepEqual } from '../../conditions';
import type { Queryable } from '../db/database';
import type { FieldErrors } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { Catalogue, EntityKind } from './catalogue';
import { toSqlParam } from './record-codec';
import { rowScopeOf, scopeConditions, type RowScope } from './row-scope';
import { quoteIdent as q } from './sql-names';

/** Null and 0 mean "none" in a lookup field (the demo's field-sales terminal has LocationOid 0): never looked up. */
const isNone = (value: unknown) => value === null || value === undefined || value === 0;

/** Whether a value can be a key of the target's `valueField` (a text in an oid field names no record). */
function isKeyValue(target: EntityKind, valueField: string, value: unknown): boolean {
  const type = valueField === 'Oid' ? 'Number' : target.fields.get(valueField)?.type;
  if (type !== 'Number') return typeof value === 'string';
  return typeof value === 'number' && Number.isFinite(value) && (valueField !== 'Oid' || Number.isSafeInteger(value));
}

/** The SQL type a key of the target's `valueField` is cast to. */
function keyCast(target: EntityKind, valueField: string): string {
  return valueField === 'Oid' ? 'bigint' : toSqlParam(target, valueField, null).cast;
}

/**
 * The keys a lookup path holds in a record: the field's value, or for `List[].Key` the `Key` of every element of
 * `List`. Errors go to the record field (`List`), which is what the editor marks.
 */
function lookupValues(record: Record<string, unknown>, path: string): { field: string; values: unknown[] } {
  const [list, key] = path.split('[].');
  if (key === undefined) return { field: path, values: [record[path]] };
  const elements = record[list!];
  if (!Array.isArray(elements)) return { field: list!, values: [] };
  return { field: list!, values: elements.map((element: unknown) => (element !== null && typeof element === 'object' ? (element as Record<string, unknown>)[key] : undefined)) };
}

/**
 * For each record, the lookup fields whose value names no record the request may see: none at all, one of another
 * tenant, or one its kind's visibility rule hides, and the fields naming a disabled record (problems keyed by field;
 * empty objects when all are fine). With `previous` (an update) only values that differ from it are looked at, so a
 * record whose target went away or was disabled can still be saved unchanged. One query per lookup field, whatever
 * the number of records (imports). With `lock` (inside the write's transaction) the targets found are locked
 * `for key share` until it ends, as a foreign key would: a delete of one of them waits, then sees the new reference
 * (referential-delete.ts), and a reference to a record whose delete came first finds nothing.
 */
export async function lookupProblemsOfMany(
  db: Queryable,
  catalogue: Catalogue,
  kind: EntityKind,
  records: readonly Record<string, unknown>[],
  context: RequestContext,
  previous?: Record<string, unknown>,
  lock = false,
): Promise<FieldErrors[]> {
  const problems: FieldErrors[] = records.map(() => ({}));
  for (const [path, lookup] of Object.entries(kind.doc.extensions?.lookups ?? {})) {
    const [area = '', entity = ''] = lookup.entity.split('/');
    const target = catalogue.find(area, entity);
    if (!target) continue;
    const field = lookupValues({}, path).field;
    // An element's key is looked at unless the previous record held it already (then it may be kept unchanged).
    const before = previous ? lookupValues(previous, path).values : [];
    const kept = (value: unknown) => before.some((old) => deepEqual(value, old ?? null));
    const checkedOf = records.map((record) => lookupValues(record, path).values.map((value) => (isNone(value) || (previous && kept(value)) ? undefined : value)));
    const checked = checkedOf.flat();
    const values = [...new Set(checked.filter((value) => value !== undefined).map((value) => JSON.stringify(value)))].map((text) => JSON.parse(text) as unknown);
    if (values.length === 0) continue;
    const valueField = lookup.valueField ?? 'Oid';
    // Only values of the column's type are looked up (a text in an oid field names no record, and must not reach SQL).
    const typed = values.filter((value) => isKeyValue(target, valueField, value));
    const cast = keyCast(target, valueField);
    const params: unknown[] = [typed.map((value) => (valueField === 'Oid' ? value : toSqlParam(target, valueField, value).value))];
    // The target as this request sees it in a list: its tenant and visibility, not the location or terminal pinned.
    const where = scopeConditions(target, { ...rowScopeOf(target, context), pinned: [] }, params);
    const sql = `select ${q(valueField)} as v, "Disabled" as disabled from ${q(target.table)} where ${q(valueField)} = any($1::${cast}[])${where.map((c) => ` and ${c}`).join('')}${lock ? ' for key share' : ''}`;
    const rows = typed.length === 0 ? [] : (await db.query<{ v: unknown; disabled: boolean | null }>(sql, params)).rows;
    const found = new Set(rows.map((row) => String(row.v)));
    const disabled = new Set(rows.filter((row) => row.disabled === true).map((row) => String(row.v)));
    checkedOf.forEach((list, index) => {
      const missing = list.find((value) => value !== undefined && !found.has(String(value)));
      if (missing !== undefined) problems[index]![field] = [`${path.replace('[].', ' ')} ${JSON.stringify(missing)} is not a ${target.kind} record you can see.`];
      // A new reference to a disabled record is refused; one the record held already may stay (see `previous`).
      const off = missing === undefined ? list.find((value) => value !== undefined && disabled.has(String(value))) : undefined;
      if (off !== undefined) problems[index]![field] = [`${path.replace('[].', ' ')} ${JSON.stringify(off)} is a disabled ${target.kind} record: choose an active one.`];
    });
  }
  return problems;
}

/** `lookupProblemsOfMany` for one record. */
export async function lookupProblems(
  db: Queryable,
  catalogue: Catalogue,
  kind: EntityKind,
  record: Record<string, unknown>,
  context: RequestContext,
  previous?: Record<string, unknown>,
  lock = false,
): Promise<FieldErrors> {
  return (await lookupProblemsOfMany(db, catalogue, kind, [record], context, previous, lock))[0]!;
}

/** Whether a kind has lookups the server checks (an external field's are its module's). */
export function hasStoredLookups(kind: EntityKind): boolean {
  return Object.keys(kind.doc.extensions?.lookups ?? {}).some((path) => !kind.externalFields.includes(path.split(/[.[]/)[0]!));
}

/** A lookup that the one-statement PUT checks inside its UPDATE: a top-level field holding its target's key. */
export interface StatementLookup {
  field: string;
  target: EntityKind;
  valueField: string;
}

/**
 * The kind's stored lookups as the one-statement PUT checks them (direct-update.ts), or undefined when one of them
 * sits inside a list (`List[].Key`): those are checked by `lookupProblems` before the write instead.
 */
export function statementLookups(catalogue: Catalogue, kind: EntityKind): StatementLookup[] | undefined {
  const lookups: StatementLookup[] = [];
  for (const [path, lookup] of Object.entries(kind.doc.extensions?.lookups ?? {})) {
    if (kind.externalFields.includes(path.split(/[.[]/)[0]!)) continue;
    if (path.includes('[') || path.includes('.')) return undefined;
    const [area = '', entity = ''] = lookup.entity.split('/');
    const target = catalogue.find(area, entity);
    if (target) lookups.push({ field: path, target, valueField: lookup.valueField ?? 'Oid' });
  }
  return lookups;
}

/**
 * The WHERE condition by which one UPDATE keeps `lookup`'s rule for the new `value`: the row keeps the value it holds
 * (a kept reference may point at a record since disabled or gone, as `lookupProblems` allows with `previous`), or
 * the value names an active target the request sees, locked `for key share` until the statement's transaction ends
 * (as `lookupProblems` locks it: a delete of the target waits, then sees the new reference). Undefined when the
 * value names nothing: null (no condition needed); undefined when it has a type the key cannot have: the caller then
 * leaves the one statement, and the read-validate-write path answers.
 */
export function lookupHoldsSql(lookup: StatementLookup, value: unknown, targetScope: RowScope, params: unknown[]): string | null | undefined {
  if (isNone(value)) return null;
  const { target, valueField } = lookup;
  if (!isKeyValue(target, valueField, value)) return undefined;
  params.push(value);
  const key = `$${params.length}::${keyCast(target, valueField)}`;
  // Unqualified names inside the sub-select are the target's own columns (its scope conditions name them so).
  const where = scopeConditions(target, { ...targetScope, pinned: [] }, params).map((c) => ` and ${c}`).join('');
  return `(${q(lookup.field)} is not distinct from ${key} or exists (select 1 from ${q(target.table)} where ${q(valueField)} = ${key} and "Disabled" is not true${where} for key share))`;
}
