import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('shows bytes whole and larger sizes on base 1024 with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1024)).toBe('1.0 kB');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });
  it('stops at GB and formats numbers per locale', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2,048.0 GB');
    expect(formatBytes(1536, 'de')).toBe('1,5 kB');
  });
});
