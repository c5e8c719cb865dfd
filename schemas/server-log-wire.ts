/**
 * The server log as the server sends it and the log page reads it (GET /api/diagnostics/server-log, the hub's
 * ServerLogAppended; docs/operations.md). One shape for both sides, so they cannot drift.
 */

/** pino's level names, lowest first. */
export const LOG_LEVEL_NAMES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVEL_NAMES)[number];

/** One line of the server log. */
export interface ServerLogLine {
  /** Grows by one per line of this instance, from 1; `after=<seq>` pages on from a line. */
  seq: number;
  time: string;
  level: LogLevel;
  message: string;
  reqId?: string;
  method?: string;
  url?: string;
  /** The route's pattern (`/api/data/:area/:entity`), when the line belongs to a routed request. */
  route?: string;
  status?: number;
  /** The other fields of the line (an error's message and stack, a connection id), as compact JSON. */
  details?: string;
}

/** Which server instance a log is of: with several instances each serves its own buffer, and the page says whose. */
export interface ServerLogInstance {
  id: string;
  hostname: string;
  pid: number;
  startedAt: string;
}

/** The argument of ServerLogAppended: every new line in (afterSeq, lastSeq], oldest first. */
export interface ServerLogAppended {
  instanceId: string;
  /** The seq the batch continues from; a reader whose newest seq is lower missed lines (read them with after=). */
  afterSeq: number;
  lastSeq: number;
  records: ServerLogLine[];
}
