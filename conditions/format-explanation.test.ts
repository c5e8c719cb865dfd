import { describe, expect, it } from 'vitest';
import type { Condition } from './condition';
import { OPERATORS } from './condition';
import { explainCondition } from './explain-condition';
import { ENGLISH_EXPLANATION_MESSAGES, formatConditionValue, formatExplanation } from './format-explanation';

const closed: Condition = { field: 'Status', op: 'equal', value: 'Closed' };
const say = (condition: Condition, record: Record<string, unknown>, labels?: (field: string) => string) => formatExplanation(explainCondition(condition, record), labels);

describe('formatExplanation', () => {
  it('says why a leaf holds or not', () => {
    expect(say(closed, { Status: 'Closed' })).toBe('Status equals Closed');
    expect(say(closed, { Status: 'Open' })).toBe('Status does not equal Closed');
    expect(say({ field: 'Total', op: 'positive' }, { Total: 0 })).toBe('Total is not positive');
    expect(say({ field: 'Note', op: 'empty' }, { Note: '' })).toBe('Note is empty');
  });

  it('uses labels for fields', () => {
    expect(say(closed, { Status: 'Closed' }, (field) => (field === 'Status' ? 'Order status' : field))).toBe('Order status equals Closed');
  });

  it('explains not by what its child found', () => {
    expect(say({ not: closed }, { Status: 'Open' })).toBe('Status does not equal Closed');
    expect(say({ not: { not: closed } }, { Status: 'Closed' })).toBe('Status equals Closed');
  });

  it('names the failing children of whenAll and the holding child of whenAny', () => {
    const paid: Condition = { field: 'Paid', op: 'true' };
    const big: Condition = { field: 'Total', op: 'greaterThan', value: 100 };
    expect(say({ whenAll: [closed, paid, big] }, { Status: 'Closed', Paid: true, Total: 5 })).toBe('Total is not greater than 100');
    expect(say({ whenAll: [closed, paid, big] }, { Status: 'Open', Paid: true, Total: 5 })).toBe('Status does not equal Closed and Total is not greater than 100');
    expect(say({ whenAny: [closed, paid] }, { Status: 'Open', Paid: true })).toBe('Paid is true');
    expect(say({ whenAny: [closed, paid] }, { Status: 'Open' })).toBe('Status does not equal Closed and Paid is not true');
    expect(say({ whenAll: [closed, { whenAny: [paid, big] }] }, { Status: 'Closed', Total: 200, Paid: true })).toBe('Status equals Closed and Paid is true');
    expect(say({ whenAll: [closed, { whenAll: [paid, big] }] }, { Status: 'Closed', Total: 200, Paid: true })).toBe('Status equals Closed and (Paid is true and Total is greater than 100)');
  });

  it('has something to say for empty combinators', () => {
    expect(say({ whenAll: [] }, {})).toBe('there is nothing to meet');
    expect(say({ whenAny: [] }, {})).toBe('there are no alternatives');
  });

  it('has a message pair for every operator', () => {
    for (const op of OPERATORS) {
      const message = ENGLISH_EXPLANATION_MESSAGES[`condition.leaf.${op}`];
      expect(message.holds).toContain('{field}');
      expect(message.holds).not.toBe(message.fails);
    }
  });
});

describe('formatConditionValue', () => {
  it('renders values readably and shortens long ones', () => {
    expect(formatConditionValue('Closed')).toBe('Closed');
    expect(formatConditionValue('twelve chars')).toBe('twelve chars');
    expect(formatConditionValue('thirteen char')).toBe('thirteen ch…');
    expect(formatConditionValue('')).toBe('""');
    expect(formatConditionValue(null)).toBe('(none)');
    expect(formatConditionValue(undefined)).toBe('(missing)');
    expect(formatConditionValue(2.5)).toBe('2.5');
    expect(formatConditionValue(false)).toBe('false');
    expect(formatConditionValue(['a'])).toBe('["a"]');
  });
  it('does not throw on cyclic values', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatConditionValue(cyclic)).toBe('(unprintable)');
  });
});
