import type { Database, Queryable } from '../db/database';
import { IDENTITY_TABLES } from './identity-tables';
import type { SecurityEventKind, SecurityLogPage } from '../../schemas/security-log-wire';

export { SECURITY_EVENT_KINDS, type SecurityEventKind, type SecurityLogEntry } from '../../schemas/security-log-wire';

export interface SecurityEvent {
  kind: SecurityEventKind;
  userOid?: number | null;
  username?: string | null;
  address?: string | null;
  userAgent?: string | null;
  /** Who did it when that is someone else than the user (an administrator ending sessions). */
  actorOid?: number | null;
  detail?: Record<string, unknown>;
  /** ms; the app's clock, so tests can move time. */
  at: number;
}

/** The longest user agent kept: the header is the client's to choose. */
const MAX_USER_AGENT = 400;

export async function writeSecurityEvent(db: Queryable, event: SecurityEvent): Promise<void> {
  await db.query(
    `insert into mate_security_log (at, kind, user_oid, username, address, user_agent, actor_oid, detail) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      new Date(event.at),
      event.kind,
      event.userOid ?? null,
      event.username ?? null,
      event.address ?? null,
      event.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      event.actorOid ?? null,
      JSON.stringify(event.detail ?? {}),
    ],
  );
}

export interface SecurityLogQuery {
  userOid?: number;
  /** The username, case-insensitive (as the event kept it, else as the user is named now). */
  username?: string;
  kind?: SecurityEventKind;
  from?: string;
  to?: string;
  skip: number;
  take: number;
}

/** The log newest first, filtered by user, kind and time (from inclusive, to exclusive), with its total. */
export async function querySecurityLog(db: Database, query: SecurityLogQuery): Promise<SecurityLogPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (query.userOid !== undefined) add('l.user_oid = ?', query.userOid);
  if (query.username !== undefined) add(`lower(coalesce(l.username, u."UserName")) = lower(?)`, query.username);
  if (query.kind !== undefined) add('l.kind = ?', query.kind);
  if (query.from !== undefined) add('l.at >= ?', new Date(query.from));
  if (query.to !== undefined) add('l.at < ?', new Date(query.to));
  const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const total = await db.query<{ count: string | number }>(
    `select count(*) as count from mate_security_log l left join ${IDENTITY_TABLES.user} u on u."Oid" = l.user_oid ${filter}`,
    params,
  );
  const rows = await db.query<{
    oid: string | number;
    at: Date | string;
    kind: string;
    user_oid: string | number | null;
    username: string | null;
    address: string | null;
    user_agent: string | null;
    actor_oid: string | number | null;
    actor_name: string | null;
    detail: Record<string, unknown> | string;
  }>(
    // The name as it is now when the event did not keep one (the permission triggers know only the oid).
    `select l.oid, l.at, l.kind, l.user_oid, coalesce(l.username, u."UserName") as username, l.address, l.user_agent, l.actor_oid,
            a."UserName" as actor_name, l.detail
       from mate_security_log l
       left join ${IDENTITY_TABLES.user} u on u."Oid" = l.user_oid
       left join ${IDENTITY_TABLES.user} a on a."Oid" = l.actor_oid
       ${filter}
      order by l.at desc, l.oid desc
      offset $${params.length + 1} limit $${params.length + 2}`,
    [...params, query.skip, query.take],
  );
  const num = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    total: Number(total.rows[0]?.count ?? 0),
    items: rows.rows.map((row) => ({
      oid: Number(row.oid),
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      userOid: num(row.user_oid),
      username: row.username,
      address: row.address,
      userAgent: row.user_agent,
      actorOid: num(row.actor_oid),
      actorName: row.actor_name,
      detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, unknown>) : row.detail,
    })),
  };
}
