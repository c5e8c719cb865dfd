// The wire shapes are shared with the server (schemas/terminal-wire.ts).
export type {
  TerminalConnectionState as TerminalState,
  TerminalConnectionChangedMessage as TerminalConnectionChanged,
  TerminalLogEntry as TerminalLogLine,
  TerminalServerState,
} from '../../../schemas/terminal-wire';
export { TERMINAL_CONNECTION_CHANGED } from '../../../schemas/terminal-wire';
export const SUBSCRIBE_TERMINAL_MONITORING = 'SubscribeTerminalMonitoring';
