import { describe, expect, it } from 'vitest';
import { MAX_CONDITION_DEPTH, checkCondition } from './check-condition';
import type { ConditionFieldTypes } from './condition-field-types';

const FIELDS: ConditionFieldTypes = { Name: 'String', Kind: 'Number', Active: 'Boolean', Tags: 'Array', Address: 'Object', 'Address.City': 'String' };

const codes = (condition: unknown, at?: string) => checkCondition(condition, FIELDS, at).map((issue) => [issue.path, issue.code]);

describe('checkCondition', () => {
  it('accepts sound conditions of every shape', () => {
    const sound = {
      whenAll: [
        { field: 'Name', op: 'notEmpty' },
        { field: 'Kind', op: 'greaterOrEqual', value: 2 },
        { whenAny: [{ field: 'Active', op: 'true' }, { not: { field: 'Tags', op: 'empty' } }] },
        { field: 'Address.City', op: 'equal', value: 'Bern' },
        { field: 'Address', op: 'equal', value: { City: 'Bern' } },
        { field: 'Tags', op: 'notEqual', value: ['a'] },
        { field: 'Kind', op: 'equal', value: null },
        { whenAll: [] },
        { whenAny: [] },
      ],
    };
    expect(checkCondition(sound, FIELDS)).toEqual([]);
  });

  it('refuses what is not an object', () => {
    for (const odd of [null, 'x', 3, [], true, undefined]) expect(codes(odd)).toEqual([['', 'not-an-object']]);
  });

  it('refuses nodes of no known shape or of two shapes', () => {
    expect(codes({})).toEqual([['', 'unknown-node']]);
    expect(codes({ whenAll: [], whenAny: [] })).toEqual([['', 'unknown-node']]);
    expect(codes({ whenAll: [], field: 'Name', op: 'empty' })).toEqual([['', 'unknown-node']]);
    expect(codes({ and: [] })).toEqual([['', 'unknown-node']]);
  });

  it('refuses extra properties on combinators and leaves', () => {
    expect(codes({ whenAll: [], label: 'x' })).toEqual([['/label', 'unknown-property']]);
    expect(codes({ field: 'Name', op: 'empty', values: [] })).toEqual([['/values', 'unknown-property']]);
  });

  it('refuses whenAll / whenAny that are not arrays', () => {
    expect(codes({ whenAll: { field: 'Name', op: 'empty' } })).toEqual([['/whenAll', 'not-an-array']]);
    expect(codes({ whenAny: null })).toEqual([['/whenAny', 'not-an-array']]);
  });

  it('reports unknown operators and fields, naming both', () => {
    const [unknownOp] = checkCondition({ field: 'Name', op: 'contains', value: 'x' }, FIELDS);
    expect(unknownOp).toMatchObject({ path: '/op', code: 'unknown-operator' });
    expect(unknownOp!.message).toContain('"Name"');
    expect(unknownOp!.message).toContain('contains');
    const [unknownField] = checkCondition({ field: 'Colour', op: 'empty' }, FIELDS);
    expect(unknownField).toMatchObject({ path: '/field', code: 'unknown-field' });
    expect(unknownField!.message).toContain('"Colour"');
    expect(unknownField!.message).toContain('empty');
    expect(codes({ field: 'Name' })).toEqual([['/op', 'unknown-operator']]);
    expect(codes({ field: 'Name', op: 'constructor' })).toEqual([['/op', 'unknown-operator']]);
    expect(codes({ field: 'toString', op: 'null' })).toEqual([['/field', 'unknown-field']]);
    expect(codes({ field: 'Address.Zip', op: 'null' })).toEqual([['/field', 'unknown-field']]);
  });

  it('refuses a missing or blank field', () => {
    expect(codes({ op: 'empty' })).toEqual([['/field', 'invalid-field']]);
    expect(codes({ field: '', op: 'empty' })).toEqual([['/field', 'invalid-field']]);
    expect(codes({ field: 3, op: 'empty' })).toEqual([['/field', 'invalid-field']]);
  });

  it('checks arity', () => {
    const [extra] = checkCondition({ field: 'Name', op: 'empty', value: '' }, FIELDS);
    expect(extra).toMatchObject({ path: '/value', code: 'unexpected-value' });
    expect(extra!.message).toBe('Operator "empty" on field "Name" takes no value');
    const [missing] = checkCondition({ field: 'Kind', op: 'greaterThan' }, FIELDS);
    expect(missing).toMatchObject({ path: '', code: 'missing-value' });
    expect(missing!.message).toBe('Operator "greaterThan" on field "Kind" needs a value');
    expect(codes({ field: 'Active', op: 'true', value: null })).toEqual([['/value', 'unexpected-value']]);
  });

  it('refuses operators that cannot apply to the field kind', () => {
    const [issue] = checkCondition({ field: 'Name', op: 'positive' }, FIELDS);
    expect(issue).toMatchObject({ path: '/op', code: 'operator-not-applicable' });
    expect(issue!.message).toBe('Operator "positive" cannot apply to String field "Name" (it applies to Number fields)');
    expect(codes({ field: 'Kind', op: 'true' })).toEqual([['/op', 'operator-not-applicable']]);
    expect(codes({ field: 'Kind', op: 'empty' })).toEqual([['/op', 'operator-not-applicable']]);
    expect(codes({ field: 'Active', op: 'greaterThan', value: true })).toEqual([['/op', 'operator-not-applicable']]);
    expect(codes({ field: 'Tags', op: 'lessThan', value: [] })).toEqual([['/op', 'operator-not-applicable']]);
    expect(codes({ field: 'Address', op: 'zero' })).toEqual([['/op', 'operator-not-applicable']]);
  });

  it('refuses values of the wrong type for the field', () => {
    const [issue] = checkCondition({ field: 'Kind', op: 'equal', value: '2' }, FIELDS);
    expect(issue).toMatchObject({ path: '/value', code: 'wrong-value-type' });
    expect(issue!.message).toContain('"Kind"');
    expect(issue!.message).toContain('"equal"');
    expect(codes({ field: 'Name', op: 'equal', value: 2 })).toEqual([['/value', 'wrong-value-type']]);
    expect(codes({ field: 'Active', op: 'equal', value: 'true' })).toEqual([['/value', 'wrong-value-type']]);
    expect(codes({ field: 'Tags', op: 'equal', value: {} })).toEqual([['/value', 'wrong-value-type']]);
    expect(codes({ field: 'Address', op: 'equal', value: [] })).toEqual([['/value', 'wrong-value-type']]);
    expect(codes({ field: 'Kind', op: 'equal', value: Number.POSITIVE_INFINITY })).toEqual([['/value', 'wrong-value-type']]);
  });

  it('allows a null value for equal / notEqual only', () => {
    expect(codes({ field: 'Name', op: 'notEqual', value: null })).toEqual([]);
    expect(codes({ field: 'Kind', op: 'greaterThan', value: null })).toEqual([['/value', 'wrong-value-type']]);
  });

  it('prefixes paths with `at` and points into nested nodes', () => {
    const condition = { whenAll: [{ field: 'Name', op: 'empty' }, { not: { whenAny: [{ field: 'Kind', op: 'positive' }, { field: 'Kind', op: 'nope' }] } }] };
    expect(codes(condition, '/fields/3/readonly')).toEqual([['/fields/3/readonly/whenAll/1/not/whenAny/1/op', 'unknown-operator']]);
  });

  it('reports every issue, not only the first', () => {
    const condition = { whenAny: [{ field: 'X', op: 'empty' }, { field: 'Name', op: 'zero' }, 7] };
    expect(codes(condition)).toEqual([
      ['/whenAny/0/field', 'unknown-field'],
      ['/whenAny/1/op', 'operator-not-applicable'],
      ['/whenAny/2', 'not-an-object'],
    ]);
  });

  it('escapes odd property names in paths', () => {
    expect(codes({ whenAll: [], 'a/b~c': 1 })).toEqual([['/a~1b~0c', 'unknown-property']]);
  });

  it('refuses conditions nested deeper than the limit instead of overflowing the stack', () => {
    let deep: unknown = { field: 'Name', op: 'empty' };
    for (let i = 0; i < 10_000; i++) deep = { not: deep };
    const issues = checkCondition(deep, FIELDS);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.code).toBe('too-deep');
    let ok: unknown = { field: 'Name', op: 'empty' };
    for (let i = 0; i < MAX_CONDITION_DEPTH; i++) ok = { not: ok };
    expect(checkCondition(ok, FIELDS)).toEqual([]);
  });
});
