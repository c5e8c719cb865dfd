import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_LIMIT, createActivityLog } from './network-activity';

describe('network activity log', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the 16 newest calls with method, status, URL, bytes and duration', () => {
    const log = createActivityLog();
    for (let i = 0; i < 20; i += 1) log.start({ method: 'GET', url: `/api/x?i=${i}`, bytesUp: 0 })({ method: 'GET', url: `/api/x?i=${i}`, status: 200, bytesUp: 0, bytesDown: 10, durationMs: 5 });
    const entries = log.getSnapshot();
    expect(entries).toHaveLength(ACTIVITY_LIMIT);
    expect(entries[0]).toMatchObject({ method: 'GET', url: '/api/x?i=19', status: 200, bytesDown: 10, durationMs: 5 });
  });

  it('ticks every 500 ms while a call runs and stops when all are done', () => {
    const log = createActivityLog();
    const listener = vi.fn();
    log.subscribe(listener);
    const done = log.start({ method: 'POST', url: '/api/y', bytesUp: 12 });
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(log.durationOf(log.getSnapshot()[0]!)).toBe(1000);
    done({ method: 'POST', url: '/api/y', status: 201, bytesUp: 12, bytesDown: 3, durationMs: 1100 });
    expect(log.isRunning()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(4);
    expect(log.durationOf(log.getSnapshot()[0]!)).toBe(1100);
  });
});
