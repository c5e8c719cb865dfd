import { fieldCurrency, findField, formatFieldText, formatPlainValue, isNumericDisplay, schemaAt, valueAt, type CompiledEntity, type DateStyle, type JsonSchema } from '../../../schemas';
import { currentDateStyle } from './date-style';

/** A value as one line of text for grid cells, summaries and the conflict resolver. */
export function formatCell(value: unknown, yes = '✓', no = ''): string {
  return formatPlainValue(value, yes, no);
}

function enumTitle(schema: JsonSchema, path: string, value: unknown): string | undefined {
  const options = schemaAt(schema, path)?.oneOf as { const?: unknown; title?: string }[] | undefined;
  return options?.find((candidate) => candidate.const === value && value !== null && value !== undefined)?.title;
}

/**
 * A field's value as one line of text: an enum shows its option's label (the compiled schema's `oneOf` titles are
 * in the user's language), everything else as `formatCell`. An unknown enum value shows as itself.
 */
export function formatFieldValue(schema: JsonSchema, path: string, value: unknown, yes = '✓', no = ''): string {
  return enumTitle(schema, path, value) ?? formatCell(value, yes, no);
}

/**
 * A record's field as text in the user's language (the compiled entity's locale): enum labels, numbers with the
 * field's decimals and grouping, amounts in the record's currency, dates and times as local dates, or ISO ones when
 * the date style in force is ISO (schemas/format-value.ts, src/lib/format/date-style.ts).
 */
export function formatRecordField(compiled: CompiledEntity, path: string, record: Readonly<Record<string, unknown>>, yes = '✓', no = '', dateStyle: DateStyle = currentDateStyle()): string {
  const value = valueAt(record, path);
  const title = enumTitle(compiled.schema, path, value);
  if (title !== undefined) return title;
  const field = findField(compiled.meta.fields, path);
  return formatFieldText(field, value, { locale: compiled.locale, currency: fieldCurrency(compiled.meta.fields, path, record), dateStyle, yes, no });
}

/** True when the column at a path holds numbers, which stand at the end of their cell (right in left-to-right). */
export function alignsEnd(compiled: CompiledEntity, path: string): boolean {
  return !compiled.lookups[path] && isNumericDisplay(findField(compiled.meta.fields, path));
}
