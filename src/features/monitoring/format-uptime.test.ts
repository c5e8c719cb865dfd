import { describe, expect, it } from 'vitest';
import { formatUptime } from './format-uptime';

describe('formatUptime', () => {
  it('shows the largest two neighbouring units', () => {
    expect(formatUptime(0, 'en')).toBe('0s');
    expect(formatUptime(59, 'en')).toBe('59s');
    expect(formatUptime(3 * 86_400 + 4 * 3_600 + 59, 'en')).toBe('3d 4h');
    expect(formatUptime(86_400 + 5, 'en')).toBe('1d');
    expect(formatUptime(12 * 60 + 5, 'en')).toBe('12m 5s');
  });

  it('speaks the user language', () => {
    expect(formatUptime(2 * 3_600 + 60, 'de')).toBe('2h 1 Min.');
  });
});
