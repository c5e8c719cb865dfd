import { OPERATORS, type Operator } from './condition';
import type { ConditionFieldKind } from './condition-field-types';
import { compareValues } from './compare-values';
import { deepEqual } from './deep-equal';
import { isPlainObject } from './value-kind';

/** What one operator means and where it may be used. The table in README.md says the same in prose. */
export interface OperatorSpec {
  /** `unary` operators take no `value`; `binary` ones need one. */
  arity: 'unary' | 'binary';
  /** The field kinds the checker accepts this operator on. */
  appliesTo: readonly ConditionFieldKind[];
  /** Binary operators only: whether `value: null` is allowed (it is for equal / notEqual). */
  acceptsNull: boolean;
  /**
   * The predicate: `actual` is the record's value (`undefined` when the field is missing), `value` the
   * leaf's value. Total: it returns a boolean for every input and never throws.
   */
  test: (actual: unknown, value: unknown) => boolean;
}

const ALL: readonly ConditionFieldKind[] = ['String', 'Number', 'Boolean', 'Object', 'Array'];
const CONTAINERS: readonly ConditionFieldKind[] = ['String', 'Array', 'Object'];
const ORDERED: readonly ConditionFieldKind[] = ['String', 'Number'];

/** `null` and a missing field (`undefined`) are one state: SQL and JSON both know only NULL / absent. */
export function isNullish(actual: unknown): boolean {
  return actual === null || actual === undefined;
}

/** `""`, `[]` or a plain object without keys; never 0, false, null or missing. */
export function isEmptyValue(actual: unknown): boolean {
  if (actual === '') return true;
  if (Array.isArray(actual)) return actual.length === 0;
  if (!isPlainObject(actual)) return false;
  for (const key in actual) if (Object.hasOwn(actual, key) && actual[key] !== undefined) return false;
  return true;
}

/** equal: deep equality, except that `value: null` matches a null or missing field. */
export function equalValues(actual: unknown, value: unknown): boolean {
  if (value === null || value === undefined) return isNullish(actual);
  return deepEqual(actual, value);
}

function ordered(predicate: (order: number) => boolean): (actual: unknown, value: unknown) => boolean {
  return (actual, value) => {
    const order = compareValues(actual, value);
    return order !== undefined && predicate(order);
  };
}

function unary(appliesTo: readonly ConditionFieldKind[], test: (actual: unknown) => boolean): OperatorSpec {
  return { arity: 'unary', appliesTo, acceptsNull: false, test };
}

function binary(appliesTo: readonly ConditionFieldKind[], acceptsNull: boolean, test: (actual: unknown, value: unknown) => boolean): OperatorSpec {
  return { arity: 'binary', appliesTo, acceptsNull, test };
}

/**
 * Every operator's arity, applicable field kinds and predicate. Meanings by value kind:
 *
 * | op | holds for |
 * |---|---|
 * | empty | `""`, `[]`, `{}` (not 0, false, null or missing) |
 * | null | null or missing |
 * | nullOrEmpty | null, missing, `""`, `[]`, `{}` |
 * | notEmpty | anything but null, missing, `""`, `[]`, `{}` |
 * | notNull | anything but null or missing |
 * | equal | deep equality without coercion; `value: null` holds for null or missing |
 * | notEqual | exactly when equal does not (so a missing field is notEqual to "x") |
 * | greaterThan, greaterOrEqual, lessThan, lessOrEqual | two numbers; two strings by code point (canonical ISO dates so order chronologically); false for any other pair |
 * | zero, one, positive, negative | numbers only: `=== 0`, `=== 1`, `> 0`, `< 0` |
 * | true, false | booleans only: `=== true`, `=== false` |
 */
export const OPERATOR_SPECS: Readonly<Record<Operator, OperatorSpec>> = {
  empty: unary(CONTAINERS, isEmptyValue),
  null: unary(ALL, isNullish),
  nullOrEmpty: unary(CONTAINERS, (actual) => isNullish(actual) || isEmptyValue(actual)),
  notEmpty: unary(CONTAINERS, (actual) => !isNullish(actual) && !isEmptyValue(actual)),
  notNull: unary(ALL, (actual) => !isNullish(actual)),
  equal: binary(ALL, true, equalValues),
  notEqual: binary(ALL, true, (actual, value) => !equalValues(actual, value)),
  greaterThan: binary(ORDERED, false, ordered((order) => order > 0)),
  greaterOrEqual: binary(ORDERED, false, ordered((order) => order >= 0)),
  lessThan: binary(ORDERED, false, ordered((order) => order < 0)),
  lessOrEqual: binary(ORDERED, false, ordered((order) => order <= 0)),
  zero: unary(['Number'], (actual) => actual === 0),
  one: unary(['Number'], (actual) => actual === 1),
  positive: unary(['Number'], (actual) => typeof actual === 'number' && actual > 0),
  negative: unary(['Number'], (actual) => typeof actual === 'number' && actual < 0),
  true: unary(['Boolean'], (actual) => actual === true),
  false: unary(['Boolean'], (actual) => actual === false),
};

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

/** Whether a string names an operator. */
export function isOperator(name: unknown): name is Operator {
  return typeof name === 'string' && OPERATOR_SET.has(name);
}

/** Applies an operator to a record value (and the leaf's value for binary operators). Never throws. */
export function applyOperator(op: Operator, actual: unknown, value?: unknown): boolean {
  return OPERATOR_SPECS[op].test(actual, value);
}
