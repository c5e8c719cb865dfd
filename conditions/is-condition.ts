import type { Condition } from './condition';
import { collectConditionIssues } from './check-condition';

/**
 * Type guard: whether a value has the shape of a condition (known node kinds and operators, the right
 * arity, arrays under whenAll / whenAny). It does not know the entity's fields; use `checkCondition`
 * for that before trusting a condition from metadata or from a client.
 */
export function isCondition(value: unknown): value is Condition {
  const issues: Parameters<typeof collectConditionIssues>[4] = [];
  collectConditionIssues(value, undefined, '', 0, issues);
  return issues.length === 0;
}
