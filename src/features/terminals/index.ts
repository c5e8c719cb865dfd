// The terminals feature's public face: the pages of /service/terminals, its log and the terminal server.
export { TerminalMonitoringPage } from './terminal-monitoring-page';
export { TerminalLogPage } from './terminal-log-page';
export { TerminalServerPage } from './terminal-server-page';
