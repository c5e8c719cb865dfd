import { useCallback, useEffect, useReducer } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { useTenancy } from '../../shell/tenancy-context';
import { bridgeLiveReducer, EMPTY_BRIDGE } from './bridge-live-state';
import { NEW_JOB_MARK, type BridgeJob, type BridgeJobDefinition, type BridgeState } from './bridge-types';

/** How long a newly seen run keeps its "new" highlight. */
const NEW_MARK_MS = 4000;

export const UPDATE_BRIDGE_STATE = 'UpdateBridgeState';
export const UPDATE_BRIDGE_JOBS = 'UpdateBridgeJobs';

/**
 * The bridge of the current tenant, live: read once over REST, then followed through the hub (the subscriptions are
 * made again by the hub session after a reconnect, and anew when the tenant changes). `followJobs` also subscribes to
 * the job messages (the page; the dashboard card needs the state only). Start and cancel go through the hub.
 */
export function useBridge({ followJobs, enabled = true }: { followJobs: boolean; enabled?: boolean }) {
  const { tenantOid } = useTenancy();
  const hub = useHub();
  const [live, dispatch] = useReducer(bridgeLiveReducer, EMPTY_BRIDGE);
  const { data, error } = useSWR<BridgeState>(enabled ? ['/api/bridge', tenantOid] : null, ([path]: [string]) => apiGet<BridgeState>(path));

  useEffect(() => dispatch({ type: 'reset' }), [tenantOid]);
  useEffect(() => {
    if (data) dispatch({ type: 'state', state: data });
  }, [data]);

  useEffect(() => {
    if (!hub || !enabled) return;
    // The browser's WebSocket carries no scope header: the subscription names the tenant the user works in. Leaving
    // (or another tenant) unsubscribes that tenant only, so the connection stops getting what nobody looks at.
    const offs = [
      hub.on<BridgeState>(UPDATE_BRIDGE_STATE, (state) => dispatch({ type: 'state', state })),
      hub.subscribeUntil('SubscribeBridgeStateNotification', 'UnsubscribeBridgeStateNotification', tenantOid ?? null),
    ];
    if (followJobs) offs.push(hub.on<BridgeJob[]>(UPDATE_BRIDGE_JOBS, (jobs) => dispatch({ type: 'jobs', jobs })), hub.subscribeUntil('SubscribeBridgeJobNotification', 'UnsubscribeBridgeJobNotification', tenantOid ?? null));
    return () => {
      for (const off of offs) off();
    };
  }, [hub, tenantOid, followJobs, enabled]);

  const marked = live.jobs.filter((job) => job.mark === NEW_JOB_MARK).map((job) => job.oid);
  const markedKey = marked.join(',');
  useEffect(() => {
    if (!markedKey) return;
    const oids = new Set(markedKey.split(',').map(Number));
    const timer = setTimeout(() => dispatch({ type: 'unmark', oids }), NEW_MARK_MS);
    return () => clearTimeout(timer);
  }, [markedKey]);

  const start = useCallback(
    async (definition: BridgeJobDefinition, parameters: Record<string, unknown>) => {
      if (!hub) throw new Error('offline');
      const args: unknown[] = definition.scope === 'tenant' && tenantOid !== undefined ? [definition.name, parameters, tenantOid] : [definition.name, parameters];
      const job = await hub.invoke<BridgeJob>('StartBridgeJob', ...args);
      dispatch({ type: 'jobs', jobs: [job] });
      return job;
    },
    [hub, tenantOid],
  );

  const cancel = useCallback(
    async (oid: number) => {
      if (!hub) throw new Error('offline');
      const job = await hub.invoke<BridgeJob>('CancelBridgeJob', oid);
      dispatch({ type: 'jobs', jobs: [job] });
      return job;
    },
    [hub],
  );

  return { summary: live.summary, jobs: live.jobs, error: live.summary ? undefined : (error as Error | undefined), start, cancel };
}
