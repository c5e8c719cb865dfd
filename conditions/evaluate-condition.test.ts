import { describe, expect, it } from 'vitest';
import type { Condition } from './condition';
import { evaluateCondition } from './evaluate-condition';

describe('evaluateCondition', () => {
  it('evaluates leaves and combinators', () => {
    const record = { Status: 'Closed', Total: 0, Lines: [] };
    expect(evaluateCondition({ field: 'Status', op: 'equal', value: 'Closed' }, record)).toBe(true);
    expect(evaluateCondition({ not: { field: 'Total', op: 'zero' } }, record)).toBe(false);
    expect(evaluateCondition({ whenAny: [{ field: 'Lines', op: 'notEmpty' }, { field: 'Total', op: 'zero' }] }, record)).toBe(true);
    expect(evaluateCondition({ whenAll: [{ field: 'Lines', op: 'empty' }, { field: 'Missing', op: 'notNull' }] }, record)).toBe(false);
  });
  it('answers false, without throwing, for nodes the checker would refuse', () => {
    expect(evaluateCondition({ field: 'A', op: 'nope' } as unknown as Condition, { A: 1 })).toBe(false);
    expect(evaluateCondition({ whenAll: 'x' } as unknown as Condition, {})).toBe(false);
    expect(evaluateCondition({ foo: 1 } as unknown as Condition, {})).toBe(false);
  });
  it('answers for a record that is not an object as if every field were missing', () => {
    expect(evaluateCondition({ field: 'A', op: 'null' }, null as unknown as Record<string, unknown>)).toBe(true);
  });
});
