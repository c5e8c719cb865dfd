import type { LocalizedText, OnDelete } from '../../schemas';
import type { Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { Catalogue, EntityKind } from './catalogue';
import { columnType } from './column-types';
import { permissionPath } from './data-request';
import { etagOf } from './record-codec';
import { rowScopeOf, scopeConditions } from './row-scope';
import { quoteIdent as q } from './sql-names';

/** How many referring records a refused delete names (the count says how many there are in all). */
export const REFERENCE_OIDS_SHOWN = 5;
/** Counting stops here: "more than 1,000" is as useful to the user as the exact number, and reads less. */
export const REFERENCE_COUNT_LIMIT = 1000;

/** A lookup of another kind (or the same) pointing at a kind, with the rule its document declares. */
export interface Referrer {
  kind: EntityKind;
  /** The lookup's field path: `Field`, `Object.Field` or `List[].Key`. */
  path: string;
  /** The target's field the lookup stores (`Oid` unless the lookup says otherwise). */
  valueField: string;
  rule: OnDelete;
}

/** One group of records that still point at a record being deleted: the answer of a refused delete. */
export interface Reference {
  kind: string;
  /** The referring kind's plural label, so a client can say it in its language. */
  label: LocalizedText;
  field: string;
  /** How many records point at it (at most REFERENCE_COUNT_LIMIT; `more` when there are more). */
  count: number;
  more?: true;
  /** A few of them, only where the caller may read that kind and those records; absent otherwise (count only). */
  oids?: number[];
}

/** A write the delete made beyond its own record: for the data events after commit. */
export interface CascadedWrite {
  type: 'DataServiceDelete' | 'DataServiceUpdate';
  kind: EntityKind;
  oid: number;
  etag: string;
  tenantOid: number | null;
}

const referrersByCatalogue = new WeakMap<Catalogue, Map<EntityKind, Referrer[]>>();

/**
 * The lookups of the whole catalogue pointing at `target`, built once per catalogue. External fields are left out:
 * their values are not in the kind's table, and the module that keeps them keeps their integrity too.
 */
export function referrersOf(catalogue: Catalogue, target: EntityKind): readonly Referrer[] {
  let index = referrersByCatalogue.get(catalogue);
  if (!index) {
    index = new Map();
    for (const kind of catalogue.kinds) {
      for (const [path, lookup] of Object.entries(kind.doc.extensions?.lookups ?? {})) {
        const [area = '', entity = ''] = lookup.entity.split('/');
        const to = catalogue.find(area, entity);
        if (!to || kind.externalFields.includes(path.split(/[.[]/)[0]!)) continue;
        const list = index.get(to) ?? [];
        list.push({ kind, path, valueField: lookup.valueField ?? 'Oid', rule: lookup.onDelete ?? 'restrict' });
        index.set(to, list);
      }
    }
    referrersByCatalogue.set(catalogue, index);
  }
  return index.get(target) ?? [];
}

/**
 * The SQL condition "this row's lookup holds one of the keys" (keys as text in a parameter). A top-level field
 * compares its column (its index serves where the document declares one); an Object property reads its jsonb
 * path; a lookup in a list tests each element's key.
 */
function holdsOneOf(referrer: Referrer, keys: readonly string[], params: unknown[]): string {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const [list, key] = referrer.path.split('[].');
  if (key !== undefined) {
    const column = q(list!);
    return `exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end) as element where element ->> ${param(key)}::text = any(${param(keys)}::text[]))`;
  }
  const [top = '', ...rest] = referrer.path.split('.');
  if (rest.length > 0) return `${q(top)} #>> ${param(rest)}::text[] = any(${param(keys)}::text[])`;
  const field = referrer.kind.fields.get(top);
  return `${q(top)} = any(${param(keys)}::${field ? columnType(field) : 'bigint'}[])`;
}

/** `and "Oid" <> all(...)`: the rows this delete removes anyway do not count as referrers (a record pointing at itself). */
function notAmong(oids: readonly number[] | undefined, params: unknown[]): string {
  if (!oids || oids.length === 0) return '';
  params.push(oids);
  return ` and "Oid" <> all($${params.length}::bigint[])`;
}

/** The keys the referrers store for the records `oids` of `kind`: the oids, or the values of the lookup's valueField. */
async function keysOf(tx: Queryable, kind: EntityKind, oids: readonly number[], valueField: string): Promise<string[]> {
  if (valueField === 'Oid') return oids.map(String);
  const rows = (await tx.query<{ v: unknown }>(`select ${q(valueField)}::text as v from ${q(kind.table)} where "Oid" = any($1::bigint[]) and ${q(valueField)} is not null`, [oids])).rows;
  return rows.map((row) => String(row.v));
}

/** The state of one delete across its cascade: what is being deleted, what refuses, what was written. */
interface DeleteRun {
  tx: Queryable;
  catalogue: Catalogue;
  context: RequestContext;
  user: string;
  /** Oids being deleted per kind, so a cascade that comes round again neither loops nor counts them as referrers. */
  deleting: Map<EntityKind, Set<number>>;
  refused: Reference[];
  writes: CascadedWrite[];
}

/** A referring group as the caller may see it: count always, a few oids where it may read them. */
async function referenceOf(run: DeleteRun, referrer: Referrer, keys: readonly string[]): Promise<Reference | undefined> {
  const { tx, context } = run;
  const kind = referrer.kind;
  const params: unknown[] = [];
  const match = `${holdsOneOf(referrer, keys, params)}${notAmong([...(run.deleting.get(kind) ?? [])], params)}`;
  // Every tenant's rows count: a global record another tenant still uses must stay.
  const counted = Number((await tx.query<{ n: number }>(`select count(*)::int as n from (select 1 from ${q(kind.table)} where ${match} limit ${REFERENCE_COUNT_LIMIT + 1}) as referring`, params)).rows[0]?.n ?? 0);
  if (counted === 0) return undefined;
  const reference: Reference = { kind: kind.kind, label: kind.doc.pluralLabel ?? kind.doc.label, field: referrer.path, count: Math.min(counted, REFERENCE_COUNT_LIMIT) };
  if (counted > REFERENCE_COUNT_LIMIT) reference.more = true;
  // Ids only of records the caller could open: Read on the kind, and the rows its list would show (tenant, location
  // and terminal of the request, a global kind's visibility rule).
  const readable = context.can(permissionPath(kind), 'Read', context.tenantOid) && (!kind.tenantScoped || context.tenantOid !== undefined);
  if (readable) {
    const scope = scopeConditions(kind, rowScopeOf(kind, context), params);
    const sql = `select "Oid" as oid from ${q(kind.table)} where ${match}${scope.map((c) => ` and ${c}`).join('')} order by "Oid" limit ${REFERENCE_OIDS_SHOWN}`;
    const oids = (await tx.query<{ oid: unknown }>(sql, params)).rows.map((row) => Number(row.oid));
    if (oids.length > 0) reference.oids = oids;
  }
  return reference;
}

/** Applies every referrer's rule to the records `oids` of `kind`, which are about to be deleted (and are locked). */
async function applyRules(run: DeleteRun, kind: EntityKind, oids: readonly number[]): Promise<void> {
  const { tx, catalogue } = run;
  for (const referrer of referrersOf(catalogue, kind)) {
    const keys = await keysOf(tx, kind, oids, referrer.valueField);
    if (keys.length === 0) continue;
    if (referrer.rule === 'restrict') {
      const reference = await referenceOf(run, referrer, keys);
      if (reference) run.refused.push(reference);
      continue;
    }
    const target = referrer.kind;
    const params: unknown[] = [];
    const match = `${holdsOneOf(referrer, keys, params)}${notAmong([...(run.deleting.get(target) ?? [])], params)}`;
    if (referrer.rule === 'setNull') {
      params.push(run.user);
      const sql = `update ${q(target.table)} set ${q(referrer.path)} = null, row_version = row_version + 1, modified_at = now(), modified_by = $${params.length} where ${match} returning "Oid" as oid, row_version${target.tenantScoped ? ', "TenantOid" as tenant' : ''}`;
      for (const row of (await tx.query<{ oid: unknown; row_version: unknown; tenant?: unknown }>(sql, params)).rows) run.writes.push(writeOf('DataServiceUpdate', target, row));
      continue;
    }
    // cascade: the referring records go too, after their own referrers' rules (locked first, so no new reference slips in).
    const found = (await tx.query<{ oid: unknown }>(`select "Oid" as oid from ${q(target.table)} where ${match} order by "Oid" for update`, params)).rows.map((row) => Number(row.oid));
    if (found.length > 0) await deleteWithRules(run, target, found);
  }
}

function writeOf(type: CascadedWrite['type'], kind: EntityKind, row: { oid: unknown; row_version: unknown; tenant?: unknown }): CascadedWrite {
  const oid = Number(row.oid);
  return { type, kind, oid, etag: etagOf(oid, String(row.row_version)), tenantOid: row.tenant === undefined || row.tenant === null ? null : Number(row.tenant) };
}

/** Marks `oids` as being deleted, applies the rules of their referrers, and deletes them (a cascade's records). */
async function deleteWithRules(run: DeleteRun, kind: EntityKind, oids: readonly number[]): Promise<void> {
  const deleting = run.deleting.get(kind) ?? new Set<number>();
  const fresh = oids.filter((oid) => !deleting.has(oid));
  if (fresh.length === 0) return;
  for (const oid of fresh) deleting.add(oid);
  run.deleting.set(kind, deleting);
  await applyRules(run, kind, fresh);
  const sql = `delete from ${q(kind.table)} where "Oid" = any($1::bigint[]) returning "Oid" as oid, row_version${kind.tenantScoped ? ', "TenantOid" as tenant' : ''}`;
  for (const row of (await run.tx.query<{ oid: unknown; row_version: unknown; tenant?: unknown }>(sql, [fresh])).rows) run.writes.push(writeOf('DataServiceDelete', kind, row));
}

/** The English message of a refused delete: the referring kinds, how many records and a few of their ids. */
export function referencedMessage(references: readonly Reference[]): string {
  const parts = references.map((r) => {
    const how = `${r.more ? 'more than ' : ''}${r.count} ${r.kind} record${r.count === 1 && !r.more ? '' : 's'} (${r.field}`;
    return `${how}${r.oids ? `: ${r.oids.join(', ')}${r.count > r.oids.length ? ', …' : ''}` : ''})`;
  });
  return `The record cannot be deleted: ${parts.join('; ')} still refer to it. Change or delete those first.`;
}

/**
 * Applies the delete rules of every lookup pointing at the records `oids` of `kind` (already read and locked by the
 * caller, in transaction `tx`): `cascade` deletes the referring records (their own referrers' rules applied in turn),
 * `setNull` empties the referring field, and `restrict` (the default) refuses: a 409 naming the referring kinds, how
 * many records and, where the caller may read them, a few of their oids. The caller then deletes `oids` itself.
 * Answers the writes made besides (for the data events after commit). Runs only in `tx`: a refusal rolls it all back.
 */
export async function applyDeleteRules(tx: Queryable, catalogue: Catalogue, kind: EntityKind, oids: readonly number[], context: RequestContext): Promise<CascadedWrite[]> {
  const run: DeleteRun = { tx, catalogue, context, user: context.username, deleting: new Map([[kind, new Set(oids)]]), refused: [], writes: [] };
  if (referrersOf(catalogue, kind).length === 0) return [];
  await applyRules(run, kind, oids);
  if (run.refused.length > 0) throw new ApiError(409, referencedMessage(run.refused), { extra: { references: run.refused } });
  return run.writes;
}
