// The server log feature's public face: the page of /diagnostics/logs (component key 'server-log').
export { ServerLogPage } from './server-log-page';
