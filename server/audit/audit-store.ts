import type { Queryable } from '../db/database';
import type { EntityKind } from '../data/catalogue';
import { scopeConditions, type RowScope } from '../data/row-scope';
import { quoteIdent as q } from '../data/sql-names';
import { decimalScale, isExactDecimal, normaliseDecimal, writeOnlyFields } from '../../schemas';
import type { AuditEntry, FieldChange } from '../../schemas/audit-wire';
import { parseExactJson } from './exact-json';

export type { AuditEntry, FieldChange } from '../../schemas/audit-wire';

interface AuditRow {
  oid: string | number;
  at: string | Date;
  kind: string;
  record_oid: string | number;
  operation: AuditEntry['operation'];
  actor_type: string;
  actor_id: string | number | null;
  actor_name: string;
  source: string | null;
  /** The jsonb as text: parsed by parseExactJson, so wide integers keep every digit. */
  changes: string;
}

const COLUMNS = 'oid, at, kind, record_oid, operation, actor_type, actor_id, actor_name, source, changes::text as changes';

/** How a kind's values read in its entries: write-only fields hidden, wide integers and exact decimals as decimal strings. */
export interface EntryFields {
  hidden: ReadonlySet<string>;
  decimalStrings: ReadonlySet<string>;
  /** The scale of each exact decimal (schemas/exact-decimal.ts): its text is written with that many fraction digits. */
  scales?: ReadonlyMap<string, number>;
}

/** The fields of a kind whose values an entry hides or answers as text. */
export function entryFields(kind: EntityKind): EntryFields {
  const scales = new Map(kind.doc.fields.filter(isExactDecimal).map((f) => [f.name, decimalScale(f)]));
  return { hidden: hiddenFields(kind), decimalStrings: kind.decimalStrings, scales };
}

/** A row's changes as stored (a create or delete: the record; an update: `{ field: { old, new } }`), wide values exact. */
function storedChanges(row: AuditRow, fields: EntryFields): Record<string, unknown> {
  const changes = parseExactJson(row.changes) as Record<string, unknown>;
  // A wide field is a decimal string in every answer (docs/data-api.md), the small values of it too.
  for (const field of fields.decimalStrings) {
    if (!(field in changes)) continue;
    const scale = fields.scales?.get(field);
    // An exact decimal's jsonb may read 1.5000 (a number 1.5 here) or its text: either way its canonical text.
    const text = (value: unknown) => (scale !== undefined ? normaliseDecimal(value, scale) : typeof value === 'number' ? String(value) : value);
    const value = changes[field];
    changes[field] = row.operation === 'update' ? { old: text((value as { old: unknown }).old), new: text((value as { new: unknown }).new) } : text(value);
  }
  return changes;
}

/** The stored changes as a list of fields: a create or delete holds the whole record, an update `{ field: { old, new } }`. */
function changesOf(row: AuditRow, fields: EntryFields): FieldChange[] {
  return Object.entries(storedChanges(row, fields)).map(([field, value]) => {
    if (fields.hidden.has(field)) return { field, old: null, new: null, writeOnly: true as const };
    if (row.operation === 'update') {
      const pair = value as { old: unknown; new: unknown };
      return { field, old: pair.old ?? null, new: pair.new ?? null };
    }
    return row.operation === 'create' ? { field, old: null, new: value ?? null } : { field, old: value ?? null, new: null };
  });
}

function entryOf(row: AuditRow, fields: EntryFields): AuditEntry {
  return {
    id: Number(row.oid),
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    recordOid: Number(row.record_oid),
    operation: row.operation,
    actor: { type: row.actor_type, id: row.actor_id === null ? null : Number(row.actor_id), name: row.actor_name },
    source: row.source,
    changes: changesOf(row, fields),
  };
}

/** The write-only fields of a kind: their values stay out of every answer. */
export function hiddenFields(kind: EntityKind): Set<string> {
  return new Set(writeOnlyFields(kind.doc.fields).map((f) => f.name));
}

/**
 * The condition (SQL, params appended) under which a caller sees a kind's entries: the kind, its tenant for a
 * tenant-scoped kind, and, where the row scope narrows further (a pinned location or terminal, a global kind's
 * visibility rule), only records that still exist inside it.
 */
export function visibleCondition(kind: EntityKind, scope: RowScope, params: unknown[], alias = 'a'): string {
  params.push(kind.kind);
  const where = [`${alias}.kind = $${params.length}`];
  if (kind.tenantScoped) {
    params.push(scope.tenantOid ?? null);
    where.push(`${alias}.tenant_oid = $${params.length}`);
  }
  if (scope.pinned.length > 0 || scope.visibleIn !== undefined) {
    where.push(`${alias}.record_oid in (select "Oid" from ${q(kind.table)} where ${scopeConditions(kind, scope, params).join(' and ')})`);
  }
  return `(${where.join(' and ')})`;
}

