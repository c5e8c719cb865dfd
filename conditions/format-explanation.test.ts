import { describe, expect, it } from 'vitest';
import type { Condition } from './condition';
import { OPERATORS, type Operator } from './condition';
import { explainCondition } from './explain-condition';
import { ENGLISH_EXPLANATION_MESSAGES, ENGLISH_EXPLANATIONS, formatConditionValue, formatExplanation, type ExplanationMessages } from './format-explanation';

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

  it('shows the label of a value where the field has one, whole', () => {
    const kinds: Record<number, string> = { 3: 'Voucher', 4: 'Gift card with a long name' };
    const valueLabels = (field: string, value: unknown) => (field === 'Kind' ? kinds[value as number] : undefined);
    const kind = (op: Operator, value: number, record: Record<string, unknown>) =>
      formatExplanation(explainCondition({ field: 'Kind', op, value }, record), undefined, undefined, valueLabels);
    expect(kind('equal', 3, { Kind: 3 })).toBe('Kind equals Voucher');
    expect(kind('greaterThan', 4, { Kind: 1 })).toBe('Kind is not greater than Gift card with a long name');
    expect(kind('equal', 7, { Kind: 7 })).toBe('Kind equals 7'); // no label: the value itself
    expect(formatExplanation(explainCondition({ field: 'Kind', op: 'null' }, { Kind: null }), undefined, undefined, valueLabels)).toBe('Kind is not set');
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

describe('formatExplanation in another language', () => {
  // A made-up German set: the pairs of the operators used here, the rest left English, all words replaced.
  const german: ExplanationMessages = {
    pairs: {
      ...ENGLISH_EXPLANATION_MESSAGES,
      'condition.leaf.equal': { holds: '{field} ist gleich {value}', fails: '{field} ist nicht gleich {value}' },
      'condition.leaf.true': { holds: '{field} ist wahr', fails: '{field} ist nicht wahr' },
      'condition.leaf.greaterThan': { holds: '{field} ist größer als {value}', fails: '{field} ist nicht größer als {value}' },
      'condition.all': { holds: 'es gibt nichts zu erfüllen', fails: 'eine Bedingung ist nicht erfüllt' },
    },
    and: '{left} und {right}',
    group: '[{text}]',
    missing: '(fehlt)',
    none: '(leer)',
    unprintable: '(nicht darstellbar)',
    emptyText: '„“',
  };
  const sayIn = (condition: Condition, record: Record<string, unknown>) => formatExplanation(explainCondition(condition, record), (field) => field, german);
  const paid: Condition = { field: 'Paid', op: 'true' };
  const big: Condition = { field: 'Total', op: 'greaterThan', value: 100 };

  it('uses its pairs, its joiner and its grouping', () => {
    expect(sayIn(closed, { Status: 'Closed' })).toBe('Status ist gleich Closed');
    expect(sayIn({ not: closed }, { Status: 'Open' })).toBe('Status ist nicht gleich Closed');
    expect(sayIn({ whenAll: [closed, paid, big] }, { Status: 'Open', Total: 5 })).toBe('Status ist nicht gleich Closed und Paid ist nicht wahr und Total ist nicht größer als 100');
    expect(sayIn({ whenAll: [closed, { whenAll: [paid, big] }] }, { Status: 'Closed', Total: 200, Paid: true })).toBe('Status ist gleich Closed und [Paid ist wahr und Total ist größer als 100]');
    expect(sayIn({ whenAll: [] }, {})).toBe('es gibt nichts zu erfüllen');
  });

  it('writes null, missing and empty values in its words', () => {
    expect(sayIn({ field: 'Status', op: 'equal', value: null }, { Status: 'Open' })).toBe('Status ist nicht gleich (leer)');
    expect(sayIn({ field: 'Status', op: 'equal', value: '' }, { Status: 'Open' })).toBe('Status ist nicht gleich „“');
    expect(formatConditionValue(undefined, german)).toBe('(fehlt)');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatConditionValue(cyclic, german)).toBe('(nicht darstellbar)');
  });

  it('does not read placeholders inside the labels and values it puts in', () => {
    const tricky: Condition = { field: 'Note', op: 'equal', value: '{right}' };
    expect(formatExplanation(explainCondition({ whenAll: [tricky, paid] }, {}), () => '{value}', german)).toBe('{value} ist nicht gleich {right} und {value} ist nicht wahr');
  });

  it('is English by default', () => {
    expect(formatExplanation(explainCondition(closed, { Status: 'Open' }), undefined, ENGLISH_EXPLANATIONS)).toBe('Status does not equal Closed');
  });
});
