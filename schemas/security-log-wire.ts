// The security log as `GET /api/admin/security-log` answers it: one shape for the server
// (server/identity/security-log.ts) and the page (src/features/security-log).

/** What the security log records (docs/auth.md "Security log"). */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-enrolled',
  'second-factor-removed',
  'second-factor-used',
  'second-factor-wrong-code',
  'recovery-code-used',
  'recovery-codes-regenerated',
  'passkey-enrolled',
  'passkey-removed',
  'passkey-used',
  'passkey-failed',
  'session-ended',
  'permission-changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** One recorded event. */
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

/** A page of the log, newest first, with the number of events the filter matches. */
export interface SecurityLogPage {
  items: SecurityLogEntry[];
  total: number;
}
