import { describe, expect, it } from 'vitest';
import table from '../fixtures/conditions/truth-table.json';
import { OPERATORS, type Condition } from './condition';
import { checkCondition } from './check-condition';
import type { ConditionFieldTypes } from './condition-field-types';
import { compileCondition } from './compile-condition';
import { conditionFields } from './condition-fields';
import { evaluateCondition } from './evaluate-condition';
import { explainCondition } from './explain-condition';

interface Row {
  name: string;
  condition: Condition;
  record: Record<string, unknown>;
  expected: boolean;
}

/** The fixed field set of fixtures/conditions/README.md: one SQL table holds every record. */
const FIELDS: ConditionFieldTypes = {
  Text: 'String',
  Count: 'Number',
  Flag: 'Boolean',
  Tags: 'Array',
  Data: 'Object',
  'Data.Name': 'String',
  'Data.Qty': 'Number',
  'Data.Inner.Code': 'String',
  When: 'String',
};
const COLUMNS = ['Text', 'Count', 'Flag', 'Tags', 'Data', 'When'];

const rows = table as unknown as Row[];

function collectOps(condition: Condition, into: Set<string>): Set<string> {
  if ('whenAll' in condition) condition.whenAll.forEach((c) => collectOps(c, into));
  else if ('whenAny' in condition) condition.whenAny.forEach((c) => collectOps(c, into));
  else if ('not' in condition) collectOps(condition.not, into);
  else into.add(condition.op);
  return into;
}

describe('truth table', () => {
  it('is big enough, named uniquely, and covers every operator and combinator', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    const ops = new Set<string>();
    for (const row of rows) collectOps(row.condition, ops);
    expect([...ops].sort()).toEqual([...OPERATORS].sort());
    const json = JSON.stringify(rows.map((row) => row.condition));
    for (const combinator of ['"whenAll":[]', '"whenAny":[]', '"not"', '"whenAll":[{', '"whenAny":[{']) expect(json).toContain(combinator);
    expect(rows.some((row) => row.expected)).toBe(true);
    expect(rows.some((row) => !row.expected)).toBe(true);
  });

  it('stays within the documented SQL columns', () => {
    for (const row of rows) {
      for (const key of Object.keys(row.record)) expect(COLUMNS, row.name).toContain(key);
      expect(checkCondition(row.condition, FIELDS), row.name).toEqual([]);
    }
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s', (_, row) => {
    expect(compileCondition(row.condition)(row.record)).toBe(row.expected);
    expect(evaluateCondition(row.condition, row.record)).toBe(row.expected);
    expect(explainCondition(row.condition, row.record).holds).toBe(row.expected);
  });

  it('gives the same answers when absent fields are written as null (SQL cannot tell them apart)', () => {
    for (const row of rows) {
      const withNulls: Record<string, unknown> = Object.fromEntries(COLUMNS.map((column) => [column, null]));
      Object.assign(withNulls, row.record);
      if (conditionFields(row.condition).some((field) => field.includes('.'))) continue; // nested absence is a jsonb matter
      expect(evaluateCondition(row.condition, withNulls), row.name).toBe(row.expected);
    }
  });
});
