import { compileCondition, conditionFields, type Condition } from '../../conditions';
import type { Queryable } from '../db/database';
import { actorFromItem, type Actor } from '../audit/audit-actor';
import type { Catalogue, EntityKind } from './catalogue';
import { conditionToSql } from './condition-to-sql';
import { kindResolver } from './list-query';
import { lookupHoldsSql, statementLookups, type StatementLookup } from './lookup-targets';
import { etagOf, rowToRecord, rowVersionOf, selectColumns, toSqlParam, writableColumns } from './record-codec';
import { requireInScope, scopeConditions, type RowScope } from './row-scope';
import { quoteIdent as q } from './sql-names';
import type { StoredRecord } from './data-store';
import type { DataEventBus } from './data-event-bus';
import { dropErrorsOf, validateRecord } from './validate-record';
import { hasWriteOnly } from './write-only-values';

/** What a kind allows a PUT to do without reading the record first; computed once per kind. */
interface DirectPlan {
  /** false for a kind with write-only fields, or a readonly effect whose condition has no SQL form. */
  possible: boolean;
  /**
   * The fields with a readonly effect and its condition. Whether one is locked depends on the stored record, which
   * the statement's WHERE sees: a locked field must keep its stored value (`(condition) is false or unchanged`).
   */
  readonlyEffects: ReadonlyArray<ReadonlyEffect>;
  /**
   * The lookups checked inside the statement (lookup-targets.ts lookupHoldsSql); undefined when one sits inside a
   * list, so the caller checks them all before the write (and locks them in a transaction around it).
   */
  lookups: readonly StatementLookup[] | undefined;
  /** The declared readonly fields: a PUT never writes them, and one it sends must equal the stored value. */
  readonly: readonly string[];
  /** Readonly fields a conditional `required` reads: leaving one out makes validation need the stored value. */
  readByConditions: ReadonlySet<string>;
  /**
   * The fields with a disabled effect and its condition. One disabled on the new record must keep its stored value
   * here (a WHERE condition): whether it was disabled before too, which would refuse a change, needs the stored
   * record, so a change of it goes to the read-validate-write path.
   */
  disabledEffects: ReadonlyArray<readonly [string, (record: Record<string, unknown>) => boolean]>;
  /** The columns a PUT writes: Disabled and every field that is not readonly. */
  columns: readonly string[];
  /** Statement texts by the readonly fields sent and the scope fields pinned. */
  statements: Map<string, string>;
}

/**
 * A field's readonly effect: its condition, and the parameters its SQL form takes, in order. Those depend on the
 * condition alone, so they are worked out once per kind; the text itself is built only with a new statement text.
 */
interface ReadonlyEffect {
  field: string;
  condition: Condition;
  params: readonly unknown[];
}

const plans = new WeakMap<EntityKind, DirectPlan>();

/** The parameters of a condition's SQL form over the kind's columns; undefined when it has none (an external field). */
function sqlParamsOf(kind: EntityKind, condition: Condition): unknown[] | undefined {
  const params: unknown[] = [];
  try {
    conditionToSql(condition, kindResolver(kind), params);
    return params;
  } catch {
    return undefined;
  }
}

function planOf(kind: EntityKind, catalogue: Catalogue): DirectPlan {
  let plan = plans.get(kind);
  if (plan) return plan;
  const effects = Object.values(kind.doc.extensions?.effects ?? {});
  const readonly = kind.doc.fields.filter((f) => f.readonly === true).map((f) => f.name);
  const read = effects.flatMap((e) => (e.required ? conditionFields(e.required) : []));
  const readonlyEffects = kind.doc.fields.flatMap((f) => {
    const condition = kind.doc.extensions?.effects?.[f.name]?.readonly;
    return condition && f.readonly !== true ? [{ field: f.name, condition, params: sqlParamsOf(kind, condition) }] : [];
  });
  const translated = readonlyEffects.flatMap(({ field, condition, params }): ReadonlyEffect[] => (params ? [{ field, condition, params }] : []));
  plan = {
    // A kind with write-only fields keeps the ones a PUT leaves out, which needs the stored record.
    possible: translated.length === readonlyEffects.length && !hasWriteOnly(kind),
    readonlyEffects: translated,
    lookups: statementLookups(catalogue, kind),
    readonly,
    disabledEffects: kind.doc.fields.flatMap((f) => {
      const condition = kind.doc.extensions?.effects?.[f.name]?.disabled;
      return condition && f.readonly !== true ? [[f.name, compileCondition(condition, { decimalStrings: kind.decimalStrings })] as const] : [];
    }),
    readByConditions: new Set(readonly.filter((name) => read.some((path) => path === name || path.startsWith(`${name}.`)))),
    columns: writableColumns(kind).filter((name) => !readonly.includes(name)),
    statements: new Map(),
  };
  plans.set(kind, plan);
  return plan;
}

