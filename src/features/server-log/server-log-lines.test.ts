import { describe, expect, it } from 'vitest';
import { appendLines, judgeBatch, lineAsText, lineMatches } from './server-log-lines';
import type { ServerLogLine } from './server-log-types';

const line = (seq: number, extra: Partial<ServerLogLine> = {}): ServerLogLine => ({ seq, time: '2026-01-02T03:04:05.000Z', level: 'info', message: `line ${seq}`, ...extra });

describe('server log lines', () => {
  it('filters by the lowest level and by text in message, request id, URL and details, case-insensitively', () => {
    expect(lineMatches(line(1, { level: 'debug' }), { level: 'info', text: '' })).toBe(false);
    expect(lineMatches(line(1, { level: 'error' }), { level: 'warn', text: '' })).toBe(true);
    expect(lineMatches(line(1, { reqId: 'req-42' }), { level: 'trace', text: 'REQ-42' })).toBe(true);
    expect(lineMatches(line(1, { url: '/api/info' }), { level: 'trace', text: 'api/INFO' })).toBe(true);
    expect(lineMatches(line(1, { details: '{"err":"disk full"}' }), { level: 'trace', text: 'disk' })).toBe(true);
    expect(lineMatches(line(1), { level: 'trace', text: 'nothing like it' })).toBe(false);
  });

  it('appends only newer lines and keeps the newest up to the limit', () => {
    const held = [line(1), line(2)];
    expect(appendLines(held, [line(2), line(3)]).map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(appendLines(held, [line(1)])).toBe(held);
    expect(appendLines(held, [line(3), line(4)], 3).map((l) => l.seq)).toEqual([2, 3, 4]);
  });

  it('reads again after a gap, refuses another instance, ignores what it has, appends the rest', () => {
    expect(judgeBatch({ instanceId: 'a', afterSeq: 10, lastSeq: 12 }, 'a', 10)).toBe('append');
    expect(judgeBatch({ instanceId: 'a', afterSeq: 8, lastSeq: 12 }, 'a', 10)).toBe('append');
    expect(judgeBatch({ instanceId: 'a', afterSeq: 11, lastSeq: 12 }, 'a', 10)).toBe('reload');
    expect(judgeBatch({ instanceId: 'a', afterSeq: 5, lastSeq: 9 }, 'a', 10)).toBe('ignore');
    expect(judgeBatch({ instanceId: 'b', afterSeq: 10, lastSeq: 12 }, 'a', 10)).toBe('foreign');
  });

  it('copies a line as one text with its request', () => {
    expect(lineAsText(line(7, { level: 'warn', reqId: 'req-1', method: 'GET', url: '/x', status: 401 }))).toBe('2026-01-02T03:04:05.000Z  WARN  line 7  req-1 GET /x 401');
  });
});
