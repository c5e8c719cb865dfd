/** pino's levels, lowest first, as the server names them (docs/operations.md, the server log page). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One line of the server log, as GET /api/diagnostics/server-log and ServerLogAppended carry it. */
export interface ServerLogLine {
  seq: number;
  time: string;
  level: LogLevel;
  message: string;
  reqId?: string;
  method?: string;
  url?: string;
  route?: string;
  status?: number;
  details?: string;
}

/** The server instance whose log the page shows. */
export interface ServerLogInstance {
  id: string;
  hostname: string;
  pid: number;
  startedAt: string;
}

/** The answer of GET /api/diagnostics/server-log. */
export interface ServerLogPage {
  instance: ServerLogInstance;
  capacity: number;
  items: ServerLogLine[];
  lastSeq: number;
  firstSeq: number;
  hasMore: boolean;
}

/** The argument of the hub message ServerLogAppended: every new line in (afterSeq, lastSeq]. */
export interface ServerLogAppended {
  instanceId: string;
  afterSeq: number;
  lastSeq: number;
  records: ServerLogLine[];
}

/** What the page filters by: the lowest level shown and a text. */
export interface ServerLogFilter {
  level: LogLevel;
  text: string;
}
