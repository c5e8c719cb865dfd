import { describe, expect, it } from 'vitest';
import table from '../fixtures/conditions/wide-integers.json';
import type { Condition } from './condition';
import { checkCondition } from './check-condition';
import type { ConditionFieldTypes } from './condition-field-types';
import { compileCondition } from './compile-condition';
import { evaluateCondition } from './evaluate-condition';
import { explainCondition } from './explain-condition';

interface Row {
  name: string;
  condition: Condition;
  record: Record<string, unknown>;
  expected: boolean;
}

/** The fields of fixtures/conditions/README.md "Wide integers". */
const FIELDS: ConditionFieldTypes = { Big: 'Number', Huge: 'Number' };
const OPTIONS = { decimalStrings: new Set(['Big', 'Huge']) };
const rows = table as unknown as Row[];

describe('wide integers', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(checkCondition(row.condition, FIELDS, '', OPTIONS)).toEqual([]);
    expect(compileCondition(row.condition, OPTIONS)(row.record)).toBe(row.expected);
    expect(evaluateCondition(row.condition, row.record, OPTIONS)).toBe(row.expected);
    expect(explainCondition(row.condition, row.record, OPTIONS).holds).toBe(row.expected);
  });

  it('compares as text when the field is not named wide (a String field holding digits)', () => {
    expect(compileCondition({ field: 'Big', op: 'greaterThan', value: '10' })({ Big: '9' })).toBe(true);
    expect(compileCondition({ field: 'Big', op: 'greaterThan', value: 10 })({ Big: '9' })).toBe(false);
  });

  it('checks the values a wide field takes: decimal strings, numbers within the safe range', () => {
    const codes = (value: unknown) => checkCondition({ field: 'Big', op: 'equal', value }, FIELDS, '', OPTIONS).map((issue) => issue.code);
    expect(codes('9223372036854775807')).toEqual([]);
    expect(codes(-12)).toEqual([]);
    expect(codes(2.5)).toEqual([]);
    expect(codes('nine')).toEqual(['wrong-value-type']);
    expect(codes('007')).toEqual(['wrong-value-type']);
    expect(codes(2 ** 60)).toEqual(['wrong-value-type']);
    expect(checkCondition({ field: 'Big', op: 'equal', value: '5' }, FIELDS)).toEqual([expect.objectContaining({ code: 'wrong-value-type' })]);
    expect(checkCondition({ field: 'Big', op: 'equal', value: 'nine' }, FIELDS, '', OPTIONS)[0]?.message).toContain('decimal string');
  });

  it('treats text that is no number (typed halfway) as unordered, and equal only to itself', () => {
    expect(evaluateCondition({ field: 'Big', op: 'greaterThan', value: 0 }, { Big: '-' }, OPTIONS)).toBe(false);
    expect(evaluateCondition({ field: 'Big', op: 'lessThan', value: 0 }, { Big: '-' }, OPTIONS)).toBe(false);
    expect(evaluateCondition({ field: 'Big', op: 'equal', value: 0 }, { Big: '-' }, OPTIONS)).toBe(false);
  });
});
