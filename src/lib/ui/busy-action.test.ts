import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBusyAction, type BusyPhase } from './busy-action';

function record() {
  const phases: Array<[number, BusyPhase]> = [];
  const start = Date.now();
  return { phases, onPhase: (phase: BusyPhase) => phases.push([Date.now() - start, phase]) };
}

describe('runBusyAction', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the busy icon after 25 ms, keeps busy 250 ms, success for 500 ms, then resolves', async () => {
    const { phases, onPhase } = record();
    const done = vi.fn();
    void runBusyAction(() => new Promise((resolve) => setTimeout(() => resolve('ok'), 100)), onPhase).then(done);
    await vi.advanceTimersByTimeAsync(24);
    expect(phases.map(([, p]) => p)).toEqual(['pending']);
    await vi.advanceTimersByTimeAsync(1);
    expect(phases.at(-1)).toEqual([25, 'busy']);
    await vi.advanceTimersByTimeAsync(225);
    expect(phases.at(-1)).toEqual([250, 'success']);
    await vi.advanceTimersByTimeAsync(499);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith('ok');
    expect(phases.at(-1)).toEqual([750, 'idle']);
  });

  it('shows the failure icon for 750 ms, then rejects', async () => {
    const { phases, onPhase } = record();
    const failed = vi.fn();
    void runBusyAction(() => new Promise((_, reject) => setTimeout(() => reject(new Error('no')), 400)), onPhase).catch(failed);
    await vi.advanceTimersByTimeAsync(400);
    expect(phases.at(-1)).toEqual([400, 'failure']);
    await vi.advanceTimersByTimeAsync(749);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledWith(new Error('no'));
  });

  it('keeps an instant action busy for the 250 ms minimum', async () => {
    const { phases, onPhase } = record();
    void runBusyAction(async () => 1, onPhase);
    await vi.advanceTimersByTimeAsync(2000);
    expect(phases).toEqual([[0, 'pending'], [25, 'busy'], [250, 'success'], [750, 'idle']]);
  });
});
