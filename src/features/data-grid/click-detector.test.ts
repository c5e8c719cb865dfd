import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClickDetector, DOUBLE_CLICK_MS } from './click-detector';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('click detector', () => {
  it('fires a single click only after the 420 ms window', () => {
    const single = vi.fn();
    const double = vi.fn();
    const detector = createClickDetector(single, double);
    detector.click('a');
    vi.advanceTimersByTime(DOUBLE_CLICK_MS - 1);
    expect(single).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(single).toHaveBeenCalledWith('a');
    expect(double).not.toHaveBeenCalled();
  });

  it('turns a second click within the window into a double click without the single one', () => {
    const single = vi.fn();
    const double = vi.fn();
    const detector = createClickDetector(single, double);
    detector.click('a');
    vi.advanceTimersByTime(300);
    detector.click('a');
    vi.advanceTimersByTime(1000);
    expect(double).toHaveBeenCalledWith('a');
    expect(single).not.toHaveBeenCalled();
  });

  it('treats clicks on two different rows as two single clicks', () => {
    const single = vi.fn();
    const detector = createClickDetector(single, vi.fn());
    detector.click('a');
    detector.click('b');
    vi.advanceTimersByTime(DOUBLE_CLICK_MS);
    expect(single.mock.calls).toEqual([['a'], ['b']]);
  });
});
