import { describe, expect, it } from 'vitest';
import { JOB_STATE, type BridgeJob } from '../../../schemas/bridge-wire';
import { reprocessFigures } from './reprocess-figures';

const run = (state: number, count: number, countMax: number | null, error: string | null = null) => ({ oid: 1, name: 'reprocess-unprocessed-documents', state, count, countMax, error }) as unknown as BridgeJob;

describe('the figures of a reprocessing run', () => {
  it('counts every document of a successful run as booked', () => {
    expect(reprocessFigures(run(JOB_STATE.success, 4, 4))).toEqual({ booked: 4, failing: 0 });
  });

  it('reads how many still fail from the failure summary, the rest being booked', () => {
    const error = '2 of 5 document(s) could not be processed and stay unprocessed; the first: abc: The document is in USD, but its tenant books in EUR.';
    expect(reprocessFigures(run(JOB_STATE.failed, 5, 5, error))).toEqual({ booked: 3, failing: 2 });
  });

  it('claims nothing while the run goes on, when it was cancelled, or when it broke for another reason', () => {
    expect(reprocessFigures(run(JOB_STATE.running, 1, 5))).toBeUndefined();
    expect(reprocessFigures(run(JOB_STATE.cancelled, 2, 5))).toBeUndefined();
    expect(reprocessFigures(run(JOB_STATE.failed, 0, null, 'The job was abandoned 3 times by instances that stopped while running it.'))).toBeUndefined();
  });
});