/** A record's entries, newest first; `before` pages on (an entry id). */
export async function recordHistory(db: Queryable, kind: EntityKind, scope: RowScope, recordOid: number, page: { take: number; before?: number }): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
  const params: unknown[] = [recordOid];
  const visible = visibleCondition(kind, scope, params);
  let sql = `select ${COLUMNS} from mate_audit a where a.record_oid = $1 and ${visible}`;
  if (page.before !== undefined) {
    params.push(page.before);
    sql += ` and a.oid < $${params.length}`;
  }
  params.push(page.take + 1);
  const rows = (await db.query<AuditRow>(`${sql} order by a.oid desc limit $${params.length}`, params)).rows;
  const fields = entryFields(kind);
  return { items: rows.slice(0, page.take).map((row) => entryOf(row, fields)), hasMore: rows.length > page.take };
}

/** The filters of the activity list. */
export interface ActivityFilter {
  user?: string;
  from?: string;
  to?: string;
  before?: number;
  take: number;
}

/** Entries across the kinds given (each with the caller's scope), newest first. */
export async function activity(db: Queryable, kinds: readonly { kind: EntityKind; scope: RowScope }[], filter: ActivityFilter): Promise<{ items: AuditEntry[]; next?: number }> {
  if (kinds.length === 0) return { items: [] };
  const params: unknown[] = [];
  const where = [`(${kinds.map(({ kind, scope }) => visibleCondition(kind, scope, params)).join(' or ')})`];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.user !== undefined) add('a.actor_name = ?', filter.user);
  if (filter.from !== undefined) add('a.at >= ?::timestamptz', filter.from);
  if (filter.to !== undefined) add('a.at < ?::timestamptz', filter.to);
  if (filter.before !== undefined) add('a.oid < ?', filter.before);
  params.push(filter.take + 1);
  const rows = (await db.query<AuditRow>(`select ${COLUMNS} from mate_audit a where ${where.join(' and ')} order by a.oid desc limit $${params.length}`, params)).rows;
  const byKind = new Map(kinds.map(({ kind }) => [kind.kind, entryFields(kind)]));
  const none: EntryFields = { hidden: new Set(), decimalStrings: new Set() };
  const items = rows.slice(0, filter.take).map((row) => entryOf(row, byKind.get(row.kind) ?? none));
  return rows.length > filter.take ? { items, next: items[items.length - 1]!.id } : { items };
}

/**
 * The values of `fields` (all when undefined) as they were right after entry `version` (or right before it): the
 * current record with every later change undone, newest first. Works without the create entry, so a retention that
 * pruned it still lets the newer versions be restored. Undefined when the entry is not one of this record's; null when that side of it has no values (before a create, after a delete).
 */
export async function valuesAt(db: Queryable, kind: EntityKind, recordOid: number, version: number, current: Record<string, unknown>, side: 'after' | 'before'): Promise<Record<string, unknown> | null | undefined> {
  const entry = await db.query<AuditRow>(`select ${COLUMNS} from mate_audit where oid = $1 and kind = $2 and record_oid = $3`, [version, kind.kind, recordOid]);
  const row = entry.rows[0];
  if (!row) return undefined;
  if ((row.operation === 'create' && side === 'before') || row.operation === 'delete') return null;
  const fields = entryFields(kind);
  const later = await db.query<AuditRow>(`select ${COLUMNS} from mate_audit where kind = $1 and record_oid = $2 and oid ${side === 'after' ? '>' : '>='} $3 order by oid desc`, [kind.kind, recordOid, version]);
  const values: Record<string, unknown> = {};
  for (const field of kind.storedFields) values[field.name] = current[field.name] ?? null;
  values.Disabled = current.Disabled ?? false;
  for (const change of later.rows) {
    // A create undone leaves nothing before it; a delete is not undone here (the record is there, or there is nothing to restore).
    if (change.operation !== 'update') continue;
    for (const [field, pair] of Object.entries(storedChanges(change, fields))) if (field in values) values[field] = (pair as { old: unknown }).old ?? null;
  }
  if (row.operation === 'create' && side === 'after') for (const [field, value] of Object.entries(storedChanges(row, fields))) if (field in values) values[field] = value ?? null;
  return values;
}

/** Deletes entries older than `days` days, `batch` rows per statement; answers how many went. */
export async function pruneAudit(db: Queryable, days: number, now: Date, batch = 5000): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  let total = 0;
  for (;;) {
    const result = await db.query(`delete from mate_audit where oid in (select oid from mate_audit where at < $1::timestamptz order by oid limit ${Math.max(1, Math.floor(batch))})`, [before]);
    total += result.rowCount;
    if (result.rowCount === 0) return total;
  }
}
