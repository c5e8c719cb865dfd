import { describe, expect, it } from 'vitest';
import { nextGridIndex } from './grid-focus';

// The icon gallery's keyboard: arrows move between icons, rows by the number of columns, mirrored right to left.
describe('gallery focus', () => {
  it('moves by one, by a row, to the ends, and stays inside', () => {
    expect(nextGridIndex('ArrowRight', 0, 10, 4, false)).toBe(1);
    expect(nextGridIndex('ArrowRight', 0, 10, 4, true)).toBe(0);
    expect(nextGridIndex('ArrowLeft', 2, 10, 4, true)).toBe(3);
    expect(nextGridIndex('ArrowDown', 7, 10, 4, false)).toBe(9);
    expect(nextGridIndex('ArrowUp', 1, 10, 4, false)).toBe(0);
    expect(nextGridIndex('End', 1, 10, 4, false)).toBe(9);
    expect(nextGridIndex('a', 1, 10, 4, false)).toBeUndefined();
  });
});
