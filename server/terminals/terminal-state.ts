import type { TerminalConnectionState, TerminalLogEntry } from '../../schemas/terminal-wire';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import type { TerminalIdentity } from './terminal-credentials';

export type { TerminalConnectionState, TerminalLogEntry } from '../../schemas/terminal-wire';

/** The tables the states are read from: the POS terminal records and, when the catalogue has them, the locations. */
export interface TerminalTables {
  pos: string;
  location?: string;
}

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** Writes a log line of the terminal. */
export async function logTerminalEvent(db: Queryable, terminal: Pick<TerminalIdentity, 'terminalOid' | 'tenantOid'>, event: TerminalLogEntry['event'], detail: Record<string, unknown>): Promise<void> {
  await db.query('insert into mate_terminal_log (terminal_oid, tenant_oid, event, detail) values ($1, $2, $3, $4)', [terminal.terminalOid, terminal.tenantOid, event, JSON.stringify(detail)]);
}

/** The terminal's row becomes this connection's, connected now; answers the time of the change. */
export async function markConnected(
  db: Queryable,
  terminal: TerminalIdentity,
  connection: { connectionId: string; instanceId: string; address: string; version: string | null },
): Promise<string> {
  const row = await db.query<{ at: string }>(
    `insert into mate_terminal_connection (terminal_oid, tenant_oid, connected, connection_id, instance_id, address, version, connected_at, last_heartbeat_at, disconnected_at)
     values ($1, $2, true, $3, $4, $5, $6, now(), now(), null)
     on conflict (terminal_oid) do update set tenant_oid = excluded.tenant_oid, connected = true, connection_id = excluded.connection_id,
       instance_id = excluded.instance_id, address = excluded.address, version = excluded.version, connected_at = excluded.connected_at,
       last_heartbeat_at = excluded.last_heartbeat_at, disconnected_at = null
     returning connected_at as at`,
    [terminal.terminalOid, terminal.tenantOid, connection.connectionId, connection.instanceId, connection.address, connection.version],
  );
  await logTerminalEvent(db, terminal, 'connected', { address: connection.address, version: connection.version, connectionId: connection.connectionId });
  return iso(row.rows[0]!.at)!;
}

/** A heartbeat of the connection that holds the row (a replaced connection's heartbeats change nothing). */
export async function recordHeartbeat(db: Queryable, terminalOid: number, connectionId: string, version: string | undefined): Promise<boolean> {
  const updated = await db.query(
    `update mate_terminal_connection set last_heartbeat_at = now(), version = coalesce($3, version)
      where terminal_oid = $1 and connection_id = $2 and connected`,
    [terminalOid, connectionId, version ?? null],
  );
  return updated.rowCount > 0;
}

/**
 * The connection ended. Only the connection that holds the row marks it disconnected, so a terminal that already
 * reconnected (maybe on another instance) stays connected; answers the time when this changed the state.
 */
export async function markDisconnected(db: Queryable, terminal: TerminalIdentity, connectionId: string, reason: string): Promise<string | undefined> {
  const row = await db.query<{ at: string }>(
    `update mate_terminal_connection set connected = false, disconnected_at = now()
      where terminal_oid = $1 and connection_id = $2 and connected returning disconnected_at as at`,
    [terminal.terminalOid, connectionId],
  );
  await logTerminalEvent(db, terminal, 'disconnected', { reason, connectionId });
  return row.rowCount > 0 ? iso(row.rows[0]!.at)! : undefined;
}

/**
 * Every POS terminal of the tenants with its connection state, by tenant and terminal number. A terminal whose
 * last heartbeat is older than `staleAfterMs` counts as disconnected: the instance that held it may have died.
 */
