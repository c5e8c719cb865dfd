import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { useHub, useHubStatus } from '../../lib/hub/hub-provider';
import { applyConnectionChange } from './terminal-list';
import { SUBSCRIBE_TERMINAL_MONITORING, TERMINAL_CONNECTION_CHANGED, type TerminalConnectionChanged, type TerminalState } from './terminal-types';

export const CONNECTIONS_PATH = '/api/terminals/connections';

/** A burst of changes (a whole shop starting up) reads the list once. */
const REREAD_DELAY_MS = 1000;
/** Heartbeats and receipts are not pushed: the list is read again this often so "last heartbeat" and the documents stay true. */
const HEARTBEAT_REFRESH_MS = 10_000;

const fetchConnections = async (path: string) => (await apiGet<{ items: TerminalState[] }>(path)).items;

/**
 * The terminals the user may monitor, live: read once, then every TerminalConnectionChanged is applied to the row at
 * once and the list is read again shortly after (for the version, the documents and terminals added since). After a
 * reconnect of the hub the list is read again, as changes may have been missed while it was away.
 */
export function useTerminalMonitoring() {
  const hub = useHub();
  const { status } = useHubStatus();
  const swr = useSWR(CONNECTIONS_PATH, fetchConnections, { refreshInterval: HEARTBEAT_REFRESH_MS });
  const { mutate } = swr;
  const reread = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!hub) return;
    const unsubscribe = hub.subscribe(SUBSCRIBE_TERMINAL_MONITORING);
    const off = hub.on<TerminalConnectionChanged>(TERMINAL_CONNECTION_CHANGED, (change) => {
      void mutate((items) => (items ? applyConnectionChange(items, change) : items), { revalidate: false });
      clearTimeout(reread.current);
      reread.current = setTimeout(() => void mutate(), REREAD_DELAY_MS);
    });
    return () => {
      clearTimeout(reread.current);
      off();
      unsubscribe();
    };
  }, [hub, mutate]);

  const wasConnected = useRef(status === 'connected');
  useEffect(() => {
    if (status === 'connected' && !wasConnected.current) void mutate();
    wasConnected.current = status === 'connected';
  }, [status, mutate]);

  return { terminals: swr.data, error: swr.error as unknown, loading: swr.isLoading, live: status === 'connected' };
}
