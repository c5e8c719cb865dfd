import type { CallRecord } from '../api/api-client';

/** Entries kept and refresh interval of spec 1 §9. */
export const ACTIVITY_LIMIT = 16;
export const ACTIVITY_REFRESH_MS = 500;

/** One call in the list; status and durationMs are undefined while it runs. */
export interface ActivityEntry {
  id: number;
  method: string;
  url: string;
  status?: number;
  bytesUp: number;
  bytesDown?: number;
  startedAt: number;
  durationMs?: number;
}

/** The network-activity list: newest first, 16 kept; while a call runs listeners hear a tick every 500 ms. */
export interface ActivityLog {
  start: (call: { method: string; url: string; bytesUp: number }) => (done: CallRecord) => void;
  getSnapshot: () => readonly ActivityEntry[];
  subscribe: (listener: () => void) => () => void;
  /** The duration to show: final when finished, else the time so far. */
  durationOf: (entry: ActivityEntry) => number;
  isRunning: () => boolean;
}

/** Creates a log; `now` is the clock in ms. */
export function createActivityLog(now: () => number = () => Date.now()): ActivityLog {
  let entries: readonly ActivityEntry[] = [];
  let nextId = 1;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const isRunning = () => entries.some((entry) => entry.durationMs === undefined);
  const syncTicker = () => {
    if (isRunning() && ticker === undefined) ticker = setInterval(emit, ACTIVITY_REFRESH_MS);
    if (!isRunning() && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };

  return {
    start: (call) => {
      const id = nextId++;
      entries = [{ id, method: call.method, url: call.url, bytesUp: call.bytesUp, startedAt: now() }, ...entries].slice(0, ACTIVITY_LIMIT);
      syncTicker();
      emit();
      return (done) => {
        entries = entries.map((entry) => (entry.id === id ? { ...entry, status: done.status, bytesDown: done.bytesDown, durationMs: done.durationMs } : entry));
        syncTicker();
        emit();
      };
    },
    getSnapshot: () => entries,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    durationOf: (entry) => entry.durationMs ?? now() - entry.startedAt,
    isRunning,
  };
}

/** The app's list, fed by the API client. */
export const networkActivity = createActivityLog();
