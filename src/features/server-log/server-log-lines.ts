import { LOG_LEVELS, type LogLevel, type ServerLogFilter, type ServerLogLine } from './server-log-types';

/** Most lines the page holds; older ones fall off the top (the server keeps 2,000 by default). */
export const MAX_HELD_LINES = 2_000;

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/** The same test the server applies to `level` and `q`, so live lines are filtered as the first page was. */
export function lineMatches(line: ServerLogLine, filter: ServerLogFilter): boolean {
  if (rank(line.level) < rank(filter.level)) return false;
  const needle = filter.text.trim().toLowerCase();
  if (!needle) return true;
  return [line.message, line.reqId, line.method, line.url, line.route, line.details].some((field) => field !== undefined && field.toLowerCase().includes(needle));
}

/** Adds new lines after the held ones (by seq, without repeats) and keeps the newest MAX_HELD_LINES. */
export function appendLines(held: readonly ServerLogLine[], incoming: readonly ServerLogLine[], limit = MAX_HELD_LINES): ServerLogLine[] {
  const last = held.length > 0 ? held[held.length - 1]!.seq : 0;
  const fresh = incoming.filter((line) => line.seq > last);
  if (fresh.length === 0) return held as ServerLogLine[];
  const all = [...held, ...fresh];
  return all.length > limit ? all.slice(all.length - limit) : all;
}

/** What to do with a pushed batch, given the newest seq the page has read. */
export type BatchVerdict = 'ignore' | 'append' | 'reload' | 'foreign';

/**
 * A batch that starts past what the page has read (lines were missed: a reconnect, a burst over the batch limit)
 * means reading again; a batch the page already has is ignored. A batch of another instance than the one the
 * page read from ('foreign': the hub's connection and the HTTP calls reached different instances) cannot be
 * joined to the list at all.
 */
export function judgeBatch(batch: { instanceId: string; afterSeq: number; lastSeq: number }, instanceId: string, readUpTo: number): BatchVerdict {
  if (batch.instanceId !== instanceId) return 'foreign';
  if (batch.lastSeq <= readUpTo) return 'ignore';
  return batch.afterSeq > readUpTo ? 'reload' : 'append';
}

/** One line as plain text, for the clipboard. */
export function lineAsText(line: ServerLogLine): string {
  const request = [line.reqId, line.method, line.url, line.status].filter((part) => part !== undefined).join(' ');
  return [line.time, line.level.toUpperCase(), line.message, request, line.details].filter(Boolean).join('  ');
}
