import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATORS, type Condition, type ConditionLeaf } from './condition';
import { compileCondition } from './compile-condition';
import { conditionFields } from './condition-fields';
import { evaluateCondition } from './evaluate-condition';
import { explainCondition } from './explain-condition';
import { OPERATOR_SPECS } from './operators';

// Small alphabets on purpose: values must collide often, or equal and the ordering ties never hold.
const text = fc.constantFrom('', 'a', 'b', 'A', 'ab', 'é', '\u{1F600}', '\uFF01', '0', '1');
const num = fc.oneof(fc.constantFrom(0, 1, -1, 2.5, -0.5, 0.1), fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const scalar = fc.oneof(text, num, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'b'), scalar, { maxKeys: 2 }) },
);
const FIELDS = ['A', 'B', 'C', 'Data.X', 'Data.Y.Z'] as const;
const record: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    A: value,
    B: value,
    C: value,
    Data: fc.oneof(value, fc.record({ X: value, Y: fc.oneof(value, fc.record({ Z: value }, { requiredKeys: [] })) }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);
const leaf: fc.Arbitrary<ConditionLeaf> = fc
  .record({ field: fc.constantFrom(...FIELDS), op: fc.constantFrom(...OPERATORS), value })
  .map(({ field, op, value: v }) => (OPERATOR_SPECS[op].arity === 'binary' ? { field, op, value: v } : { field, op }));
const condition: fc.Arbitrary<Condition> = fc.letrec<{ node: Condition }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ whenAll: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({ whenAny: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({ not: tie('node') }),
  ),
})).node;

const run = (c: Condition, r: Record<string, unknown>) => evaluateCondition(c, r);
const params = { numRuns: 500 };

describe('condition algebra', () => {
  it('compile, evaluate and explain agree', () => {
    fc.assert(
      fc.property(condition, record, (c, r) => {
        const expected = run(c, r);
        expect(compileCondition(c)(r)).toBe(expected);
        expect(explainCondition(c, r).holds).toBe(expected);
      }),
      params,
    );
  });

  it('not(not(c)) is c', () => {
    fc.assert(fc.property(condition, record, (c, r) => run({ not: { not: c } }, r) === run(c, r)), params);
  });

  it('a one-child whenAll or whenAny is its child', () => {
    fc.assert(fc.property(condition, record, (c, r) => run({ whenAll: [c] }, r) === run(c, r) && run({ whenAny: [c] }, r) === run(c, r)), params);
  });

  it('De Morgan holds both ways', () => {
    fc.assert(
      fc.property(condition, condition, record, (a, b, r) => {
        const notAll = run({ not: { whenAll: [a, b] } }, r) === run({ whenAny: [{ not: a }, { not: b }] }, r);
        const notAny = run({ not: { whenAny: [a, b] } }, r) === run({ whenAll: [{ not: a }, { not: b }] }, r);
        return notAll && notAny;
      }),
      params,
    );
  });

  it('whenAll and whenAny are boolean and / or, in any order', () => {
    fc.assert(
      fc.property(condition, condition, record, (a, b, r) => {
        const [x, y] = [run(a, r), run(b, r)];
        return run({ whenAll: [a, b] }, r) === (x && y) && run({ whenAll: [b, a] }, r) === (x && y) && run({ whenAny: [a, b] }, r) === (x || y) && run({ whenAny: [b, a] }, r) === (x || y);
      }),
      params,
    );
  });

  it('a condition reads only the fields conditionFields names', () => {
    fc.assert(
      fc.property(condition, record, record, (c, r, other) => {
        const read = conditionFields(c);
        // Take every field the condition reads from r and everything else from `other`.
        const mixed: Record<string, unknown> = { ...other };
        for (const top of ['A', 'B', 'C', 'Data']) if (read.some((f) => f === top || f.startsWith(`${top}.`))) mixed[top] = r[top];
        return run(c, mixed) === run(c, r);
      }),
      params,
    );
  });
});

describe('operator relations', () => {
  const fieldLeaf = (op: ConditionLeaf['op'], v?: unknown): Condition => (v === undefined ? { field: 'A', op } : { field: 'A', op, value: v });

  it('negated pairs are exact negations', () => {
    fc.assert(
      fc.property(record, value, (r, v) => {
        const not = (c: Condition) => !run(c, r);
        return (
          run(fieldLeaf('notEqual', v), r) === not(fieldLeaf('equal', v)) &&
          run(fieldLeaf('notNull'), r) === not(fieldLeaf('null')) &&
          run(fieldLeaf('notEmpty'), r) === not(fieldLeaf('nullOrEmpty')) &&
          run(fieldLeaf('nullOrEmpty'), r) === (run(fieldLeaf('null'), r) || run(fieldLeaf('empty'), r))
        );
      }),
      params,
    );
  });

  it('against a number or a string, exactly one of lessThan, equal, greaterThan holds for a value of the same type, none otherwise', () => {
    fc.assert(
      fc.property(record, fc.oneof(text, num), (r, v) => {
        const lt = run(fieldLeaf('lessThan', v), r);
        const eq = run(fieldLeaf('equal', v), r);
        const gt = run(fieldLeaf('greaterThan', v), r);
        expect(run(fieldLeaf('greaterOrEqual', v), r)).toBe(gt || eq);
        expect(run(fieldLeaf('lessOrEqual', v), r)).toBe(lt || eq);
        const sameType = typeof r.A === typeof v;
        expect(Number(lt) + Number(eq) + Number(gt)).toBe(sameType ? 1 : 0);
      }),
      params,
    );
  });

  it('equal against a primitive is strict identity', () => {
    fc.assert(fc.property(record, scalar, (r, v) => run(fieldLeaf('equal', v), r) === (v === null ? r.A === null || r.A === undefined : r.A === v)), params);
  });
});