/**
 * Whether a PUT on the kind may try the one statement, and whether it checks the kind's lookups itself (`false`:
 * the caller checks them first, see DirectPlan.lookups). Undefined when it may not.
 */
export function directPutPlan(kind: EntityKind, catalogue: Catalogue): { checksLookups: boolean } | undefined {
  const plan = planOf(kind, catalogue);
  return plan.possible ? { checksLookups: plan.lookups !== undefined } : undefined;
}

/** The parts of a direct PUT that depend on the request. */
export interface DirectPut {
  catalogue: Catalogue;
  oid: number;
  /** The If-Match tag, quotes included. */
  ifMatch: string;
  /** The request body as record input, scope fields filled. */
  input: Record<string, unknown>;
  scope: RowScope;
  /** How the request sees a lookup's target kind (its tenant and visibility rule; row-scope.ts rowScopeOf). */
  targetScope: (target: EntityKind) => RowScope;
  user: string;
  /** Who writes, named in the statement itself for the audit trail (audit-actor.ts actorFromItem). */
  actor: Actor;
  /** Where the update event goes: with the statement when the bus allows (see DataEventBus.notification). */
  events: DataEventBus;
}

/** A direct PUT's stored record, and whether its event went out with the statement (else: publish it). */
export interface DirectPutResult extends StoredRecord {
  notified: boolean;
}

/**
 * A PUT as the one conditional UPDATE, without reading the record first: everything the read-validate-write
 * path checks against the stored version is either independent of it or folded into the statement's WHERE. The
 * new record is built from the body alone (readonly fields are never written), validated, and written only if
 * the row still has the If-Match version, lies in the scope, keeps the readonly values the body sends, and
 * actually changes. Answers undefined whenever that does not hold or cannot be known here (a readonly effect,
 * an invalid body, no row matched, a unique value taken): the caller then takes the read-validate-write path,
 * which decides between 304, 400, 403, 404 and 409 exactly as before. So a PUT that succeeds costs one round
 * trip, and any other outcome the same answer as without this path.
 */
