import { describe, expect, it } from 'vitest';
import { hasLiveChanges, liveChangesReducer, liveMarkOf, NO_LIVE_CHANGES, type LiveChange } from './live-changes';

const run = (...changes: LiveChange[]) => changes.reduce(liveChangesReducer, NO_LIVE_CHANGES);

describe('liveChangesReducer', () => {
  it('marks rows changed and deleted elsewhere and counts new records once each', () => {
    const state = run({ type: 'changed', oid: 1 }, { type: 'changed', oid: 1 }, { type: 'deleted', oid: 2 }, { type: 'created', oid: 9 }, { type: 'created', oid: 9 }, { type: 'created', oid: 10 });
    expect([...state.changed]).toEqual([1]);
    expect([...state.deleted]).toEqual([2]);
    expect(state.created).toEqual([9, 10]);
    expect([1, 2, 3].map((oid) => liveMarkOf(state, oid))).toEqual(['changed', 'deleted', undefined]);
    expect(hasLiveChanges(state)).toBe(true);
  });

  it('keeps a deleted row deleted when a late update message comes, and a changed row that is then deleted counts as deleted only', () => {
    const state = run({ type: 'changed', oid: 1 }, { type: 'deleted', oid: 1 }, { type: 'changed', oid: 1 });
    expect(state.changed.size).toBe(0);
    expect(liveMarkOf(state, 1)).toBe('deleted');
  });

  it('forgets a new record deleted before it was shown', () => {
    const state = run({ type: 'created', oid: 9 }, { type: 'deleted', oid: 9 });
    expect(state.created).toEqual([]);
  });

  it('marks the new records the user chose to see as new and stops counting them', () => {
    const state = run({ type: 'created', oid: 9 }, { type: 'created', oid: 10 }, { type: 'shown', oids: [9, 10] }, { type: 'created', oid: 9 });
    expect(state.created).toEqual([]);
    expect(liveMarkOf(state, 9)).toBe('new');
    expect(hasLiveChanges(state)).toBe(false);
  });

  it('starts over with a new search', () => {
    expect(run({ type: 'changed', oid: 1 }, { type: 'created', oid: 2 }, { type: 'cleared' })).toEqual(NO_LIVE_CHANGES);
  });
});
