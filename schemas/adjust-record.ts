import type { CompiledEntity } from './compile-entity';
import { normaliseNumberInput } from './defaults';
import type { EntityDocument } from './entity-document';
import { recordFieldStates, type FieldState } from './record-effects';
import { decimalStringNames, normaliseDecimalString } from './decimal-strings';
import { isExactDecimal } from './exact-decimal';

/** A record as the editor shows it: its values filled and normalised, and every field's effect state. */
export interface AdjustedRecord {
  entity: Record<string, unknown>;
  states: Record<string, FieldState>;
}

/**
 * Fills the defaults of missing fields (`compiled.emptyRecord`, spec 2 §3) and normalises values: number text to
 * numbers, an empty number to null (nullable) or 0, a wide integer or exact decimal to its canonical decimal text
 * (an exact decimal typed with a decimal comma too), forced upper or
 * lower case (usage `UpperCase` / `LowerCase`).
 */
export function normaliseRecord(doc: Pick<EntityDocument, 'fields'>, compiled: Pick<CompiledEntity, 'emptyRecord'>, input: Record<string, unknown>, decimalStrings: ReadonlySet<string> = decimalStringNames(doc.fields)): Record<string, unknown> {
  const entity: Record<string, unknown> = { ...compiled.emptyRecord, ...input };
  for (const field of doc.fields) {
    const value = entity[field.name];
    if (decimalStrings.has(field.name)) {
      // A wide integer or exact decimal stays the decimal text it is (decimal-strings.ts): Number() would round it.
      const text = typeof value === 'string' ? value.trim() : value;
      const empty = text === '' || text === null || text === undefined;
      entity[field.name] = empty ? (field.nullable ? null : normaliseDecimalString(field, 0)) : normaliseDecimalString(field, isExactDecimal(field) ? decimalComma(text) : text);
    } else if (field.type === 'Number') {
      if (typeof value === 'string') entity[field.name] = normaliseNumberInput(field, value);
      else if (value === null || value === undefined) entity[field.name] = field.nullable ? null : 0;
    } else if (field.type === 'String' && typeof value === 'string') {
      if (field.usage === 'UpperCase') entity[field.name] = value.toUpperCase();
      if (field.usage === 'LowerCase') entity[field.name] = value.toLowerCase();
    }
  }
  return entity;
}

/**
 * The normalised record and every field's effects evaluated on it (`POST .../adjust`): what the editor shows. A caller
 * that keeps the kind's decimal-string fields (the server's catalogue) passes them, rather than have them found per call.
 */
export function adjustRecord(
  doc: Pick<EntityDocument, 'fields' | 'extensions'>, compiled: Pick<CompiledEntity, 'emptyRecord' | 'meta'>, input: Record<string, unknown>,
  decimalStrings: ReadonlySet<string> = decimalStringNames(doc.fields),
): AdjustedRecord {
  const entity = normaliseRecord(doc, compiled, input, decimalStrings);
  return { entity, states: recordFieldStates(doc, compiled.meta.fields, entity, decimalStrings) };
}

/** "12,5" reads 12.5, as a number box reads it (`normaliseNumberInput`); text with a point or no comma stays. */
function decimalComma(value: unknown): unknown {
  return typeof value === 'string' && value.includes(',') && !value.includes('.') ? value.replace(',', '.') : value;
}
