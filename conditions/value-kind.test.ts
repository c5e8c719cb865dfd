import { describe, expect, it } from 'vitest';
import { isPlainObject, valueKind } from './value-kind';

describe('valueKind', () => {
  it('classifies every JSON kind and missing', () => {
    expect(['', 1, true, null, undefined, [], {}].map(valueKind)).toEqual(['string', 'number', 'boolean', 'null', 'missing', 'array', 'object']);
  });
  it('puts what JSON cannot carry under other', () => {
    expect([() => 1, Symbol('s'), 1n, new Date(0), new Map()].map(valueKind)).toEqual(['other', 'other', 'other', 'other', 'other']);
  });
  it('accepts prototype-less objects as plain', () => {
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject([])).toBe(false);
  });
});
