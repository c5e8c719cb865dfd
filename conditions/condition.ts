/**
 * The condition language: one JSON shape for every predicate in Mate (field effects in editors,
 * the server's re-check of conditional `required`, list filters translated to SQL).
 *
 * A field path names a field of the record; nested Object properties use dots ("Address.City").
 */

/** Every operator a leaf may use (spec 2 §5). */
export const OPERATORS = [
  'empty',
  'null',
  'nullOrEmpty',
  'notEmpty',
  'notNull',
  'equal',
  'notEqual',
  'greaterThan',
  'greaterOrEqual',
  'lessThan',
  'lessOrEqual',
  'zero',
  'one',
  'positive',
  'negative',
  'true',
  'false',
] as const;

/** An operator name. */
export type Operator = (typeof OPERATORS)[number];

/** A leaf: compares one field with the operator (and, for binary operators, a value). */
export interface ConditionLeaf {
  field: string;
  op: Operator;
  value?: unknown;
}

/** All children must hold (an empty list holds). */
export interface WhenAll {
  whenAll: Condition[];
}

/** At least one child must hold (an empty list does not hold). */
export interface WhenAny {
  whenAny: Condition[];
}

/** Negation. */
export interface Not {
  not: Condition;
}

/** A condition node. */
export type Condition = ConditionLeaf | WhenAll | WhenAny | Not;
