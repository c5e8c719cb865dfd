import { describe, expect, it } from 'vitest';
import { formatBuildVersion } from './build-info';

describe('formatBuildVersion', () => {
  it('has the form of spec 1 §9', () => {
    expect(formatBuildVersion(new Date('2025-01-14T08:40:00Z'))).toBe('6.025.0114.0840');
  });
  it('pads month, day, hour and minute', () => {
    expect(formatBuildVersion(new Date('2026-11-05T03:07:59Z'))).toBe('6.026.1105.0307');
  });
});
