/** Where terminals open their WebSocket (a module of its own, so the simulator does not load the server). */
export const TERMINAL_SOCKET_PATH = '/api/terminals/socket';
