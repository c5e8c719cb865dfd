import { deepEqual } from '../../../conditions';
import type { DataRecord } from './data-api';

/** One record being looked at or edited: what the server has (`record`), what the user has (`value`), the version. */
export interface EditorSession {
  record: DataRecord;
  value: DataRecord;
  etag: string | undefined;
  isNew: boolean;
}

/** A session of a stored record. */
export function storedSession(record: DataRecord, etag?: string): EditorSession {
  return { record, value: record, etag: etag ?? (typeof record.ETag === 'string' ? record.ETag : undefined), isNew: false };
}

/** A session of a new record (forced edit mode). */
export function newSession(value: DataRecord): EditorSession {
  const fresh = { ...value, Oid: null, ETag: null };
  return { record: fresh, value: fresh, etag: undefined, isNew: true };
}

/** Whether the user changed something since the last read or save. */
export function isDirty(session: EditorSession): boolean {
  return !deepEqual(session.value, session.record);
}

/** The label of the closing button (spec 2 §2): 'close' when read-only or saved and unchanged, else 'cancel'. */
export function closeButtonKind(session: EditorSession, readOnly: boolean): 'close' | 'cancel' {
  return readOnly || (!session.isNew && !isDirty(session)) ? 'close' : 'cancel';
}

/** One row of the conflict resolver: a field with both values and whether they differ. */
export interface ConflictRow {
  field: string;
  mine: unknown;
  theirs: unknown;
  differs: boolean;
}

/** Mine and theirs side by side per field, in the field order given; system fields aside. */
export function conflictRows(fields: readonly string[], mine: DataRecord, theirs: DataRecord | null): ConflictRow[] {
  return fields
    .filter((field) => field !== 'ETag' && field !== 'Oid' && field !== 'TenantOid')
    .map((field) => ({ field, mine: mine[field] ?? null, theirs: theirs?.[field] ?? null, differs: !deepEqual(mine[field] ?? null, theirs?.[field] ?? null) }));
}
