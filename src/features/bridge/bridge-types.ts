import type { BridgeJob } from '../../../schemas/bridge-wire';

// The wire shapes are shared with the server (schemas/bridge-wire.ts); this module adds what only the page knows.
export { JOB_STATE, isActive, type BridgeJob, type BridgeJobDefinition, type BridgeRunnerState, type BridgeState } from '../../../schemas/bridge-wire';

/** What the browser marks a job with that it sees for the first time (spec 2 §4); the server never sends it. */
export const NEW_JOB_MARK = -99;

/** A job in the page's list: the run, and -99 while it is newly seen. */
export interface ListedJob extends BridgeJob {
  mark: typeof NEW_JOB_MARK | null;
}
