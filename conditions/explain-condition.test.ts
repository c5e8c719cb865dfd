import { describe, expect, it } from 'vitest';
import type { Condition } from './condition';
import { explainCondition } from './explain-condition';

const closed: Condition = { field: 'Status', op: 'equal', value: 'Closed' };
const paid: Condition = { field: 'Paid', op: 'true' };
const big: Condition = { field: 'Total', op: 'greaterThan', value: 100 };

describe('explainCondition', () => {
  it('explains a leaf with its field, value and the actual value', () => {
    expect(explainCondition(closed, { Status: 'Open' })).toEqual({ holds: false, key: 'condition.leaf.equal', params: { field: 'Status', value: 'Closed', actual: 'Open' } });
    expect(explainCondition(paid, {})).toEqual({ holds: false, key: 'condition.leaf.true', params: { field: 'Paid', actual: undefined } });
  });

  it('points a failing whenAll at its failing children only', () => {
    const explanation = explainCondition({ whenAll: [closed, paid, big] }, { Status: 'Closed', Paid: false, Total: 5 });
    expect(explanation.holds).toBe(false);
    expect(explanation.params).toEqual({ count: 3 });
    expect(explanation.children?.map((child) => child.key)).toEqual(['condition.leaf.true', 'condition.leaf.greaterThan']);
  });

  it('lists every child of a whenAll that holds', () => {
    const explanation = explainCondition({ whenAll: [closed, paid] }, { Status: 'Closed', Paid: true });
    expect(explanation.holds).toBe(true);
    expect(explanation.children).toHaveLength(2);
  });

  it('points a whenAny that holds at the first child that holds', () => {
    const explanation = explainCondition({ whenAny: [closed, paid, big] }, { Status: 'Open', Paid: true, Total: 500 });
    expect(explanation.holds).toBe(true);
    expect(explanation.children).toEqual([{ holds: true, key: 'condition.leaf.true', params: { field: 'Paid', actual: true } }]);
  });

  it('lists every child of a whenAny that fails', () => {
    const explanation = explainCondition({ whenAny: [closed, paid] }, {});
    expect(explanation.holds).toBe(false);
    expect(explanation.children?.every((child) => !child.holds)).toBe(true);
    expect(explanation.children).toHaveLength(2);
  });

  it('explains not through its child', () => {
    const explanation = explainCondition({ not: closed }, { Status: 'Open' });
    expect(explanation).toMatchObject({ holds: true, key: 'condition.not', children: [{ holds: false, key: 'condition.leaf.equal' }] });
  });

  it('explains empty combinators', () => {
    expect(explainCondition({ whenAll: [] }, {})).toEqual({ holds: true, key: 'condition.all', params: { count: 0 }, children: [] });
    expect(explainCondition({ whenAny: [] }, {})).toEqual({ holds: false, key: 'condition.any', params: { count: 0 }, children: [] });
  });

  it('marks invalid nodes instead of throwing', () => {
    expect(explainCondition({ foo: 1 } as unknown as Condition, {})).toEqual({ holds: false, key: 'condition.invalid', params: {} });
  });
});
