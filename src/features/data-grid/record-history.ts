import { apiCall, apiGet } from '../../lib/api/api-client';
import type { AuditEntry, FieldChange } from '../../../schemas/audit-wire';
import type { DataApi, DataRecord } from './data-api';

/** One change of a field in an audit entry (docs/audit.md). */
export type HistoryChange = FieldChange;
/** One version of a record: who changed it, when, how, and which fields. */
export type HistoryEntry = AuditEntry;

/** A record's history, newest first. */
export function readHistory(api: DataApi, oid: unknown, take = 50): Promise<{ items: HistoryEntry[]; hasMore: boolean }> {
  return apiGet(`${api.base}/${String(oid)}/history`, { take });
}

/** What a restore brings back: the values right after a version, or right before it (an update's old values). */
export interface RestoreRequest {
  version: number;
  side: 'after' | 'before';
  fields?: string[];
}

/** Restores from a version (an update with If-Match, checked as any); answers the record and its tag, or null when nothing changed. */
export async function restoreVersion(api: DataApi, oid: unknown, etag: string, request: RestoreRequest): Promise<{ record: DataRecord; etag: string } | null> {
  const response = await apiCall<DataRecord>(`${api.base}/${String(oid)}/restore`, { method: 'POST', body: request, headers: { 'If-Match': etag }, accept: [304] });
  if (response.status === 304) return null;
  return { record: response.data, etag: response.headers.get('etag') ?? String(response.data.ETag ?? '') };
}
