import { LOG_LEVEL_NAMES as SHARED_LEVEL_NAMES, type LogLevel, type ServerLogLine } from '../../schemas/server-log-wire';
import { redactUrl } from '../lib/redact';

/** pino's level names by number; the log page filters by the lowest level it shows. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const satisfies Record<LogLevel, number>;
/** One pino level name. */
export type LogLevelName = LogLevel;
export const LOG_LEVEL_NAMES: readonly LogLevelName[] = SHARED_LEVEL_NAMES;

/** One line of the server log as the log page reads it (GET /api/diagnostics/server-log, ServerLogAppended). */
export type ServerLogRecord = ServerLogLine;

/** Fields that become columns of the record, or that say nothing on a one-instance page (pid, hostname). */
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'msg', 'reqId', 'req', 'res', 'pid', 'hostname', 'v']);
/** Keys whose values never reach the page, whatever the logger's own redaction missed (a secret logged by name). */
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|api[-_]?key|credential/i;
/** Longest `details` kept: one runaway object must not fill the buffer's memory. */
export const MAX_DETAILS_LENGTH = 4_000;
const MAX_MESSAGE_LENGTH = 2_000;

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[redacted]' : scrub(inner, depth + 1)]));
}

function levelName(level: unknown): LogLevelName {
  if (typeof level !== 'number') return 'info';
  let name: LogLevelName = 'trace';
  for (const candidate of LOG_LEVEL_NAMES) if (level >= LOG_LEVELS[candidate]) name = candidate;
  return name;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const clip = (value: string, length: number) => (value.length > length ? `${value.slice(0, length - 1)}…` : value);

/**
 * A pino line (already through the logger's redaction) as a record, with a second pass of redaction over what
 * the page shows: secrets in URLs and in fields named like a secret. Undefined for a line that is not JSON.
 */
export function toServerLogRecord(line: string, seq: number): ServerLogRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const fields = parsed as Record<string, unknown>;
  const req = (fields.req ?? {}) as Record<string, unknown>;
  const res = (fields.res ?? {}) as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !SHOWN_ELSEWHERE.has(key)));
  // Fastify's response time has a dozen decimals; a tenth of a millisecond is all a reader needs.
  if (typeof rest.responseTime === 'number') rest.responseTime = Math.round(rest.responseTime * 10) / 10;
  const details = Object.keys(rest).length > 0 ? clip(JSON.stringify(scrub(rest, 0)), MAX_DETAILS_LENGTH) : undefined;
  const url = text(req.url) ?? text(res.url);
  const status = typeof res.statusCode === 'number' ? res.statusCode : undefined;
  return {
    seq,
    time: new Date(typeof fields.time === 'number' ? fields.time : Date.now()).toISOString(),
    level: levelName(fields.level),
    message: clip(redactUrl(text(fields.msg) ?? ''), MAX_MESSAGE_LENGTH),
    ...(text(fields.reqId) ? { reqId: text(fields.reqId) } : {}),
    ...(text(req.method) ?? text(res.method) ? { method: text(req.method) ?? text(res.method) } : {}),
    ...(url ? { url: redactUrl(url) } : {}),
    ...(text(res.route) ? { route: text(res.route) } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(details ? { details } : {}),
  };
}
