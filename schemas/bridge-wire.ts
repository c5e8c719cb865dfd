/**
 * The bridge as the server sends it and the browser reads it (GET /api/bridge, GET /api/bridge/jobs, the hub's
 * UpdateBridgeState and UpdateBridgeJob; docs/jobs.md "Fields"). One shape for both sides, so they cannot drift.
 */

/** The numeric job states (spec 2 §4; 1 and 2 are the server's own, docs/jobs.md "States"). */
export const JOB_STATE = { queued: 1, running: 2, success: 3, failed: 4, cancelled: 5 } as const;
export type JobState = (typeof JOB_STATE)[keyof typeof JOB_STATE];

/** One run of a job (spec 2 §3 "Bridge job", plus oid and tenantOid). */
export interface BridgeJob {
  oid: number;
  name: string;
  state: JobState;
  startedAt: string | null;
  finishedAt: string | null;
  countMax: number | null;
  count: number;
  error: string | null;
  category: string;
  /** The tenant's Id (its short code), null for an installation-wide job. */
  tenant: string | null;
  tenantOid: number | null;
  countryCode: string | null;
  description: string;
  countUnit: string | null;
  isManualStarted: boolean;
  /** Who started the run: the login of the user for a manual start, "schedule" for a scheduled one, null when not known. */
  startedBy: string | null;
  createdAt: string;
}

/** A job's words in one language: what the bridge page shows instead of the English strings of the run. */
export interface JobTexts {
  category: string;
  description: string;
  countUnit: string;
  /** Per parameter name: the start form's label and help. */
  parameters?: Record<string, { title: string; description?: string }>;
}

/** A job that may be started, with its parameters as JSON Schema, for the page's start form. */
export interface BridgeJobDefinition {
  name: string;
  /** English, as every run of the job carries them (spec 2 §3). */
  category: string;
  description: string;
  countUnit: string;
  scope: 'tenant' | 'global';
  parameters: Record<string, unknown>;
  /**
   * The job's words per UI language (`en`, `de`, `ja`, `it`, `ru`, `ar`, `cs`, `es`, `fr`). Sent with the
   * definition rather than chosen on the server, because one hub message reaches users of every language; the page
   * matches a run to its definition by name and falls back to the English strings.
   */
  texts: Record<string, JobTexts>;
}

/** The runner's state: CONNECTING until its first look at the queue, ON while it runs, OFF when stopped. */
export type BridgeRunnerState = 'CONNECTING' | 'ON' | 'OFF';

/** The bridge (spec 2 §3 "Bridge", plus the definitions the start form needs). */
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
