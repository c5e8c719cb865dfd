import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { JOB_STATE, type BridgeJob } from '../../../schemas/bridge-wire';
import { REPROCESS_JOB } from './diagnostics-paths';
import type { Page, UnprocessedDocument } from './diagnostics-types';

/** Most documents the page reads at once (the server's maximum). */
const TAKE = 500;
/** Terminals hand documents in at any time and no hub message says so: the list is read again this often. */
const REFRESH_MS = 15_000;

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
  const list = useSWR<Page<UnprocessedDocument>>(key, ([path, oid]: typeof key) => apiGet<Page<UnprocessedDocument>>(path, { take: TAKE, ...(oid === null ? {} : { entityOid: oid }) }), {
    refreshInterval: REFRESH_MS,
  });
  const { mutate } = list;
  const [runs, setRuns] = useState<BridgeJob[]>([]);
  const followed = useRef(new Map<number, () => void>());

  useEffect(() => {
    if (!hub) return;
    return hub.on<BridgeJob[]>('UpdateBridgeJobs', (jobs) => {
      const mine = jobs.filter((job) => job.name === REPROCESS_JOB);
      if (mine.length === 0) return;
      setRuns((current) => current.map((run) => mine.find((job) => job.oid === run.oid) ?? run));
      void mutate();
    });
  }, [hub, mutate]);
  // Leaving the page ends the job subscriptions it made.
  useEffect(() => {
    const subscriptions = followed.current;
    return () => {
      for (const off of subscriptions.values()) off();
      subscriptions.clear();
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

  const reprocessAll = useCallback(
    async (tenantOids: number[]) => {
      if (!hub) throw new Error('offline');
      const started: BridgeJob[] = [];
      for (const tenantOid of tenantOids) {
        if (!followed.current.has(tenantOid)) followed.current.set(tenantOid, hub.subscribeUntil('SubscribeBridgeJobNotification', 'UnsubscribeBridgeJobNotification', tenantOid));
        started.push(await hub.invoke<BridgeJob>('ResetProcessQueue', tenantOid));
      }
      setRuns((current) => [...started, ...current.filter((run) => !started.some((job) => job.tenantOid === run.tenantOid))]);
      return started;
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
