import { describe, expect, it } from 'vitest';
import type { Condition } from './condition';
import { compileCondition } from './compile-condition';

describe('compileCondition', () => {
  it('compiles once into a reusable predicate', () => {
    const isClosedBig = compileCondition({ whenAll: [{ field: 'Status', op: 'equal', value: 'Closed' }, { field: 'Total', op: 'greaterThan', value: 100 }] });
    expect(isClosedBig({ Status: 'Closed', Total: 101 })).toBe(true);
    expect(isClosedBig({ Status: 'Closed', Total: 100 })).toBe(false);
    expect(isClosedBig({ Status: 'Open', Total: 101 })).toBe(false);
  });

  it('resolves dotted paths', () => {
    const inBern = compileCondition({ field: 'Address.City', op: 'equal', value: 'Bern' });
    expect(inBern({ Address: { City: 'Bern' } })).toBe(true);
    expect(inBern({ Address: 'Bern' })).toBe(false);
    expect(inBern({})).toBe(false);
  });

  it('keeps the meaning of the operators on its fast paths', () => {
    const greater = compileCondition({ field: 'N', op: 'greaterThan', value: 1 });
    expect(greater({ N: '2' })).toBe(false);
    expect(greater({ N: Number.NaN })).toBe(false);
    expect(greater({ N: 2 })).toBe(true);
    const lessOrEqual = compileCondition({ field: 'N', op: 'lessOrEqual', value: 1 });
    expect(lessOrEqual({ N: null })).toBe(false);
    expect(lessOrEqual({ N: 1 })).toBe(true);
    const equalsOne = compileCondition({ field: 'N', op: 'equal', value: 1 });
    expect(equalsOne({ N: '1' })).toBe(false);
    expect(equalsOne({ N: true })).toBe(false);
    const notEqualText = compileCondition({ field: 'S', op: 'notEqual', value: 'a' });
    expect(notEqualText({})).toBe(true);
    expect(notEqualText({ S: 'a' })).toBe(false);
    const equalsNull = compileCondition({ field: 'S', op: 'equal', value: null });
    expect(equalsNull({})).toBe(true);
    expect(equalsNull({ S: '' })).toBe(false);
    const equalsList = compileCondition({ field: 'L', op: 'equal', value: ['a'] });
    expect(equalsList({ L: ['a'] })).toBe(true);
  });

  it('handles empty and long combinator lists', () => {
    expect(compileCondition({ whenAll: [] })({})).toBe(true);
    expect(compileCondition({ whenAny: [] })({})).toBe(false);
    const leaves: Condition[] = ['A', 'B', 'C', 'D'].map((field) => ({ field, op: 'true' }));
    const all = compileCondition({ whenAll: leaves });
    const any = compileCondition({ whenAny: leaves });
    expect(all({ A: true, B: true, C: true, D: true })).toBe(true);
    expect(all({ A: true, B: true, C: true, D: false })).toBe(false);
    expect(any({ D: true })).toBe(true);
    expect(any({})).toBe(false);
  });

  it('never throws on odd records', () => {
    const predicate = compileCondition({ whenAny: [{ field: 'A.B', op: 'notEmpty' }, { field: 'C', op: 'greaterThan', value: 'x' }, { field: 'D', op: 'equal', value: { x: 1 } }] });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const odd: unknown[] = [null, undefined, 42, 'text', [], { A: 3 }, { A: { B: Symbol('s') } }, { C: 1n }, { D: cyclic }, { A: Object.create(null) }, Object.create(null)];
    for (const record of odd) expect(() => predicate(record as Record<string, unknown>)).not.toThrow();
    expect(predicate({ A: { B: Symbol('s') } })).toBe(true);
  });

  it('refuses at compile time what the checker refuses', () => {
    expect(() => compileCondition({ field: 'A', op: 'nope' } as unknown as Condition)).toThrow(/not a valid leaf at \//);
    expect(() => compileCondition({ whenAll: [{ foo: 1 }] } as unknown as Condition)).toThrow(/unknown condition node at \/whenAll\/0/);
    expect(() => compileCondition(null as unknown as Condition)).toThrow(/unknown condition node/);
  });
});
