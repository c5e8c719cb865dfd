import type { Condition, Operator } from './condition';
import { OPERATOR_SPECS, isOperator } from './operators';
import { resolveField } from './resolve-field';
import { operatorTest, type ConditionOptions } from './wide-integers';

/**
 * A translation key of an explanation. Each key has two messages, one for `holds: true` and one for
 * `holds: false` (see ENGLISH_EXPLANATION_MESSAGES).
 */
export type ExplanationKey = `condition.leaf.${Operator}` | 'condition.all' | 'condition.any' | 'condition.not' | 'condition.invalid';

/** Parameters of an explanation message. */
export interface ExplanationParams {
  /** Leaves: the field path read. */
  field?: string;
  /** Binary leaves: the leaf's value. */
  value?: unknown;
  /** Leaves: the record's value (`undefined` when the field is missing). */
  actual?: unknown;
  /** whenAll / whenAny: how many children the node has (children lists only the relevant ones). */
  count?: number;
}

/** Why a condition holds or not, as a translatable key with parameters, down to the leaves that decide. */
export interface Explanation {
  holds: boolean;
  key: ExplanationKey;
  params: ExplanationParams;
  /**
   * The children that decide the result: for whenAll that holds, all of them; that fails, the failing
   * ones; for whenAny that holds, the first that holds; that fails, all of them; for not, its child.
   */
  children?: Explanation[];
}

/**
 * Evaluates a condition against a record and says why it holds or not, e.g.
 * `{ holds: false, key: 'condition.leaf.equal', params: { field: 'Status', value: 'Closed', actual: 'Open' } }`.
 * Its `holds` is always what `evaluateCondition` answers. Unlike evaluation it visits every child of
 * whenAll, to name every failing one; use it for messages, not in hot loops. `options.decimalStrings`: as
 * `compileCondition`.
 */
export function explainCondition(condition: Condition, record: Record<string, unknown>, options?: ConditionOptions): Explanation {
  if (typeof condition === 'object' && condition !== null) {
    if ('whenAll' in condition && Array.isArray(condition.whenAll)) {
      const all = condition.whenAll.map((child) => explainCondition(child, record, options));
      const failing = all.filter((child) => !child.holds);
      const holds = failing.length === 0;
      return { holds, key: 'condition.all', params: { count: all.length }, children: holds ? all : failing };
    }
    if ('whenAny' in condition && Array.isArray(condition.whenAny)) {
      const all: Explanation[] = [];
      for (const child of condition.whenAny) {
        const explanation = explainCondition(child, record, options);
        if (explanation.holds) return { holds: true, key: 'condition.any', params: { count: condition.whenAny.length }, children: [explanation] };
        all.push(explanation);
      }
      return { holds: false, key: 'condition.any', params: { count: all.length }, children: all };
    }
    if ('not' in condition) {
      const inner = explainCondition(condition.not, record, options);
      return { holds: !inner.holds, key: 'condition.not', params: {}, children: [inner] };
    }
    if ('field' in condition && typeof condition.field === 'string' && isOperator(condition.op)) {
      const { field, op, value } = condition;
      const actual = resolveField(record, field);
      const spec = OPERATOR_SPECS[op];
      const params: ExplanationParams = spec.arity === 'binary' ? { field, value, actual } : { field, actual };
      return { holds: operatorTest(op, field, options, spec.test)(actual, value), key: `condition.leaf.${op}`, params };
    }
  }
  // Unreachable for a checked condition; evaluateCondition answers false here too.
  return { holds: false, key: 'condition.invalid', params: {} };
}
