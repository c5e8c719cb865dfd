import type { Condition, ConditionLeaf } from './condition';
import { OPERATOR_SPECS, isOperator } from './operators';
import { fieldReader } from './resolve-field';
import { operatorTest, type ConditionOptions } from './wide-integers';

/** A compiled condition: a predicate over one record. */
export type CompiledCondition = (record: Record<string, unknown>) => boolean;

type Reader = (record: unknown) => unknown;

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function compileLeaf(leaf: ConditionLeaf, path: string, options: ConditionOptions | undefined): CompiledCondition {
  const { field, op, value } = leaf;
  if (typeof field !== 'string' || !isOperator(op)) {
    throw new Error(`compileCondition: not a valid leaf at ${path || '/'} (run checkCondition first)`);
  }
  const read: Reader = fieldReader(field);
  if (options?.decimalStrings?.has(field)) {
    const wide = operatorTest(op, field, options, OPERATOR_SPECS[op].test);
    return (record) => wide(read(record), value);
  }
  // Fast paths with exactly the meaning of OPERATOR_SPECS (the truth table and the property tests
  // hold them to it); everything else goes through the generic predicate.
  if (isPrimitive(value) && !(typeof value === 'number' && Number.isNaN(value))) {
    if (op === 'equal') return (record) => read(record) === value;
    if (op === 'notEqual') return (record) => read(record) !== value;
    if (typeof value === 'number') {
      switch (op) {
        case 'greaterThan':
          return (record) => { const v = read(record); return typeof v === 'number' && v > value; };
        case 'greaterOrEqual':
          return (record) => { const v = read(record); return typeof v === 'number' && v >= value; };
        case 'lessThan':
          return (record) => { const v = read(record); return typeof v === 'number' && v < value; };
        case 'lessOrEqual':
          return (record) => { const v = read(record); return typeof v === 'number' && v <= value; };
      }
    }
  }
  const test = OPERATOR_SPECS[op].test;
  return (record) => test(read(record), value);
}

function compileNode(node: Condition, path: string, options: ConditionOptions | undefined): CompiledCondition {
  if (typeof node === 'object' && node !== null) {
    if ('whenAll' in node && Array.isArray(node.whenAll)) {
      const children = node.whenAll.map((child, i) => compileNode(child, `${path}/whenAll/${i}`, options));
      if (children.length === 0) return () => true;
      if (children.length === 1) return children[0]!;
      if (children.length === 2) {
        const [a, b] = children as [CompiledCondition, CompiledCondition];
        return (record) => a(record) && b(record);
      }
      return (record) => {
        for (const child of children) if (!child(record)) return false;
        return true;
      };
    }
    if ('whenAny' in node && Array.isArray(node.whenAny)) {
      const children = node.whenAny.map((child, i) => compileNode(child, `${path}/whenAny/${i}`, options));
      if (children.length === 0) return () => false;
      if (children.length === 1) return children[0]!;
      if (children.length === 2) {
        const [a, b] = children as [CompiledCondition, CompiledCondition];
        return (record) => a(record) || b(record);
      }
      return (record) => {
        for (const child of children) if (child(record)) return true;
        return false;
      };
    }
    if ('not' in node) {
      const inner = compileNode(node.not, `${path}/not`, options);
      return (record) => !inner(record);
    }
    if ('field' in node) return compileLeaf(node, path, options);
  }
  throw new Error(`compileCondition: unknown condition node at ${path || '/'} (run checkCondition first)`);
}

/**
 * Compiles a checked condition once into nested closures (no `eval`, no `new Function`), with field
 * paths split and operator predicates chosen ahead, so evaluating it per record and per keystroke is
 * cheap. The returned predicate never throws, whatever the record holds (a record that is not an
 * object has every field missing).
 *
 * `options.decimalStrings` names the fields holding decimal strings (wide integers, exact decimals), compared numerically.
 *
 * @throws Error at compile time only, for a node or operator the checker would have refused.
 */
export function compileCondition(condition: Condition, options?: ConditionOptions): CompiledCondition {
  return compileNode(condition, '', options);
}
