import { describe, expect, it } from 'vitest';
import table from '../fixtures/conditions/exact-decimals.json';
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

/** The fields of fixtures/conditions/README.md "Exact decimals": numeric(30,4) and numeric(40,10) as decimal strings. */
const FIELDS: ConditionFieldTypes = { Amount: 'Number', Rate: 'Number' };
const OPTIONS = { decimalStrings: new Set(['Amount', 'Rate']) };
const rows = table as unknown as Row[];

describe('exact decimals', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(checkCondition(row.condition, FIELDS, '', OPTIONS)).toEqual([]);
    expect(compileCondition(row.condition, OPTIONS)(row.record)).toBe(row.expected);
    expect(evaluateCondition(row.condition, row.record, OPTIONS)).toBe(row.expected);
    expect(explainCondition(row.condition, row.record, OPTIONS).holds).toBe(row.expected);
  });

  it('would round without being named: the last digits of 30 are lost to a double', () => {
    const condition: Condition = { field: 'Amount', op: 'equal', value: Number('12345678901234567890123456.7892') };
    expect(compileCondition(condition)({ Amount: Number('12345678901234567890123456.7891') })).toBe(true);
    expect(compileCondition({ field: 'Amount', op: 'equal', value: '12345678901234567890123456.7892' }, OPTIONS)({ Amount: '12345678901234567890123456.7891' })).toBe(false);
  });

  it('checks the literals a decimal-string field takes: decimal text, numbers within the safe range', () => {
    const codes = (value: unknown) => checkCondition({ field: 'Amount', op: 'lessThan', value }, FIELDS, '', OPTIONS).map((issue) => issue.code);
    expect(codes('-12.50')).toEqual([]);
    expect(codes('0.0001')).toEqual([]);
    expect(codes(2.5)).toEqual([]);
    expect(codes('1e5')).toEqual(['wrong-value-type']);
    expect(codes('01.5')).toEqual(['wrong-value-type']);
    expect(codes('1.')).toEqual(['wrong-value-type']);
    expect(codes('1,5')).toEqual(['wrong-value-type']);
    expect(codes(1e300)).toEqual(['wrong-value-type']);
  });

  it('treats text that is no number (typed halfway) as unordered, and equal only to itself', () => {
    expect(evaluateCondition({ field: 'Amount', op: 'greaterThan', value: 0 }, { Amount: '12.' }, OPTIONS)).toBe(false);
    expect(evaluateCondition({ field: 'Amount', op: 'equal', value: '12' }, { Amount: '12.' }, OPTIONS)).toBe(false);
  });
});
