import type { BridgeJob, BridgeState, ListedJob } from './bridge-types';
import { mergeJobs, unmarkJobs } from './job-list';

/** What the page and the card know of the bridge: the last state (without its jobs) and the merged job list. */
export interface BridgeLiveState {
  summary: Omit<BridgeState, 'jobs'> | undefined;
  jobs: ListedJob[];
  /** A job list has arrived: later runs not seen before are new (-99). */
  listed: boolean;
}

export type BridgeLiveAction =
  | { type: 'state'; state: BridgeState }
  | { type: 'jobs'; jobs: readonly BridgeJob[] }
  | { type: 'unmark'; oids: ReadonlySet<number> }
  | { type: 'reset' };

export const EMPTY_BRIDGE: BridgeLiveState = { summary: undefined, jobs: [], listed: false };

/** Folds REST answers and hub messages (UpdateBridgeState, UpdateBridgeJobs, a started run) into one picture. */
export function bridgeLiveReducer(current: BridgeLiveState, action: BridgeLiveAction): BridgeLiveState {
  switch (action.type) {
    case 'reset':
      return EMPTY_BRIDGE;
    case 'unmark':
      return { ...current, jobs: unmarkJobs(current.jobs, action.oids) };
    case 'jobs':
      return { ...current, jobs: mergeJobs(current.jobs, action.jobs, current.listed), listed: true };
    case 'state': {
      const { jobs, ...summary } = action.state;
      return { summary, jobs: mergeJobs(current.jobs, jobs, current.listed), listed: true };
    }
  }
}
