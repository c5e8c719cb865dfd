import { useEffect, useEffectEvent, useRef } from 'react';
import { useHub, useHubStatus } from '../../lib/hub/hub-provider';

/** The hub message that says which diagnostics list changed in which tenants (server/diagnostics/diagnostics-events.ts). */
export const DIAGNOSTICS_DATA_CHANGED = 'DiagnosticsDataChanged';
export type DiagnosticsTopic = 'unprocessed-documents' | 'document-locks';
/** While the hub is down, a list reads itself again this often: slow, as it is only a stand-in for the messages. */
export const OFFLINE_REFRESH_MS = 60_000;

/**
 * Follows one diagnostics list live: the hub says when a document lands in or leaves the queue, or a lock is taken,
 * renewed or released, in a tenant the user may read, and `onChange` reads the list again. Answers the refresh
 * interval the list should use: none while the hub is connected, a slow one while it is not (messages missed while
 * reconnecting are caught up by one read when it is back).
 */
export function useDiagnosticsLive(topic: DiagnosticsTopic, onChange: () => void): number {
  const hub = useHub();
  const { status } = useHubStatus();
  const changed = useEffectEvent(() => onChange());
  useEffect(() => {
    if (!hub) return;
    const offs = [
      hub.on<{ topics?: string[] }>(DIAGNOSTICS_DATA_CHANGED, (message) => {
        if (message?.topics?.includes(topic)) changed();
      }),
      hub.subscribeUntil('SubscribeDiagnostics', 'UnsubscribeDiagnostics'),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [hub, topic]);
  const connected = status === 'connected';
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) changed();
    wasConnected.current = connected;
  }, [connected]);
  return connected ? 0 : OFFLINE_REFRESH_MS;
}
