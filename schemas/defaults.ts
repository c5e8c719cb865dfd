import type { EntityMeta, FieldModel } from './entity-document';
import { isDecimalString, normaliseDecimalString } from './decimal-strings';

/**
 * The default value of a field (spec 2 §3): an explicit `default` wins; otherwise a non-nullable Number is 0
 * (or, for an Enum whose options lack 0, the first option), a Boolean false, an Object `{}`; everything else (String, Array, nullable Number) is null.
 */
export function defaultValue(field: FieldModel): unknown {
  if (field.default !== undefined) return structuredCloneJson(field.default);
  switch (field.type) {
    case 'Number': {
      if (field.nullable) return null;
      const options = field.options ?? [];
      if (options.length > 0 && !options.some((o) => o.value === 0)) return options[0]!.value;
      return 0;
    }
    case 'Boolean':
      return false;
    case 'Object':
      return {}; // the spec's default; rjsf fills nested defaults from the compiled schema's `default`s
    default:
      return null;
  }
}

/**
 * A new record of an entity: every field (system fields included) at its default value.
 */
export function emptyRecord(meta: Pick<EntityMeta, 'fields'>): Record<string, unknown> {
  // A wide integer or an exact decimal travels as a decimal string (schemas/decimal-strings.ts), its default too.
  return Object.fromEntries(meta.fields.map((f) => [f.name, isDecimalString(f) ? normaliseDecimalString(f, defaultValue(f)) : defaultValue(f)]));
}

/**
 * Turns the text of a number box into the value to store: empty (or blank) input is null when the field is
 * nullable, else 0 (spec 2 §5); "12,5" and "12.5" read 12.5. Text that is no number is returned unchanged,
 * so the validator reports it instead of the input silently losing it.
 */
export function normaliseNumberInput(field: Pick<FieldModel, 'nullable'>, raw: string): number | null | string {
  const text = raw.trim();
  if (text === '') return field.nullable ? null : 0;
  const normalised = text.includes(',') && !text.includes('.') ? text.replace(',', '.') : text;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(normalised)) return raw;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : raw;
}

/** Deep copy of JSON data, so a shared default is never mutated through a record. */
function structuredCloneJson(value: unknown): unknown {
  return value === null || typeof value !== 'object' ? value : JSON.parse(JSON.stringify(value));
}
