import type { LogLevel, ServerLogInstance, ServerLogLine } from '../../../schemas/server-log-wire';

// The wire shapes are shared with the server (schemas/server-log-wire.ts).
export { LOG_LEVEL_NAMES as LOG_LEVELS, type LogLevel, type ServerLogAppended, type ServerLogInstance, type ServerLogLine } from '../../../schemas/server-log-wire';

/** The answer of GET /api/diagnostics/server-log. */
export interface ServerLogPage {
  instance: ServerLogInstance;
  capacity: number;
  items: ServerLogLine[];
  lastSeq: number;
  firstSeq: number;
  hasMore: boolean;
}

/** What the page filters by: the lowest level shown and a text. */
export interface ServerLogFilter {
  level: LogLevel;
  text: string;
}
