/** The terminal log page's navigation path (server/metadata/navigation.json); ?terminal=<oid> picks the terminal. */
export const TERMINAL_LOG_PATH = '/service/terminals/log';
