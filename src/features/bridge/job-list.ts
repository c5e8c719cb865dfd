import { JOB_STATE, NEW_JOB_MARK, type BridgeJob, type ListedJob } from './bridge-types';

/** How far a run has come: a message that arrives late (a REST answer after a push) must not move it back. */
function progressOf(job: BridgeJob): [number, number] {
  const phase = job.state === JOB_STATE.queued ? 0 : job.state === JOB_STATE.running ? 1 : 2;
  return [phase, job.count];
}

function isOlder(incoming: BridgeJob, known: BridgeJob): boolean {
  const [a, b] = [progressOf(incoming), progressOf(known)];
  return a[0] < b[0] || (a[0] === b[0] && a[0] === 1 && a[1] < b[1]);
}

/** Newest first, as the server lists them. */
function byNewest(a: BridgeJob, b: BridgeJob): number {
  return b.createdAt.localeCompare(a.createdAt) || b.oid - a.oid;
}

/**
 * Merges runs into the list (UpdateBridgeJobs carries the whole list after a subscription, then single runs as they
 * change): a known run takes the newer figures and keeps its mark; a run not seen before is marked -99 when
 * `markNew` (not on the page's first load, where every run would be "new").
 */
export function mergeJobs(list: readonly ListedJob[], incoming: readonly BridgeJob[], markNew: boolean): ListedJob[] {
  const byOid = new Map(list.map((job) => [job.oid, job]));
  for (const job of incoming) {
    const known = byOid.get(job.oid);
    if (known && isOlder(job, known)) continue;
    byOid.set(job.oid, { ...job, mark: known ? known.mark : markNew ? NEW_JOB_MARK : null });
  }
  return [...byOid.values()].sort(byNewest);
}

/** The list without the "new" mark on the given runs (after the highlight has been seen). */
export function unmarkJobs(list: readonly ListedJob[], oids: ReadonlySet<number>): ListedJob[] {
  return list.map((job) => (job.mark !== null && oids.has(job.oid) ? { ...job, mark: null } : job));
}

/** A progress bar's value in percent, or null when the end is not known yet (an indeterminate bar). */
export function progressPercent(job: Pick<BridgeJob, 'count' | 'countMax' | 'state'>): number | null {
  if (job.state === JOB_STATE.success) return 100;
  if (job.countMax === null || job.countMax <= 0) return null;
  return Math.min(100, Math.max(0, (job.count / job.countMax) * 100));
}
