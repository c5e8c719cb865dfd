import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer, PERMISSION_SEARCH_DEBOUNCE_MS } from './debouncer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createDebouncer', () => {
  it('runs once with the latest value 500 ms after the last push', () => {
    const action = vi.fn();
    const debouncer = createDebouncer(action, PERMISSION_SEARCH_DEBOUNCE_MS);
    debouncer.push('a');
    vi.advanceTimersByTime(400);
    debouncer.push('ab');
    vi.advanceTimersByTime(499);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('runs nothing after cancel', () => {
    const action = vi.fn();
    const debouncer = createDebouncer(action, 500);
    debouncer.push('a');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(action).not.toHaveBeenCalled();
  });
});
