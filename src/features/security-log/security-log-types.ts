/** The kinds the server records (server/identity/security-log.ts). */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-enrolled',
  'second-factor-removed',
  'second-factor-used',
  'second-factor-wrong-code',
  'recovery-code-used',
  'session-ended',
  'permission-changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export interface SecurityLogEntry {
  oid: number;
  at: string;
  kind: string;
  userOid: number | null;
  username: string | null;
  address: string | null;
  userAgent: string | null;
  actorOid: number | null;
  actorName: string | null;
  detail: Record<string, unknown>;
}

export interface SecurityLogPage {
  items: SecurityLogEntry[];
  total: number;
}

/** What the page filters by; empty strings are "any". */
export interface SecurityLogFilter {
  username: string;
  kind: SecurityEventKind | '';
  /** `datetime-local` values, in the browser's time zone. */
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