export async function directPut(db: Queryable, kind: EntityKind, put: DirectPut): Promise<DirectPutResult | undefined> {
  const plan = planOf(kind, put.catalogue);
  const rowVersion = rowVersionOf(put.ifMatch, put.oid);
  if (!plan.possible || rowVersion === undefined) return undefined;
  const { input, scope } = put;
  const sentReadonly = plan.readonly.filter((name) => input[name] !== undefined);
  // Disabled on the new record: written only if unchanged (else the other path judges it against the stored one).
  const disabledNow = () => plan.disabledEffects.filter(([, holds]) => holds(next)).map(([name]) => name);
  if (plan.readonly.some((name) => input[name] === undefined && plan.readByConditions.has(name))) return undefined;
  const next: Record<string, unknown> = { ...kind.compiled.emptyRecord, ...input, Oid: put.oid, ETag: put.ifMatch, TenantOid: kind.tenantScoped ? scope.tenantOid : null };
  try {
    requireInScope(scope, next, kind);
  } catch {
    return undefined;
  }
  const errors = validateRecord(kind, next);
  // A sent readonly value of the wrong type can equal no stored value, and its cast in the WHERE would fail.
  if (sentReadonly.some((name) => Object.keys(errors).some((key) => key === name || key.startsWith(`${name}.`)))) return undefined;
  // Readonly fields keep their stored value (the WHERE sees to the ones sent), so they are not judged again.
  for (const name of plan.readonly) dropErrorsOf(errors, name);
  if (Object.keys(errors).length > 0) return undefined;

  const params: unknown[] = [put.oid, rowVersion, put.user];
  // Always $4: the statement texts are cached per kind and shape.
  const actorItem = actorFromItem(params, put.actor);
  const push = (name: string) => {
    const { value, cast } = toSqlParam(kind, name, next[name]);
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const values = plan.columns.map(push);
  const scoped = scopeConditions(kind, scope, params);
  const kept = sentReadonly.map(push);
  const disabled = disabledNow();
  const unchanged = disabled.map(push);
  // A field locked by a readonly effect on the stored row keeps its value; an unknown verdict (NULL) locks too. The
  // condition's SQL form is the same for every PUT of the kind: its parameters go in the same places each time, and
  // its text is worked out only when a statement text is built (`lock` below).
  const locks = plan.readonlyEffects.map((effect) => {
    const at = params.length;
    params.push(...effect.params);
    return { effect, at, value: push(effect.field) };
  });
  const lock = ({ effect, at, value }: (typeof locks)[number]) => {
    const numbered: unknown[] = new Array<unknown>(at);
    const condition = conditionToSql(effect.condition, kindResolver(kind), numbered);
    return `((${condition}) is false or ${q(effect.field)} is not distinct from ${value})`;
  };
  const lookupChecks: string[] = [];
  for (const lookup of plan.lookups ?? []) {
    const check = lookupHoldsSql(lookup, next[lookup.field], put.targetScope(lookup.target), params);
    if (check === undefined) return undefined;
    if (check !== null) lookupChecks.push(check);
  }
  // The event knows the new ETag ahead: the statement writes only the version after the If-Match one.
  const tenantOid = kind.tenantScoped ? (scope.tenantOid ?? null) : null;
  const notification = put.events.notification({ type: 'DataServiceUpdate', kind: kind.kind, oid: put.oid, etag: etagOf(put.oid, rowVersion + 1), tenantOid });
  if (notification) params.push(notification.channel, notification.payload);
  // The text depends only on the kind, the readonly fields sent, the scope fields pinned and whether the event
  // goes along: built once each.
  // Which lookups are checked shows in the condition texts; their parameters are numbered in the same order each time.
  const key = `${sentReadonly.join(',')}|${disabled.join(',')}|${scope.pinned.map(([field]) => field).join(',')}|${lookupChecks.join(',')}|${notification ? 'notify' : ''}`;
  let sql = plan.statements.get(key);
  if (sql === undefined) {
    const where = [
      '"Oid" = $1',
      'row_version = $2',
      ...scoped,
      ...sentReadonly.map((name, i) => `${q(name)} is not distinct from ${kept[i]!}`),
      ...disabled.map((name, i) => `${q(name)} is not distinct from ${unchanged[i]!}`),
      ...locks.map(lock),
      ...lookupChecks,
      // A save that changes nothing writes nothing: the caller's read then answers 304.
      `(${plan.columns.map(q).join(', ')}) is distinct from (${values.join(', ')})`,
    ];
    const sets = plan.columns.map((name, i) => `${q(name)} = ${values[i]!}`);
    sql = `update ${q(kind.table)} set ${sets.join(', ')}, row_version = row_version + 1, modified_at = now(), modified_by = $3
    from ${actorItem}
    where ${where.join(' and ')} returning ${selectColumns(kind)}`;
    // NOTIFY is transactional: sent on commit, and only for the row the update returned.
    if (notification) sql = `with changed as (${sql}) select changed.*, pg_notify($${params.length - 1}, $${params.length}) from changed`;
    plan.statements.set(key, sql);
  }
  try {
    const row = (await db.query(sql, params, { prepare: true })).rows[0];
    return row ? { record: rowToRecord(kind, row), rowVersion: Number(row.row_version), notified: notification !== undefined } : undefined;
  } catch (error) {
    // A unique value taken: the read-validate-write path names the field in its 409.
    if ((error as { code?: unknown }).code === '23505') return undefined;
    throw error;
  }
}
