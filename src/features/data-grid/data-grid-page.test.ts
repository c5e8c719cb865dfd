import { describe, expect, it } from 'vitest';
import { recordKeyOf } from './data-grid-page';

describe('recordKeyOf', () => {
  it('reads the record key below the grid address, a trailing slash allowed', () => {
    expect(recordKeyOf('42')).toBe('42');
    expect(recordKeyOf('42/')).toBe('42');
  });

  it('answers undefined for the grid itself and for deeper paths', () => {
    expect(recordKeyOf(undefined)).toBeUndefined();
    expect(recordKeyOf('')).toBeUndefined();
    expect(recordKeyOf('42/details')).toBeUndefined();
  });
});
