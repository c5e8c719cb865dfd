import { describe, expect, it } from 'vitest';
import { isMarkedRow, rowNumberText } from './row-numbers';

describe('row numbers', () => {
  it('marks the first row, every 10th row and the last row', () => {
    const marked = Array.from({ length: 25 }, (_, i) => i).filter((i) => isMarkedRow(i, 25)).map((i) => i + 1);
    expect(marked).toEqual([1, 10, 20, 25]);
    expect(rowNumberText(9, 25)).toBe('10');
    expect(rowNumberText(4, 25)).toBe('');
    expect(rowNumberText(0, 1)).toBe('1');
  });
});
