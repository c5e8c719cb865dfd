import type { TerminalServerState } from '../../schemas/terminal-wire';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';

/** The terminal server page: its Read permission, in a tenant, lets a user see that tenant's share of the endpoint. */
export const TERMINAL_SERVER_PATH = '/service/terminal-server';

export type { TerminalServerInstance, TerminalServerState } from '../../schemas/terminal-wire';

/**
 * Counts of the terminal endpoint across every instance, read from the shared tables: connections that are live
 * (heard from within the stale limit) grouped by the instance holding them, and documents handed in today (UTC)
 * and in the last hour.
 */
export async function readTerminalServerState(db: Queryable, posTable: string, tenantOids: readonly number[], staleAfterMs: number): Promise<TerminalServerState> {
  const live = `connected and last_heartbeat_at > now() - make_interval(secs => $2::double precision / 1000) and tenant_oid = any($1::bigint[])`;
  const instances = await db.query<{ instance_id: string; connections: string | number; last_heartbeat_at: string }>(
    `select instance_id, count(*) as connections, max(last_heartbeat_at) as last_heartbeat_at from mate_terminal_connection
      where ${live} group by instance_id order by instance_id`,
    [tenantOids, staleAfterMs],
  );
  const counts = await db.query<Record<string, string | number>>(
    `select now() as at,
            (select count(*) from ${q(posTable)} where "TenantOid" = any($1::bigint[])) as terminals,
            (select count(*) from mate_terminal_document where tenant_oid = any($1::bigint[]) and received_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as receipts_today,
            (select count(*) from mate_terminal_document where tenant_oid = any($1::bigint[]) and received_at >= now() - interval '1 hour') as receipts_last_hour,
            (select count(*) from mate_terminal_log where tenant_oid = any($1::bigint[]) and event = 'refused' and at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as refused_today`,
    [tenantOids],
  );
  const row = counts.rows[0]!;
  const listed = instances.rows.map((instance) => ({ instanceId: instance.instance_id, connections: Number(instance.connections), lastHeartbeatAt: new Date(instance.last_heartbeat_at).toISOString() }));
  return {
    at: new Date(row.at as string).toISOString(),
    instances: listed,
    connected: listed.reduce((sum, instance) => sum + instance.connections, 0),
    terminals: Number(row.terminals),
    receiptsToday: Number(row.receipts_today),
    receiptsLastHour: Number(row.receipts_last_hour),
    refusedToday: Number(row.refused_today),
  };
}
