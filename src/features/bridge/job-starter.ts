import type { BridgeJob } from './bridge-types';

/** Who started a run, as the history names it. */
export type JobStarter = { by: 'schedule' } | { by: 'user'; name: string } | { by: 'hand' };

/**
 * A scheduled run is the schedule's whatever the row says; a manual one names its starter when the server knows it
 * (runs queued before the server kept names only say "by hand").
 */
export function jobStarter(job: Pick<BridgeJob, 'isManualStarted' | 'startedBy'>): JobStarter {
  if (!job.isManualStarted) return { by: 'schedule' };
  return job.startedBy ? { by: 'user', name: job.startedBy } : { by: 'hand' };
}
