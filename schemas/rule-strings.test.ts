import { describe, expect, it } from 'vitest';
import { evaluateRules, fieldRules, isEmptyValue, modelRules, parseRules } from './rule-strings';

const keys = (rules: string, value: unknown) => evaluateRules(parseRules(rules).rules, value).map((f) => f.key);

describe('parseRules', () => {
  it('parses rules joined by |', () => {
    expect(parseRules('required|id|maxLength:32|min:-1.5')).toEqual({
      rules: [{ name: 'required' }, { name: 'id' }, { name: 'maxLength', arg: 32 }, { name: 'min', arg: -1.5 }],
      errors: [],
    });
    expect(parseRules('')).toEqual({ rules: [], errors: [] });
  });

  it('reports unknown rules and bad arguments', () => {
    expect(parseRules('lenght:3').errors[0]).toMatch(/^unknown rule 'lenght' \(known: required, id,/);
    expect(parseRules('maxLength').errors).toEqual(["rule 'maxLength' needs a number, e.g. 'maxLength:10'"]);
    expect(parseRules('maxLength:-1').errors).toEqual(["rule 'maxLength' has a bad argument '-1' (expected a whole number >= 0)"]);
    expect(parseRules('minLength:2.5').errors).toHaveLength(1);
    expect(parseRules('max:abc').errors).toEqual(["rule 'max' has a bad argument 'abc' (expected a number)"]);
    expect(parseRules('required:1').errors).toEqual(["rule 'required' takes no argument"]);
    expect(parseRules('id||numeric').errors).toEqual(["empty rule (two '|' in a row?)"]);
    expect(parseRules('unique').errors).toHaveLength(1); // unique comes from the model only
  });
});

describe('evaluateRules', () => {
  it('required refuses null, blank text and empty lists', () => {
    for (const value of [null, undefined, '', '  ', []]) expect(keys('required', value)).toEqual(['required']);
    for (const value of [0, false, 'x', [1]]) expect(keys('required', value)).toEqual([]);
  });

  it('id: letters and digits, groups joined by single hyphens', () => {
    for (const ok of ['A1', 'abc-123', 'x-y-z', 'Größe-2']) expect(keys('id', ok)).toEqual([]);
    for (const bad of ['-a', 'a-', 'a--b', 'a b', 'a_b', 12]) expect(keys('id', bad)).toEqual(['id']);
  });

  it('numeric, integer and decimal', () => {
    expect(keys('numeric', '12.5')).toEqual([]);
    expect(keys('numeric', 'x')).toEqual(['numeric']);
    expect(keys('integer', 3)).toEqual([]);
    expect(keys('integer', 3.5)).toEqual(['integer']);
    expect(keys('decimal', 3.5)).toEqual([]);
    expect(keys('decimal', true)).toEqual(['decimal']);
  });

  it('length and value bounds with their parameters', () => {
    expect(evaluateRules(parseRules('maxLength:3').rules, 'abcd', 'Code')).toEqual([{ key: 'maxLength', params: { label: 'Code', max: 3, actual: 4 } }]);
    expect(keys('minLength:2', 'a')).toEqual(['minLength']);
    expect(keys('min:1|max:5', 0)).toEqual(['min']);
    expect(keys('min:1|max:5', 6)).toEqual(['max']);
    expect(keys('min:1|max:5', 3)).toEqual([]);
  });

  it('optional rules pass on empty values', () => {
    expect(keys('id|numeric|integer|minLength:3|min:1', null)).toEqual([]);
  });

  it('mayRequired wants a number but accepts 0', () => {
    expect(keys('mayRequired', 0)).toEqual([]);
    expect(keys('mayRequired', null)).toEqual(['mayRequired']);
    expect(keys('mayRequired', '')).toEqual(['mayRequired']);
  });

  it('unique always passes on the client', () => {
    expect(evaluateRules([{ name: 'unique' }], 'taken')).toEqual([]);
  });
});

describe('modelRules', () => {
  it('derives required, unique, lengths and effective bounds', () => {
    expect(modelRules({ name: 'A', type: 'String', required: true, unique: true, minLength: 1, maxLength: 9 })).toEqual([
      { name: 'required' }, { name: 'unique' }, { name: 'minLength', arg: 1 }, { name: 'maxLength', arg: 9 },
    ]);
    expect(modelRules({ name: 'B', type: 'Number', managedType: 'byte', max: 300 })).toEqual([{ name: 'min', arg: 0 }, { name: 'max', arg: 255 }]);
  });

  it('fieldRules adds the rule string to the model rules', () => {
    expect(fieldRules({ name: 'C', type: 'String', required: true, rules: 'id' })).toEqual([{ name: 'required' }, { name: 'id' }]);
  });

  it('isEmptyValue', () => {
    expect([null, undefined, '', ' ', []].every(isEmptyValue)).toBe(true);
    expect([0, false, {}, 'a'].some(isEmptyValue)).toBe(false);
  });
});
