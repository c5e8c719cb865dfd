import { isDecimalText, type Condition, type ConditionFieldKind, type ConditionLeaf } from '../../conditions';
import { quoteIdent } from './sql-names';

/**
 * Where a field path lives in SQL: a typed column of its own (`native`), or a value inside a jsonb column
 * (a property of an Object field, `nested`; top-level Object and Array columns are jsonb too).
 */
export interface SqlField {
  /** SQL expression; for jsonb values it yields jsonb (SQL NULL when the path is missing). */
  expr: string;
  kind: ConditionFieldKind;
  /** True when `expr` is jsonb (Object/Array columns and every nested path). */
  json: boolean;
}

/** Maps a field path to its SQL, or undefined for a path the caller does not know. */
export type SqlFieldResolver = (path: string, params: unknown[]) => SqlField | undefined;

/** A path the resolver did not know: the filter was not checked against the fields first. */
export class UnknownFilterFieldError extends Error {
  constructor(readonly field: string) {
    super(`Unknown field '${field}' in filter`);
  }
}

/**
 * The resolver of a table whose columns carry the field names: top-level fields are columns, dotted paths
 * ("Data.Inner.Code") read jsonb with `#>` and a parameterised path. `columns` maps top-level names to kinds;
 * `types` is every known path (top level and nested) to its kind.
 */
export function columnResolver(types: Readonly<Record<string, ConditionFieldKind>>, columnSql: (name: string) => string = quoteIdent): SqlFieldResolver {
  return (path, params) => {
    const kind = types[path];
    if (kind === undefined) return undefined;
    const [head, ...rest] = path.split('.');
    const column = columnSql(head!);
    if (rest.length === 0) return { expr: column, kind, json: kind === 'Object' || kind === 'Array' };
    params.push(rest);
    return { expr: `(${column} #> $${params.length}::text[])`, kind, json: true };
  };
}

function param(params: unknown[], value: unknown, cast: string): string {
  params.push(value);
  return `$${params.length}::${cast}`;
}

const orFalse = (sql: string) => `coalesce(${sql}, false)`;

// A jsonb value read as one SQL type, NULL when it holds another JSON type: the language never coerces.
function typed(field: SqlField, as: 'text' | 'numeric' | 'boolean'): string {
  if (!field.json) return field.expr;
  const jsonType = as === 'text' ? 'string' : as === 'numeric' ? 'number' : 'boolean';
  const read = as === 'text' ? `${field.expr} #>> '{}'` : `(${field.expr} #>> '{}')::${as}`;
  return `(case when jsonb_typeof(${field.expr}) = '${jsonType}' then ${read} end)`;
}

function isNull(field: SqlField): string {
  return field.json ? `(${field.expr} is null or jsonb_typeof(${field.expr}) = 'null')` : `(${field.expr} is null)`;
}

function isEmpty(field: SqlField): string {
  if (!field.json) return field.kind === 'String' ? orFalse(`${field.expr} = ''`) : 'false';
  return orFalse(`${field.expr} in ('""'::jsonb, '[]'::jsonb, '{}'::jsonb)`);
}

function equal(field: SqlField, value: unknown, params: unknown[]): string {
  if (value === null || value === undefined) return isNull(field);
  if (field.json) return orFalse(`${field.expr} = ${param(params, JSON.stringify(value), 'jsonb')}`);
  switch (field.kind) {
    case 'String':
      return typeof value === 'string' ? orFalse(`${field.expr} = ${param(params, value, 'text')}`) : 'false';
    case 'Number':
      return typeof value === 'number' || isDecimalText(value) ? orFalse(`${field.expr} = ${param(params, value, 'numeric')}`) : 'false';
    case 'Boolean':
      return typeof value === 'boolean' ? orFalse(`${field.expr} = ${param(params, value, 'boolean')}`) : 'false';
    default:
      return orFalse(`to_jsonb(${field.expr}) = ${param(params, JSON.stringify(value), 'jsonb')}`);
  }
}

function ordered(field: SqlField, op: string, value: unknown, params: unknown[]): string {
  // A wide integer or exact-decimal column (the checker lets a decimal string reach only such a field) compares with it as a number.
  if (!field.json && field.kind === 'Number') return typeof value === 'number' || isDecimalText(value) ? orFalse(`${field.expr} ${op} ${param(params, value, 'numeric')}`) : 'false';
  // Only two strings (code-point order, as the interpreter) or two numbers are ordered.
  if (typeof value === 'string') return orFalse(`${typed(field, 'text')} collate "C" ${op} ${param(params, value, 'text')} collate "C"`);
  if (typeof value === 'number') return orFalse(`${typed(field, 'numeric')} ${op} ${param(params, value, 'numeric')}`);
  return 'false';
}

function leaf(node: ConditionLeaf, resolve: SqlFieldResolver, params: unknown[]): string {
  const field = resolve(node.field, params);
  if (!field) throw new UnknownFilterFieldError(node.field);
  const number = (test: string) => orFalse(`${typed(field, 'numeric')} ${test}`);
  switch (node.op) {
    case 'null':
      return isNull(field);
    case 'notNull':
      return `not ${isNull(field)}`;
    case 'empty':
      return isEmpty(field);
    case 'nullOrEmpty':
      return `(${isNull(field)} or ${isEmpty(field)})`;
    case 'notEmpty':
      return `not (${isNull(field)} or ${isEmpty(field)})`;
    case 'equal':
      return equal(field, node.value, params);
    case 'notEqual':
      return `not ${equal(field, node.value, params)}`;
    case 'greaterThan':
      return ordered(field, '>', node.value, params);
    case 'greaterOrEqual':
      return ordered(field, '>=', node.value, params);
    case 'lessThan':
      return ordered(field, '<', node.value, params);
    case 'lessOrEqual':
      return ordered(field, '<=', node.value, params);
    case 'zero':
      return number('= 0');
    case 'one':
      return number('= 1');
    case 'positive':
      return number('> 0');
    case 'negative':
      return number('< 0');
    case 'true':
      return orFalse(`${typed(field, 'boolean')} = true`);
    case 'false':
      return orFalse(`${typed(field, 'boolean')} = false`);
  }
}

/**
 * Translates a condition (already checked with `checkCondition` against the same fields) to a SQL boolean
 * expression that is never NULL, so `not` negates exactly as the interpreter does. Values go to `params`
 * (placeholders continue its numbering); field paths reach SQL only through `resolve`.
 */
export function conditionToSql(condition: Condition, resolve: SqlFieldResolver, params: unknown[]): string {
  if ('whenAll' in condition) {
    return condition.whenAll.length === 0 ? 'true' : `(${condition.whenAll.map((c) => conditionToSql(c, resolve, params)).join(' and ')})`;
  }
  if ('whenAny' in condition) {
    return condition.whenAny.length === 0 ? 'false' : `(${condition.whenAny.map((c) => conditionToSql(c, resolve, params)).join(' or ')})`;
  }
  if ('not' in condition) return `(not ${conditionToSql(condition.not, resolve, params)})`;
  return leaf(condition, resolve, params);
}
