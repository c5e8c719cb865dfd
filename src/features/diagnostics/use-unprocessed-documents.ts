import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { isActive, type BridgeJob } from '../../../schemas/bridge-wire';
import type { Page, UnprocessedDocument } from '../../../schemas/diagnostics-wire';
import { useDiagnosticsLive } from './use-diagnostics-live';

/** Most documents the page reads at once (the server's maximum). */
const TAKE = 500;

export interface ReprocessOutcome {
  oid: number;
  processed: boolean;
  reason: string | null;
}

/**
 * The unprocessed documents of the chosen tenant (undefined: all the user may read), reprocessing one (a POST) or all
 * (one server-side run, ResetProcessQueue through the hub), and the run so started, followed live and cancellable:
 * every job message of the run updates its progress and reads the list again, so the queue empties on screen.
 */
export function useUnprocessedDocuments(entityOid: number | undefined) {
  const hub = useHub();
  const key = ['/api/diagnostics/unprocessed-documents', entityOid ?? null] as const;
  // Terminals hand documents in at any time: the hub says when (useDiagnosticsLive), polling only without it.
  const { mutate: mutateKey } = useSWRConfig();
  const refreshInterval = useDiagnosticsLive('unprocessed-documents', () => void mutateKey(key));
  const list = useSWR<Page<UnprocessedDocument>>(key, ([path, oid]: typeof key) => apiGet<Page<UnprocessedDocument>>(path, { take: TAKE, ...(oid === null ? {} : { entityOid: oid }) }), { refreshInterval });
  const { mutate } = list;
  const [run, setRun] = useState<BridgeJob | undefined>(undefined);
  const runRef = useRef<BridgeJob | undefined>(undefined);
  /** Whether this page subscribed to its run's tenant's job messages, so it unsubscribes when done. */
  const followed = useRef(false);
  const show = useCallback((job: BridgeJob | undefined) => {
    runRef.current = job;
    setRun(job);
  }, []);
  const unfollow = useCallback(() => {
    if (!followed.current) return;
    followed.current = false;
    hub?.invoke('UnsubscribeBridgeJobNotification').catch(() => undefined);
  }, [hub]);

  useEffect(() => {
    if (!hub) return;
    return hub.on<BridgeJob[]>('UpdateBridgeJobs', (jobs) => {
      const current = runRef.current;
      const update = current && jobs.find((job) => job.oid === current.oid);
      if (!current || !update) return;
      // A late message never moves the run back.
      if (update.state < current.state || (update.state === current.state && update.count < current.count)) return;
      show(update);
      // Each message of the run may have booked documents: the queue reads again, and shrinks on screen.
      void mutate();
      if (!isActive(update)) unfollow();
    });
  }, [hub, mutate, show, unfollow]);
  // Leaving the page stops following; the run goes on in the background.
  useEffect(() => unfollow, [unfollow]);

  const reprocessOne = useCallback(
    async (oid: number) => {
      const answer = await apiCall<ReprocessOutcome>(`/api/diagnostics/unprocessed-documents/${oid}/reprocess`, { method: 'POST' });
      await mutate();
      return answer.data;
    },
    [mutate],
  );

  /**
   * One run on the server over every tenant named where the user may reprocess (ResetProcessQueue with the list),
   * followed through its tenant's job messages: the subscription's first message is the run as it is then, so none
   * of its progress is missed however fast it goes.
   */
  const reprocessAll = useCallback(
    async (tenantOids: number[]) => {
      if (!hub) throw new Error('offline');
      const job = await hub.invoke<BridgeJob>('ResetProcessQueue', tenantOids);
      show(job);
      if (job.tenantOid === null || !isActive(job)) return;
      followed.current = true;
      await hub.invoke('SubscribeBridgeJobNotification', job.tenantOid);
    },
    [hub, show],
  );

  /** Stops the run: the documents it booked stay booked, the rest stay in the queue. */
  const cancelRun = useCallback(async () => {
    const current = runRef.current;
    if (!hub || !current) return;
    const job = await hub.invoke<BridgeJob>('CancelBridgeJob', current.oid);
    if (runRef.current?.oid === job.oid && job.state >= runRef.current.state) show(job);
    if (!isActive(job)) unfollow();
    void mutate();
  }, [hub, show, unfollow, mutate]);

  return {
    documents: list.data,
    loading: list.isLoading,
    error: list.error as unknown,
    reload: () => void mutate(),
    reprocessOne,
    reprocessAll,
    cancelRun,
    run,
    running: run !== undefined && isActive(run),
    dismissRun: () => {
      if (runRef.current && !isActive(runRef.current)) show(undefined);
    },
    online: hub !== null,
  };
}
