import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { appendLines, judgeBatch, lineMatches, MAX_HELD_LINES } from './server-log-lines';
import type { ServerLogAppended, ServerLogFilter, ServerLogInstance, ServerLogLine, ServerLogPage } from './server-log-types';
import { useLatest } from '../../lib/ui/use-latest';

/** How many lines the page reads at first and after a filter change. */
const FIRST_READ = 500;

export interface ServerLogState {
  instance: ServerLogInstance | undefined;
  /** The lines held, oldest first, already filtered. */
  lines: ServerLogLine[];
  /** The server had more matching lines than the page read. */
  truncated: boolean;
  loading: boolean;
  error: unknown;
  /** Live lines arrive from another instance than the list's (no sticky sessions): the list does not follow. */
  liveElsewhere: boolean;
}

const read = (filter: ServerLogFilter) => apiGet<ServerLogPage>('/api/diagnostics/server-log', { take: FIRST_READ, level: filter.level, ...(filter.text.trim() ? { q: filter.text.trim() } : {}) });

/**
 * The server log as the page shows it: the newest matching lines read over HTTP, then new lines pushed by the hub
 * (SubscribeServerLog) appended as they come; a gap in the pushes reads again. `clear` empties the view only.
 */
export function useServerLog(filter: ServerLogFilter): ServerLogState & { clear(): void; reload(): void } {
  const hub = useHub();
  const [state, setState] = useState<ServerLogState>({ instance: undefined, lines: [], truncated: false, loading: true, error: undefined, liveElsewhere: false });
  /** The newest seq read (matching or not): pushes continue from here. */
  const readUpTo = useRef(0);
  const instanceId = useRef<string | undefined>(undefined);
  /** Batches that arrive while a read is under way wait for it. */
  const waiting = useRef<ServerLogAppended[] | undefined>(undefined);
  const filterRef = useLatest(filter);
  const generation = useRef(0);

  const apply = useCallback((batch: ServerLogAppended, reloadNow: () => void) => {
    if (waiting.current) {
      waiting.current.push(batch);
      return;
    }
    const verdict = judgeBatch(batch, instanceId.current ?? '', readUpTo.current);
    if (verdict === 'foreign') return setState((current) => (current.liveElsewhere ? current : { ...current, liveElsewhere: true }));
    if (verdict === 'reload') return reloadNow();
    if (verdict === 'ignore') return;
    const fresh = batch.records.filter((line) => line.seq > readUpTo.current && lineMatches(line, filterRef.current));
    readUpTo.current = batch.lastSeq;
    if (fresh.length > 0) setState((current) => ({ ...current, lines: appendLines(current.lines, fresh) }));
  }, [filterRef]);

  const reload = useCallback(function reloadNow() {
    const mine = (generation.current += 1);
    waiting.current = [];
    setState((current) => ({ ...current, loading: true, error: undefined }));
    read(filterRef.current).then(
      (page) => {
        if (mine !== generation.current) return;
        readUpTo.current = page.lastSeq;
        instanceId.current = page.instance.id;
        const held = waiting.current ?? [];
        waiting.current = undefined;
        setState({ instance: page.instance, lines: page.items.slice(-MAX_HELD_LINES), truncated: page.hasMore, loading: false, error: undefined, liveElsewhere: false });
        for (const batch of held) apply(batch, reloadNow);
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        waiting.current = undefined;
        setState((current) => ({ ...current, loading: false, error }));
      },
    );
  }, [apply, filterRef]);

  // A new filter reads again: the server searches all it keeps, not just the lines held here.
  useEffect(() => {
    reload();
  }, [reload, filter.level, filter.text]);

  useEffect(() => {
    if (!hub) return;
    const off = hub.on<ServerLogAppended>('ServerLogAppended', (batch) => apply(batch, reload));
    const forget = hub.subscribe('SubscribeServerLog');
    return () => {
      off();
      forget();
      hub.invoke('UnsubscribeServerLog').catch(() => undefined);
    };
  }, [hub, apply, reload]);

  const clear = useCallback(() => setState((current) => ({ ...current, lines: [], truncated: false })), []);
  return { ...state, clear, reload };
}
