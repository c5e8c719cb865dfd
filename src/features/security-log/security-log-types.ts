import type { SecurityEventKind } from '../../../schemas/security-log-wire';

export { SECURITY_EVENT_KINDS, type SecurityEventKind, type SecurityLogEntry, type SecurityLogPage } from '../../../schemas/security-log-wire';

/** What the page filters by; empty strings are "any". */
export interface SecurityLogFilter {
  username: string;
  kind: SecurityEventKind | '';
  /** Instants as ISO text (the boxes show and read them in the user's language and time zone); '' for none. */
  from: string;
  to: string;
}

/** The query of `GET /api/admin/security-log` for a filter and page. */
export function securityLogQuery(filter: SecurityLogFilter, skip: number, take: number): Record<string, string | number> {
  const query: Record<string, string | number> = { skip, take };
  if (filter.username.trim()) query.username = filter.username.trim();
  if (filter.kind) query.kind = filter.kind;
  const iso = (local: string) => {
    const date = new Date(local);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  };
  const from = filter.from ? iso(filter.from) : undefined;
  const to = filter.to ? iso(filter.to) : undefined;
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
