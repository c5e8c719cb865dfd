/**
 * The terminal endpoint as the server reports it and the terminal pages read it (GET /api/terminals/connections,
 * GET /api/terminals/{id}/log, GET /api/terminals/server, the hub's TerminalConnectionChanged; docs/terminals.md).
 * One shape for both sides, so they cannot drift.
 */

/** One terminal's connection. */
export interface TerminalConnectionState {
  terminalOid: number;
  tenantOid: number;
  terminalNumber: number;
  name: string;
  /** The name of the terminal's location (null when it has none or the catalogue has no locations). */
  locationName: string | null;
  /** Connected, and heard from within the stale limit (an instance that died cannot mark its terminals). */
  connected: boolean;
  address: string | null;
  version: string | null;
  connectedAt: string | null;
  lastHeartbeatAt: string | null;
  disconnectedAt: string | null;
  /** Documents the terminal has handed in (each stored once). */
  documentsReceived: number;
}

/** The name of the hub message of a terminal that connected or went away. */
export const TERMINAL_CONNECTION_CHANGED = 'TerminalConnectionChanged';

/** The argument of TerminalConnectionChanged: ids and the new state (details: GET /api/terminals/connections). */
export interface TerminalConnectionChangedMessage {
  terminalOid: number;
  tenantOid: number;
  connected: boolean;
  at: string;
}

/** One line of a terminal's log, newest first. */
export interface TerminalLogEntry {
  id: number;
  at: string;
  event: 'connected' | 'disconnected' | 'receipt' | 'refused' | 'configuration';
  detail: Record<string, unknown> | null;
}

/** One server instance holding terminal sockets. */
export interface TerminalServerInstance {
  instanceId: string;
  connections: number;
  /** The latest heartbeat any of its terminals sent. */
  lastHeartbeatAt: string;
}

/** The terminal endpoint's state for the caller's tenants only. */
export interface TerminalServerState {
  /** The database's clock when read; "today" is the UTC day of this time. */
  at: string;
  instances: TerminalServerInstance[];
  connected: number;
  terminals: number;
  receiptsToday: number;
  receiptsLastHour: number;
  refusedToday: number;
}
