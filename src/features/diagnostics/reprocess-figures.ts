import { JOB_STATE, type BridgeJob } from '../../../schemas/bridge-wire';

/** How a reprocessing run ended, in figures: documents booked and documents that still fail. */
export interface RunFigures {
  booked: number;
  failing: number;
}

// The run's failure summary (server/jobs/built-in/reprocess-unprocessed-documents.ts), stored in English.
const FAILURE = /^(\d+) of (\d+) document\(s\) could not be processed and stay unprocessed; /;

/**
 * The figures of a finished run: a success booked every document it took; a failure names how many of them still
 * fail (the rest were booked). Undefined while it runs, when it was cancelled (its progress says how far it got), and
 * for a failure the summary does not explain (the run itself broke: nothing is known to be booked).
 */
export function reprocessFigures(run: BridgeJob): RunFigures | undefined {
  if (run.state === JOB_STATE.success) return { booked: run.countMax ?? run.count, failing: 0 };
  if (run.state === JOB_STATE.failed) {
    const match = run.error === null ? null : FAILURE.exec(run.error);
    if (!match) return undefined;
    const failing = Number(match[1]);
    return { booked: Number(match[2]) - failing, failing };
  }
  return undefined;
}
