import { describe, expect, it } from 'vitest';
import { OPERATORS } from './condition';
import { OPERATOR_SPECS, applyOperator, isEmptyValue, isOperator } from './operators';

// Values of every kind, including ones the checker keeps away from a field (a string in a Number
// field): the operators must still answer, and answer false where the kind does not fit.
const SAMPLES: Record<string, unknown> = {
  emptyString: '',
  string: 'abc',
  numericString: '1',
  zero: 0,
  one: 1,
  negative: -2.5,
  decimal: 0.5,
  nan: Number.NaN,
  true: true,
  false: false,
  null: null,
  missing: undefined,
  emptyArray: [],
  array: [1],
  emptyObject: {},
  object: { a: 1 },
  date: new Date(0),
};

function holdingFor(op: (typeof OPERATORS)[number], value?: unknown): string[] {
  return Object.entries(SAMPLES)
    .filter(([, actual]) => applyOperator(op, actual, value))
    .map(([name]) => name);
}

describe('unary operators over every value kind', () => {
  it('empty holds for "", [] and {} only', () => {
    expect(holdingFor('empty')).toEqual(['emptyString', 'emptyArray', 'emptyObject']);
  });
  it('null holds for null and missing only', () => {
    expect(holdingFor('null')).toEqual(['null', 'missing']);
  });
  it('nullOrEmpty is null or empty', () => {
    expect(holdingFor('nullOrEmpty')).toEqual(['emptyString', 'null', 'missing', 'emptyArray', 'emptyObject']);
  });
  it('notEmpty is the negation of nullOrEmpty, so 0 and false are not empty', () => {
    const notEmpty = holdingFor('notEmpty');
    expect(notEmpty).toContain('zero');
    expect(notEmpty).toContain('false');
    expect(notEmpty.sort()).toEqual(Object.keys(SAMPLES).filter((k) => !holdingFor('nullOrEmpty').includes(k)).sort());
  });
  it('notNull is the negation of null', () => {
    expect(holdingFor('notNull')).toEqual(Object.keys(SAMPLES).filter((k) => k !== 'null' && k !== 'missing'));
  });
  it('number operators hold on numbers only, never on numeric strings or booleans', () => {
    expect(holdingFor('zero')).toEqual(['zero']);
    expect(holdingFor('one')).toEqual(['one']);
    expect(holdingFor('positive')).toEqual(['one', 'decimal']);
    expect(holdingFor('negative')).toEqual(['negative']);
    expect(applyOperator('zero', -0)).toBe(true);
  });
  it('true and false hold on booleans only, not on truthy or falsy values', () => {
    expect(holdingFor('true')).toEqual(['true']);
    expect(holdingFor('false')).toEqual(['false']);
  });
  it('an object whose keys are all undefined is empty, a class instance is not', () => {
    expect(isEmptyValue({ a: undefined })).toBe(true);
    expect(isEmptyValue(Object.create(null))).toBe(true);
    expect(isEmptyValue(new Date(0))).toBe(false);
  });
});

describe('binary operators', () => {
  it('equal does not coerce', () => {
    expect(applyOperator('equal', '1', 1)).toBe(false);
    expect(applyOperator('equal', 1, '1')).toBe(false);
    expect(applyOperator('equal', 0, false)).toBe(false);
    expect(applyOperator('equal', '', null)).toBe(false);
  });
  it('equal with a null value holds for null and missing', () => {
    expect(holdingFor('equal', null)).toEqual(['null', 'missing']);
  });
  it('equal compares arrays and objects deeply', () => {
    expect(applyOperator('equal', { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(applyOperator('equal', [1, 2], [2, 1])).toBe(false);
  });
  it('notEqual is exactly the negation of equal for every sample', () => {
    for (const value of ['abc', 0, 1, true, null, [], {}]) {
      for (const actual of Object.values(SAMPLES)) {
        expect(applyOperator('notEqual', actual, value)).toBe(!applyOperator('equal', actual, value));
      }
    }
  });
  it('ordering holds only within numbers or within strings', () => {
    expect(holdingFor('greaterThan', 0)).toEqual(['one', 'decimal']);
    expect(holdingFor('lessOrEqual', 0)).toEqual(['zero', 'negative']);
    expect(holdingFor('greaterOrEqual', '')).toEqual(['emptyString', 'string', 'numericString']);
    expect(applyOperator('greaterThan', true, false)).toBe(false);
    expect(applyOperator('greaterOrEqual', [1], [1])).toBe(false);
    expect(applyOperator('lessThan', null, 1)).toBe(false);
    expect(applyOperator('lessThan', 1, null)).toBe(false);
  });
  it('ordering of strings is by code point, not by locale', () => {
    expect(applyOperator('lessThan', 'B', 'a')).toBe(true);
    expect(applyOperator('greaterThan', 'é', 'z')).toBe(true);
    expect(applyOperator('greaterThan', '\u{1F600}', '\uFF01')).toBe(true);
  });
});

describe('operator table', () => {
  it('describes every operator of the language, and nothing else', () => {
    expect(Object.keys(OPERATOR_SPECS).sort()).toEqual([...OPERATORS].sort());
  });
  it('classifies arity as the spec lists it', () => {
    const binary = OPERATORS.filter((op) => OPERATOR_SPECS[op].arity === 'binary');
    expect(binary.sort()).toEqual(['equal', 'greaterOrEqual', 'greaterThan', 'lessOrEqual', 'lessThan', 'notEqual']);
  });
  it('recognises operator names only', () => {
    expect(isOperator('equal')).toBe(true);
    expect(isOperator('equals')).toBe(false);
    expect(isOperator('toString')).toBe(false);
    expect(isOperator(1)).toBe(false);
  });
});
