import { describe, expect, it } from 'vitest';
import { JOB_STATE, NEW_JOB_MARK, type BridgeJob } from './bridge-types';
import { mergeJobs, progressPercent, unmarkJobs } from './job-list';

const job = (oid: number, change: Partial<BridgeJob> = {}): BridgeJob => ({
  oid,
  name: 'recompute-daily-turnover',
  state: JOB_STATE.running,
  startedAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
  countMax: 10,
  count: 0,
  error: null,
  category: 'Reporting',
  tenant: 'T1',
  tenantOid: 1,
  countryCode: 'DE',
  description: 'd',
  countUnit: 'days',
  isManualStarted: true,
  startedBy: 'ada',
  createdAt: `2026-01-01T10:00:0${oid}.000Z`,
  ...change,
});

describe('mergeJobs', () => {
  it('does not mark the runs of the first load as new, newest first', () => {
    const list = mergeJobs([], [job(1), job(3), job(2)], false);
    expect(list.map((entry) => [entry.oid, entry.mark])).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);
  });

  it('marks a run seen for the first time with -99 and keeps the mark while it changes', () => {
    const first = mergeJobs(mergeJobs([], [job(1)], false), [job(2, { state: JOB_STATE.queued })], true);
    expect(first.find((entry) => entry.oid === 2)?.mark).toBe(NEW_JOB_MARK);
    const later = mergeJobs(first, [job(2, { count: 4 })], true);
    expect(later.find((entry) => entry.oid === 2)).toMatchObject({ mark: NEW_JOB_MARK, count: 4, state: JOB_STATE.running });
    expect(later.find((entry) => entry.oid === 1)?.mark).toBeNull();
  });

  it('takes a single changed run of UpdateBridgeJobs in place and keeps the others', () => {
    const list = mergeJobs([], [job(1), job(2)], false);
    const merged = mergeJobs(list, [job(1, { state: JOB_STATE.failed, error: 'boom', finishedAt: '2026-01-01T10:01:00.000Z' })], true);
    expect(merged).toHaveLength(2);
    expect(merged.find((entry) => entry.oid === 1)).toMatchObject({ state: JOB_STATE.failed, error: 'boom', mark: null });
  });

  it('ignores a late figure that would move a run back', () => {
    const list = mergeJobs([], [job(1, { state: JOB_STATE.success, count: 10 })], false);
    expect(mergeJobs(list, [job(1, { state: JOB_STATE.running, count: 5 })], true)[0]).toMatchObject({ state: JOB_STATE.success, count: 10 });
    const running = mergeJobs([], [job(2, { count: 7 })], false);
    expect(mergeJobs(running, [job(2, { count: 3 })], true)[0]?.count).toBe(7);
    expect(mergeJobs(running, [job(2, { count: 8 })], true)[0]?.count).toBe(8);
  });

  it('unmarks the given runs only', () => {
    const list = mergeJobs([], [job(1), job(2)], true);
    expect(unmarkJobs(list, new Set([1])).map((entry) => entry.mark)).toEqual([NEW_JOB_MARK, null]);
  });
});

describe('progressPercent', () => {
  it('is indeterminate while countMax is unknown and full on success', () => {
    expect(progressPercent({ count: 3, countMax: null, state: JOB_STATE.running })).toBeNull();
    expect(progressPercent({ count: 3, countMax: 12, state: JOB_STATE.running })).toBe(25);
    expect(progressPercent({ count: 0, countMax: null, state: JOB_STATE.success })).toBe(100);
  });
});
