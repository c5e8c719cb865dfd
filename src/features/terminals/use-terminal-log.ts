import { useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';
import { apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { SUBSCRIBE_TERMINAL_MONITORING, TERMINAL_CONNECTION_CHANGED, type TerminalConnectionChanged, type TerminalLogLine, type TerminalState } from './terminal-types';

/** Lines per page. */
export const LOG_PAGE_SIZE = 50;
/**
 * Receipts are not announced on the hub (only connection changes are), so the newest page is also read again this
 * often while the log is open.
 */
const LOG_REFRESH_MS = 10_000;

interface LogPage {
  terminal: TerminalState | undefined;
  items: TerminalLogLine[];
}

type LogKey = readonly ['terminal-log', number, number | undefined];

const fetchPage = ([, oid, beforeId]: LogKey) => apiGet<LogPage>(`/api/terminals/${oid}/log`, { take: LOG_PAGE_SIZE, beforeId });

/**
 * A terminal's log, newest first, a page at a time ("older lines" reads the next page before the oldest line shown);
 * read again when the terminal connects or disconnects and every few seconds, so new lines appear on their own.
 */
export function useTerminalLog(terminalOid: number | undefined) {
  const hub = useHub();
  const swr = useSWRInfinite<LogPage>(
    (index, previous: LogPage | null): LogKey | null => {
      if (terminalOid === undefined) return null;
      if (index === 0) return ['terminal-log', terminalOid, undefined];
      if (!previous || previous.items.length < LOG_PAGE_SIZE) return null;
      return ['terminal-log', terminalOid, previous.items.at(-1)!.id];
    },
    fetchPage as (key: LogKey) => Promise<LogPage>,
    { refreshInterval: LOG_REFRESH_MS },
  );
  const { mutate } = swr;

  useEffect(() => {
    if (!hub || terminalOid === undefined) return;
    const unsubscribe = hub.subscribe(SUBSCRIBE_TERMINAL_MONITORING);
    const off = hub.on<TerminalConnectionChanged>(TERMINAL_CONNECTION_CHANGED, (change) => {
      if (change.terminalOid === terminalOid) void mutate();
    });
    return () => {
      off();
      unsubscribe();
    };
  }, [hub, terminalOid, mutate]);

  const pages = swr.data ?? [];
  const last = pages.at(-1);
  return {
    terminal: pages[0]?.terminal,
    lines: pages.flatMap((page) => page.items),
    error: swr.error as unknown,
    loading: swr.isLoading,
    loadingMore: swr.isValidating && swr.size > pages.length,
    hasMore: !!last && last.items.length === LOG_PAGE_SIZE,
    loadMore: () => void swr.setSize(swr.size + 1),
  };
}