export async function listTerminalStates(db: Queryable, tables: TerminalTables, tenantOids: readonly number[], staleAfterMs: number, terminalOid?: number): Promise<TerminalConnectionState[]> {
  if (tenantOids.length === 0) return [];
  const location = tables.location
    ? { column: 'l."Name" as location_name', join: `left join ${q(tables.location)} l on l."Oid" = t."LocationOid"` }
    : { column: 'null as location_name', join: '' };
  const rows = await db.query<Record<string, unknown>>(
    `select t."Oid" as terminal_oid, t."TenantOid" as tenant_oid, t."TerminalNumber" as terminal_number, t."Name" as name, ${location.column},
            coalesce(c.connected and c.last_heartbeat_at > now() - make_interval(secs => $2::double precision / 1000), false) as connected,
            c.address, c.version, c.connected_at, c.last_heartbeat_at, c.disconnected_at, coalesce(d.received, 0) as documents_received
       from ${q(tables.pos)} t left join mate_terminal_connection c on c.terminal_oid = t."Oid"
       ${location.join}
       left join (select terminal_oid, count(*) as received from mate_terminal_document where tenant_oid = any($1::bigint[]) group by terminal_oid) d on d.terminal_oid = t."Oid"
      where t."TenantOid" = any($1::bigint[]) and ($3::bigint is null or t."Oid" = $3)
      order by t."TenantOid", t."TerminalNumber", t."Oid"`,
    [tenantOids, staleAfterMs, terminalOid ?? null],
  );
  return rows.rows.map((row) => ({
    terminalOid: Number(row.terminal_oid),
    tenantOid: Number(row.tenant_oid),
    terminalNumber: Number(row.terminal_number),
    name: String(row.name ?? ''),
    locationName: (row.location_name as string | null) ?? null,
    connected: row.connected === true,
    address: (row.address as string | null) ?? null,
    version: (row.version as string | null) ?? null,
    connectedAt: iso(row.connected_at),
    lastHeartbeatAt: iso(row.last_heartbeat_at),
    disconnectedAt: iso(row.disconnected_at),
    documentsReceived: Number(row.documents_received),
  }));
}

/** The newest `take` lines of a terminal's log older than line `beforeId` (all when undefined), newest first. */
export async function readTerminalLog(db: Queryable, terminalOid: number, take: number, beforeId?: number): Promise<TerminalLogEntry[]> {
  const rows = await db.query<{ id: string | number; at: string; event: TerminalLogEntry['event']; detail: Record<string, unknown> | string | null }>(
    'select id, at, event, detail from mate_terminal_log where terminal_oid = $1 and ($3::bigint is null or id < $3) order by id desc limit $2',
    [terminalOid, take, beforeId ?? null],
  );
  return rows.rows.map((row) => ({ id: Number(row.id), at: iso(row.at)!, event: row.event, detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, unknown>) : row.detail }));
}

/** A connection the sweep found stale and marked disconnected. */
export interface SweptConnection {
  terminalOid: number;
  tenantOid: number;
  connectionId: string;
  at: string;
}

/**
 * Marks disconnected every connected row whose last heartbeat is older than `staleAfterMs` and that another instance
 * holds: that instance stopped answering (killed, lost its network or database) and cannot mark its terminals. One
 * UPDATE, so of several instances sweeping at once each row is marked by one; each gets a `disconnected` log line.
 */
export async function sweepStaleConnections(db: Queryable, instanceId: string, staleAfterMs: number): Promise<SweptConnection[]> {
  const swept = await db.query<{ terminal_oid: string | number; tenant_oid: string | number; connection_id: string; at: string }>(
    `update mate_terminal_connection set connected = false, disconnected_at = now()
      where connected and instance_id <> $1 and last_heartbeat_at < now() - make_interval(secs => $2::double precision / 1000)
      returning terminal_oid, tenant_oid, connection_id, disconnected_at as at`,
    [instanceId, staleAfterMs],
  );
  const rows = swept.rows.map((row) => ({ terminalOid: Number(row.terminal_oid), tenantOid: Number(row.tenant_oid), connectionId: row.connection_id, at: iso(row.at)! }));
  for (const row of rows) {
    await logTerminalEvent(db, row, 'disconnected', { reason: `its server instance stopped answering: no heartbeat for ${Math.round(staleAfterMs / 1000)} s`, connectionId: row.connectionId });
  }
  return rows;
}

/**
 * The instance holding the terminal's socket, by the shared connection row; undefined when it is not connected or its
 * row is stale (the holder stopped answering, so nobody would answer a ping relayed to it).
 */
export async function terminalHolder(db: Queryable, terminalOid: number, staleAfterMs: number): Promise<string | undefined> {
  const found = await db.query<{ instance_id: string }>(
    `select instance_id from mate_terminal_connection
      where terminal_oid = $1 and connected and last_heartbeat_at > now() - make_interval(secs => $2::double precision / 1000)`,
    [terminalOid, staleAfterMs],
  );
  return found.rows[0]?.instance_id;
}
