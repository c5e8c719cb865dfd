import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DETAILS_MIN_BUSY_MS, withMinimumDuration } from './minimum-duration';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withMinimumDuration', () => {
  it('holds a fast answer until 333 ms have passed', async () => {
    let done = false;
    void withMinimumDuration(Promise.resolve(1), DETAILS_MIN_BUSY_MS).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(332);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('holds a failure too, then rejects', async () => {
    const result = withMinimumDuration(Promise.reject(new Error('x')), 100);
    const check = expect(result).rejects.toThrow('x');
    await vi.advanceTimersByTimeAsync(100);
    await check;
  });
});
