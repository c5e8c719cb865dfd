/** One terminal's connection as GET /api/terminals/connections answers it (docs/terminals.md). */
export interface TerminalState {
  terminalOid: number;
  tenantOid: number;
  terminalNumber: number;
  name: string;
  locationName: string | null;
  connected: boolean;
  address: string | null;
  version: string | null;
  connectedAt: string | null;
  lastHeartbeatAt: string | null;
  disconnectedAt: string | null;
  documentsReceived: number;
}

/** The hub message of a terminal that connected or went away. */
export interface TerminalConnectionChanged {
  terminalOid: number;
  tenantOid: number;
  connected: boolean;
  at: string;
}

/** One line of a terminal's log, newest first (GET /api/terminals/{id}/log). */
export interface TerminalLogLine {
  id: number;
  at: string;
  event: 'connected' | 'disconnected' | 'receipt' | 'refused';
  detail: Record<string, unknown> | null;
}

/** GET /api/terminals/server. */
export interface TerminalServerState {
  at: string;
  instances: { instanceId: string; connections: number; lastHeartbeatAt: string }[];
  connected: number;
  terminals: number;
  receiptsToday: number;
  receiptsLastHour: number;
  refusedToday: number;
}

export const TERMINAL_CONNECTION_CHANGED = 'TerminalConnectionChanged';
export const SUBSCRIBE_TERMINAL_MONITORING = 'SubscribeTerminalMonitoring';
