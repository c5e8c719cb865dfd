import { describe, expect, it } from 'vitest';
import { isCondition } from './is-condition';

describe('isCondition', () => {
  it('accepts well-shaped conditions whatever their fields', () => {
    expect(isCondition({ field: 'Anything', op: 'equal', value: 'x' })).toBe(true);
    expect(isCondition({ whenAll: [{ not: { field: 'A', op: 'null' } }, { whenAny: [] }] })).toBe(true);
    expect(isCondition({ field: 'A', op: 'equal', value: null })).toBe(true);
  });
  it('refuses bad shapes, operators and arity', () => {
    expect(isCondition(null)).toBe(false);
    expect(isCondition({ field: 'A', op: 'like', value: 'x' })).toBe(false);
    expect(isCondition({ field: 'A', op: 'equal' })).toBe(false);
    expect(isCondition({ field: 'A', op: 'empty', value: 1 })).toBe(false);
    expect(isCondition({ field: 'A', op: 'lessThan', value: null })).toBe(false);
    expect(isCondition({ whenAny: {} })).toBe(false);
    expect(isCondition({ whenAll: [{ not: 1 }] })).toBe(false);
  });
});
