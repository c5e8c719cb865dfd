import type { AuditEntry } from '../../../schemas/audit-wire';
import { apiGet } from '../../lib/api/api-client';

/** One recorded change as GET /api/audit/activity answers it (docs/audit.md). */
export type ActivityEntry = AuditEntry;

/** The filters of the page: the actor's user name, the kind (`area/entity`), a time range (ISO). */
export interface ActivityFilter {
  user?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** Entries shown per page. */
export const ACTIVITY_TAKE = 50;

/** One page of the activity, newest first; `before` is the `next` of the page before. */
export function readActivity(filter: ActivityFilter, before?: number): Promise<{ items: ActivityEntry[]; next?: number }> {
  const query: Record<string, string> = { take: String(ACTIVITY_TAKE) };
  for (const [name, value] of Object.entries(filter)) if (value) query[name] = value;
  if (before !== undefined) query.before = String(before);
  return apiGet('/api/audit/activity', query);
}

/** A `datetime-local` input's value (local time, no zone) as an ISO instant; undefined when empty or not a time. */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}
