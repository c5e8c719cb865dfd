import { describe, expect, it } from 'vitest';
import { jobStarter } from './job-starter';

describe('jobStarter', () => {
  it('names the user who started a run by hand', () => {
    expect(jobStarter({ isManualStarted: true, startedBy: 'ada' })).toEqual({ by: 'user', name: 'ada' });
  });
  it('says the schedule for a scheduled run', () => {
    expect(jobStarter({ isManualStarted: false, startedBy: 'schedule' })).toEqual({ by: 'schedule' });
  });
  it('falls back to "by hand" when a manual run names nobody', () => {
    expect(jobStarter({ isManualStarted: true, startedBy: null })).toEqual({ by: 'hand' });
  });
});
