import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('uses ms below a second and s from a second on', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(2345)).toBe('2.3 s');
  });
  it('follows the locale', () => {
    expect(formatDuration(2345, 'fr')).toBe('2,3 s');
  });
});
