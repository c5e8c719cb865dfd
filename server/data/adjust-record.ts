import { compileCondition, type Condition } from '../../conditions';
import { normaliseNumberInput, normaliseWideInteger } from '../../schemas';
import type { EntityKind } from './catalogue';

/** The evaluated editor effects of one field. */
export interface FieldState {
  disabled: boolean;
  readonly: boolean;
  required: boolean;
  visible: boolean;
}

/** The answer of POST .../adjust. */
export interface Adjusted {
  entity: Record<string, unknown>;
  states: Record<string, FieldState>;
}

const compiled = new WeakMap<object, (record: Record<string, unknown>) => boolean>();
function holds(kind: EntityKind, condition: Condition | undefined, record: Record<string, unknown>, fallback: boolean): boolean {
  if (condition === undefined) return fallback;
  let fn = compiled.get(condition);
  if (!fn) compiled.set(condition, (fn = compileCondition(condition, { wideIntegers: kind.wideIntegers })));
  return fn(record);
}

/**
 * Fills defaults for missing fields, normalises values (number text to numbers, an empty number to null or 0,
 * forced upper/lower case), and evaluates every field's effects on the result: what the editor shows.
 */
export function adjustRecord(kind: EntityKind, input: Record<string, unknown>): Adjusted {
  const entity: Record<string, unknown> = { ...kind.compiled.emptyRecord, ...input };
  for (const field of kind.doc.fields) {
    const value = entity[field.name];
    if (kind.wideIntegers.has(field.name)) {
      // A wide integer stays the decimal text it is (schemas/wide-integer.ts): Number() would round it.
      const text = typeof value === 'string' ? value.trim() : value;
      entity[field.name] = text === '' || text === null || text === undefined ? (field.nullable ? null : '0') : normaliseWideInteger(text);
    } else if (field.type === 'Number') {
      if (typeof value === 'string') entity[field.name] = normaliseNumberInput(field, value);
      else if (value === null || value === undefined) entity[field.name] = field.nullable ? null : 0;
    } else if (field.type === 'String' && typeof value === 'string') {
      if (field.usage === 'UpperCase') entity[field.name] = value.toUpperCase();
      if (field.usage === 'LowerCase') entity[field.name] = value.toLowerCase();
    }
  }
  const states: Record<string, FieldState> = {};
  for (const field of kind.meta.fields) {
    const effects = kind.doc.extensions?.effects?.[field.name];
    states[field.name] = {
      disabled: holds(kind, effects?.disabled, entity, false),
      readonly: field.readonly === true || holds(kind, effects?.readonly, entity, false),
      required: field.required === true || holds(kind, effects?.required, entity, false),
      visible: holds(kind, effects?.visible, entity, true),
    };
  }
  return { entity, states };
}
