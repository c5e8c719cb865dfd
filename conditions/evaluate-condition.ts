import type { Condition } from './condition';
import { OPERATOR_SPECS, isOperator } from './operators';
import { resolveField } from './resolve-field';
import { operatorTest, type ConditionOptions } from './wide-integers';

/**
 * Evaluates a checked condition against one record by walking the tree, without compiling: for a
 * condition used once. Use `compileCondition` for one evaluated many times. An unknown node or
 * operator (which the checker refuses) evaluates to false rather than throwing. `options.decimalStrings`: as
 * `compileCondition`.
 */
export function evaluateCondition(condition: Condition, record: Record<string, unknown>, options?: ConditionOptions): boolean {
  if (typeof condition !== 'object' || condition === null) return false;
  if ('whenAll' in condition) {
    if (!Array.isArray(condition.whenAll)) return false;
    for (const child of condition.whenAll) if (!evaluateCondition(child, record, options)) return false;
    return true;
  }
  if ('whenAny' in condition) {
    if (!Array.isArray(condition.whenAny)) return false;
    for (const child of condition.whenAny) if (evaluateCondition(child, record, options)) return true;
    return false;
  }
  if ('not' in condition) return !evaluateCondition(condition.not, record, options);
  if (!('field' in condition) || typeof condition.field !== 'string' || !isOperator(condition.op)) return false;
  const test = operatorTest(condition.op, condition.field, options, OPERATOR_SPECS[condition.op].test);
  return test(resolveField(record, condition.field), condition.value);
}
