import { OPERATORS } from './condition';
import type { ConditionFieldKind, ConditionFieldTypes } from './condition-field-types';
import { OPERATOR_SPECS, isOperator } from './operators';
import { isPlainObject } from './value-kind';
import { isDecimalText, type ConditionOptions } from './wide-integers';

/** Why a condition was refused. Stable strings: callers may branch on them and tests assert them. */
export type ConditionIssueCode =
  | 'not-an-object'
  | 'unknown-node'
  | 'unknown-property'
  | 'not-an-array'
  | 'too-deep'
  | 'invalid-field'
  | 'unknown-field'
  | 'unknown-operator'
  | 'unexpected-value'
  | 'missing-value'
  | 'wrong-value-type'
  | 'operator-not-applicable';

/** One problem found in a condition. */
export interface ConditionIssue {
  /** JSON pointer to the offending node or property, prefixed by the caller's `at` ("/fields/2/readonly/whenAll/0/op"). */
  path: string;
  /** English, for logs and start-up errors; names the field and the operator where there is one. */
  message: string;
  code: ConditionIssueCode;
}

/**
 * Nesting deeper than this is refused: a client-sent list filter must not be able to exhaust the stack
 * of the checker or of the recursive interpreter. Real conditions nest two or three levels.
 */
export const MAX_CONDITION_DEPTH = 64;

const COMBINATORS = ['whenAll', 'whenAny', 'not'] as const;
const LEAF_KEYS: ReadonlySet<string> = new Set(['field', 'op', 'value']);

const VALUE_TYPE_NAMES: Record<ConditionFieldKind, string> = {
  String: 'a string',
  Number: 'a finite number',
  Boolean: 'a boolean',
  Object: 'an object',
  Array: 'an array',
};

function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

const WIDE_VALUE_NAME = `a number as a decimal string (e.g. "9223372036854775807" or "-12.50") or a number within ±${Number.MAX_SAFE_INTEGER}`;

/**
 * A decimal-string field (a wide integer, an exact decimal) takes decimal text, or a number the SQL translation sends
 * exactly: past 2^53 a JSON number has lost its digits already, and one the database would read otherwise than the
 * interpreter does.
 */
function wideValueFits(value: unknown): boolean {
  return isDecimalText(value) || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER);
}

function valueFits(kind: ConditionFieldKind, value: unknown): boolean {
  switch (kind) {
    case 'String':
      return typeof value === 'string';
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'Boolean':
      return typeof value === 'boolean';
    case 'Array':
      return Array.isArray(value);
    case 'Object':
      return isPlainObject(value);
  }
}

/**
 * Walks a condition and collects every issue. With `fields` undefined only the shape is checked
 * (operators, arity, combinators), which is what `isCondition` needs.
 * @internal shared by checkCondition and isCondition; not part of the public API.
 */
export function collectConditionIssues(node: unknown, fields: ConditionFieldTypes | undefined, path: string, depth: number, issues: ConditionIssue[], options?: ConditionOptions): void {
  if (depth > MAX_CONDITION_DEPTH) {
    issues.push({ path, code: 'too-deep', message: `Conditions nest at most ${MAX_CONDITION_DEPTH} levels deep` });
    return;
  }
  if (!isPlainObject(node)) {
    issues.push({ path, code: 'not-an-object', message: `A condition must be an object, got ${describe(node)}` });
    return;
  }
  const keys = Object.keys(node);
  const combinators = COMBINATORS.filter((key) => Object.hasOwn(node, key));
  const isLeaf = Object.hasOwn(node, 'field') || Object.hasOwn(node, 'op');
  if (combinators.length + (isLeaf ? 1 : 0) !== 1) {
    issues.push({
      path,
      code: 'unknown-node',
      message: `A condition node needs exactly one of "whenAll", "whenAny", "not" or a leaf ("field" and "op"); found ${keys.length ? keys.map((k) => `"${k}"`).join(', ') : 'no keys'}`,
    });
    return;
  }
  const combinator = combinators[0];
  if (combinator !== undefined) {
    for (const key of keys) {
      if (key !== combinator) issues.push({ path: `${path}/${pointerToken(key)}`, code: 'unknown-property', message: `Unexpected property "${key}" beside "${combinator}"` });
    }
    const child = node[combinator];
    if (combinator === 'not') {
      collectConditionIssues(child, fields, `${path}/not`, depth + 1, issues, options);
      return;
    }
    if (!Array.isArray(child)) {
      issues.push({ path: `${path}/${combinator}`, code: 'not-an-array', message: `"${combinator}" must be an array of conditions, got ${describe(child)}` });
      return;
    }
    child.forEach((item, index) => collectConditionIssues(item, fields, `${path}/${combinator}/${index}`, depth + 1, issues, options));
    return;
  }
  checkLeaf(node, keys, fields, path, issues, options);
}

