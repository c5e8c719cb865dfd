/** The numeric job states (spec 2 §4; 1 and 2 are the server's own, docs/jobs.md "States"). */
export const JOB_STATE = { queued: 1, running: 2, success: 3, failed: 4, cancelled: 5 } as const;

/** What the browser marks a job with that it sees for the first time (spec 2 §4); the server never sends it. */
export const NEW_JOB_MARK = -99;

/** A run of a job as GET /api/bridge and the hub carry it (docs/jobs.md "Fields"). */
export interface BridgeJob {
  oid: number;
  name: string;
  state: number;
  startedAt: string | null;
  finishedAt: string | null;
  countMax: number | null;
  count: number;
  error: string | null;
  category: string;
  tenant: string | null;
  tenantOid: number | null;
  countryCode: string | null;
  description: string;
  countUnit: string | null;
  isManualStarted: boolean;
  /** The starter's login for a manual start, "schedule" for a scheduled run, null when not known. */
  startedBy: string | null;
  createdAt: string;
}

/** A job in the page's list: the run, and -99 while it is newly seen. */
export interface ListedJob extends BridgeJob {
  mark: typeof NEW_JOB_MARK | null;
}

/** A job that may be started, with its parameters as JSON Schema. */
export interface BridgeJobDefinition {
  name: string;
  category: string;
  description: string;
  countUnit: string;
  scope: 'tenant' | 'global';
  parameters: Record<string, unknown>;
}

/** The runner's state: CONNECTING until its first look at the queue, ON while it runs, OFF when stopped. */
export type BridgeRunnerState = 'CONNECTING' | 'ON' | 'OFF';

/** The bridge state (spec 2 §3, plus the definitions the start form needs). */
export interface BridgeState {
  id: string;
  version: string;
  buildDate: string;
  state: BridgeRunnerState;
  jobCount: number;
  jobFailedCount: number;
  jobs: BridgeJob[];
  definitions: BridgeJobDefinition[];
}

/** Whether a job still runs or waits, so it may be cancelled. */
export function isActive(job: Pick<BridgeJob, 'state'>): boolean {
  return job.state === JOB_STATE.queued || job.state === JOB_STATE.running;
}
