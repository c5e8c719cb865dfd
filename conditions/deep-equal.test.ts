import { describe, expect, it } from 'vitest';
import { deepEqual } from './deep-equal';

describe('deepEqual', () => {
  it('compares primitives without coercion', () => {
    expect(deepEqual(1, 1)).toBe(true);
    expect(deepEqual(0, -0)).toBe(true);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual(null, undefined)).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(false);
  });
  it('compares arrays in order', () => {
    expect(deepEqual([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([1], [1, 1])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({}, [])).toBe(false);
  });
  it('compares objects by keys in any order, undefined values counting as absent', () => {
    expect(deepEqual({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(true);
    expect(deepEqual({ a: null }, {})).toBe(false);
  });
  it('does not treat class instances as plain objects', () => {
    expect(deepEqual(new Date(0), {})).toBe(false);
    expect(deepEqual(new Date(0), new Date(0))).toBe(false);
  });
  it('does not read inherited keys', () => {
    expect(deepEqual({ toString: 1 }, {})).toBe(false);
    expect(deepEqual({}, { toString: 1 })).toBe(false);
  });
});