function checkLeaf(node: Record<string, unknown>, keys: string[], fields: ConditionFieldTypes | undefined, path: string, issues: ConditionIssue[], options: ConditionOptions | undefined): void {
  for (const key of keys) {
    if (!LEAF_KEYS.has(key)) issues.push({ path: `${path}/${pointerToken(key)}`, code: 'unknown-property', message: `Unexpected property "${key}" in a leaf (a leaf has "field", "op" and, for binary operators, "value")` });
  }
  const { field, op, value } = node;
  const fieldName = typeof field === 'string' ? `"${field}"` : '(no field)';
  const validField = typeof field === 'string' && field.length > 0;
  if (!validField) {
    issues.push({ path: `${path}/field`, code: 'invalid-field', message: `A leaf's "field" must be a non-empty field path, got ${describe(field)} (operator ${JSON.stringify(op) ?? 'missing'})` });
  }
  let kind: ConditionFieldKind | undefined;
  if (validField && fields !== undefined) {
    if (Object.hasOwn(fields, field)) kind = fields[field];
    else issues.push({ path: `${path}/field`, code: 'unknown-field', message: `Unknown field "${field}" (operator ${JSON.stringify(op) ?? 'missing'})` });
  }
  if (!isOperator(op)) {
    issues.push({
      path: `${path}/op`,
      code: 'unknown-operator',
      message: `Unknown operator ${op === undefined ? '(missing)' : describe(op)} on field ${fieldName}; expected one of ${OPERATORS.join(', ')}`,
    });
    return;
  }
  const spec = OPERATOR_SPECS[op];
  const hasValue = Object.hasOwn(node, 'value') && value !== undefined;
  if (spec.arity === 'unary' && hasValue) {
    issues.push({ path: `${path}/value`, code: 'unexpected-value', message: `Operator "${op}" on field ${fieldName} takes no value` });
  }
  if (spec.arity === 'binary' && !hasValue) {
    issues.push({ path, code: 'missing-value', message: `Operator "${op}" on field ${fieldName} needs a value` });
  }
  if (kind === undefined) {
    // Shape-only check (or unknown field): the value must at least be something the operator can take.
    if (spec.arity === 'binary' && value === null && !spec.acceptsNull) {
      issues.push({ path: `${path}/value`, code: 'wrong-value-type', message: `Operator "${op}" on field ${fieldName} cannot take a null value` });
    }
    return;
  }
  if (!spec.appliesTo.includes(kind)) {
    issues.push({
      path: `${path}/op`,
      code: 'operator-not-applicable',
      message: `Operator "${op}" cannot apply to ${kind} field ${fieldName} (it applies to ${spec.appliesTo.join(', ')} fields)`,
    });
    return;
  }
  if (spec.arity !== 'binary' || !hasValue) return;
  const wide = kind === 'Number' && typeof field === 'string' && options?.decimalStrings?.has(field) === true;
  if (value === null ? !spec.acceptsNull : !(wide ? wideValueFits(value) : valueFits(kind, value))) {
    const name = wide ? WIDE_VALUE_NAME : VALUE_TYPE_NAMES[kind];
    const allowed = spec.acceptsNull ? `${name} or null` : name;
    issues.push({ path: `${path}/value`, code: 'wrong-value-type', message: `Operator "${op}" on ${kind} field ${fieldName} needs ${allowed} as value, got ${describe(value)}` });
  }
}

/**
 * Checks a condition against the fields of the entity it will read, as metadata loads (and as the
 * server receives a list filter). Returns every issue found, none when the condition is sound; a
 * condition without issues never meets an unknown node or operator when evaluated.
 *
 * @param condition the parsed JSON, of any shape
 * @param fields the kind of every field path the condition may read
 * @param at JSON pointer of the condition inside its document, prefixed to every issue's path
 * @param options `decimalStrings`: Number fields holding wide integers or exact decimals, which also take decimal-string values
 */
export function checkCondition(condition: unknown, fields: ConditionFieldTypes, at = '', options?: ConditionOptions): ConditionIssue[] {
  const issues: ConditionIssue[] = [];
  collectConditionIssues(condition, fields, at, 0, issues, options);
  return issues;
}
