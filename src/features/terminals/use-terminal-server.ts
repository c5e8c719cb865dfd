import { useEffect } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { TERMINAL_CONNECTION_CHANGED, type TerminalServerState } from './terminal-types';

export const TERMINAL_SERVER_STATE_PATH = '/api/terminals/server';
/** Receipts are not announced on the hub: the counts are read again this often. */
const SERVER_REFRESH_MS = 10_000;

/**
 * The terminal endpoint's state (GET /api/terminals/server), read again on every connection change the hub reports
 * (heard only by users who also monitor terminals) and every few seconds.
 */
export function useTerminalServer() {
  const hub = useHub();
  const swr = useSWR(TERMINAL_SERVER_STATE_PATH, (path: string) => apiGet<TerminalServerState>(path), { refreshInterval: SERVER_REFRESH_MS });
  const { mutate } = swr;
  useEffect(() => {
    if (!hub) return;
    return hub.on(TERMINAL_CONNECTION_CHANGED, () => void mutate());
  }, [hub, mutate]);
  return { state: swr.data, error: swr.error as unknown, loading: swr.isLoading };
}
