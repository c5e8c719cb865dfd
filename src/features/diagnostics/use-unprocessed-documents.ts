import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { JOB_STATE, type BridgeJob } from '../../../schemas/bridge-wire';
import { REPROCESS_JOB } from './diagnostics-paths';
import type { Page, UnprocessedDocument } from '../../../schemas/diagnostics-wire';
import { useDiagnosticsLive } from './use-diagnostics-live';

/** Most documents the page reads at once (the server's maximum). */
const TAKE = 500;

export interface ReprocessOutcome {
  oid: number;
  processed: boolean;
  reason: string | null;
}

const finished = (job: BridgeJob) => job.state !== JOB_STATE.queued && job.state !== JOB_STATE.running;

/**
 * The unprocessed documents of the chosen tenant (undefined: all the user may read), reprocessing one (a POST) or all
 * of a tenant (ResetProcessQueue through the hub), and the runs so started, followed live: every job message of a run
 * updates its progress and reads the list again, so the queue empties on screen as the run books documents.
 */
export function useUnprocessedDocuments(entityOid: number | undefined) {
  const hub = useHub();
  const key = ['/api/diagnostics/unprocessed-documents', entityOid ?? null] as const;
  // Terminals hand documents in at any time: the hub says when (useDiagnosticsLive), polling only without it.
  const refresh = useRef<() => void>(() => undefined);
  const refreshInterval = useDiagnosticsLive('unprocessed-documents', () => refresh.current());
  const list = useSWR<Page<UnprocessedDocument>>(key, ([path, oid]: typeof key) => apiGet<Page<UnprocessedDocument>>(path, { take: TAKE, ...(oid === null ? {} : { entityOid: oid }) }), { refreshInterval });
  const { mutate } = list;
  refresh.current = () => void mutate();
  const [runs, setRuns] = useState<BridgeJob[]>([]);
  /** Runs the page waits for, and what to call when each ends. */
  const waiting = useRef(new Map<number, () => void>());
  const ended = useRef(new Set<number>());
  const mounted = useRef(true);

  useEffect(() => {
    if (!hub) return;
    return hub.on<BridgeJob[]>('UpdateBridgeJobs', (jobs) => {
      const mine = jobs.filter((job) => job.name === REPROCESS_JOB);
      if (mine.length === 0) return;
      setRuns((current) => current.map((run) => mine.find((job) => job.oid === run.oid) ?? run));
      for (const job of mine.filter(finished)) {
        ended.current.add(job.oid);
        waiting.current.get(job.oid)?.();
      }
      void mutate();
    });
  }, [hub, mutate]);
  useEffect(() => {
    mounted.current = true;
    const pending = waiting.current;
    return () => {
      // Leaving the page stops following; the runs go on in the background.
      mounted.current = false;
      for (const resolve of pending.values()) resolve();
      pending.clear();
    };
  }, []);

  const reprocessOne = useCallback(
    async (oid: number) => {
      const answer = await apiCall<ReprocessOutcome>(`/api/diagnostics/unprocessed-documents/${oid}/reprocess`, { method: 'POST' });
      await mutate();
      return answer.data;
    },
    [mutate],
  );

  /**
   * One run per tenant, one after another: a connection follows the jobs of one tenant at a time (a new subscription
   * replaces the last), so each tenant's run is followed from its start to its end before the next one starts.
   */
  const reprocessAll = useCallback(
    async (tenantOids: number[]) => {
      if (!hub) throw new Error('offline');
      try {
        for (const tenantOid of tenantOids) {
          if (!mounted.current) return;
          // Subscribed before the start, so no message of the run is missed.
          await hub.invoke('SubscribeBridgeJobNotification', tenantOid);
          const job = await hub.invoke<BridgeJob>('ResetProcessQueue', tenantOid);
          setRuns((current) => [...current.filter((run) => run.tenantOid !== tenantOid), job]);
          if (finished(job) || ended.current.has(job.oid)) continue;
          await new Promise<void>((resolve) => waiting.current.set(job.oid, resolve));
          waiting.current.delete(job.oid);
        }
      } finally {
        if (tenantOids.length > 0) hub.invoke('UnsubscribeBridgeJobNotification').catch(() => undefined);
      }
    },
    [hub],
  );

  const active = runs.filter((run) => !finished(run));
  return {
    documents: list.data,
    loading: list.isLoading,
    error: list.error as unknown,
    reload: () => void mutate(),
    reprocessOne,
    reprocessAll,
    runs,
    running: active.length > 0,
    dismissRuns: () => setRuns((current) => current.filter((run) => !finished(run))),
    online: hub !== null,
  };
}
