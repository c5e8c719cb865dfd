import { describe, expect, it } from 'vitest';
import { bridgeLiveReducer, EMPTY_BRIDGE } from './bridge-live-state';
import { JOB_STATE, NEW_JOB_MARK, type BridgeJob, type BridgeState } from './bridge-types';

const job = (oid: number, state: BridgeJob['state'] = JOB_STATE.running): BridgeJob => ({
  oid,
  name: 'purge-old-data',
  state,
  startedAt: null,
  finishedAt: null,
  countMax: null,
  count: 0,
  error: null,
  category: 'Maintenance',
  tenant: null,
  tenantOid: null,
  countryCode: null,
  description: '',
  countUnit: 'rows',
  isManualStarted: false,
  startedBy: 'schedule',
  createdAt: `2026-01-01T00:00:0${oid}.000Z`,
});

const state = (jobs: BridgeJob[], change: Partial<BridgeState> = {}): BridgeState => ({
  id: 'i',
  version: '1.0.0',
  buildDate: '2026-01-01T00:00:00.000Z',
  state: 'ON',
  jobCount: jobs.length,
  jobFailedCount: 0,
  jobs,
  definitions: [],
  ...change,
});

describe('bridgeLiveReducer', () => {
  it('takes the first list (REST or the subscription) without marks, then marks runs that appear later', () => {
    let live = bridgeLiveReducer(EMPTY_BRIDGE, { type: 'state', state: state([job(1)]) });
    expect(live.summary).toMatchObject({ state: 'ON', jobCount: 1 });
    expect(live.jobs[0]?.mark).toBeNull();
    live = bridgeLiveReducer(live, { type: 'jobs', jobs: [job(2, JOB_STATE.queued)] });
    expect(live.jobs.map((entry) => [entry.oid, entry.mark])).toEqual([
      [2, NEW_JOB_MARK],
      [1, null],
    ]);
  });

  it('keeps the job list when UpdateBridgeState changes the counts, and forgets all on reset (another tenant)', () => {
    let live = bridgeLiveReducer(EMPTY_BRIDGE, { type: 'jobs', jobs: [job(1), job(2)] });
    live = bridgeLiveReducer(live, { type: 'state', state: state([job(2, JOB_STATE.failed)], { jobFailedCount: 1, state: 'OFF' }) });
    expect(live.summary).toMatchObject({ state: 'OFF', jobFailedCount: 1 });
    expect(live.jobs.map((entry) => [entry.oid, entry.state])).toEqual([
      [2, JOB_STATE.failed],
      [1, JOB_STATE.running],
    ]);
    expect(bridgeLiveReducer(live, { type: 'reset' })).toEqual(EMPTY_BRIDGE);
  });
});
