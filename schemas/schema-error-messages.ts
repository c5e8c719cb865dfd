import type { FieldModel } from './entity-document';
import { patternOf } from './compile-field-schema';
import { fieldLabel, localize } from './field-label';
import { findField, valueAt } from './field-paths';
import type { MessageParams } from './messages';
import { isEmptyValue } from './rule-strings';
import { URL_TEMPLATE_FORMAT } from './url-template';
import { compareDecimals, decimalBounds, decimalHint, decimalScale, formatDecimal, isExactDecimal, parseDecimal } from './exact-decimal';
import { isWideInteger, parseWideInteger, wideIntegerBounds, wideIntegerHint } from './wide-integer';

/**
 * One ajv error of a record as a validator key of the message catalogue (messages.ts) with its parameters: the
 * mapping the server's record validator and the editor's rjsf validator share, so both say the same thing.
 */

/** The catalogue validator of each JSON Schema format the compiler emits. */
export const FORMAT_VALIDATORS: Readonly<Record<string, string>> = { email: 'email', uri: 'url', [URL_TEMPLATE_FORMAT]: 'url', date: 'date', 'date-time': 'datetime', 'iso-time': 'time', time: 'time' };

/** An ajv error reduced to what the mapping reads (the server has ajv's own, the editor rjsf's). */
export interface SchemaError {
  keyword: string;
  /** The dotted path of the field the error is about; for `required`, the missing field's path. */
  path: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validator key of the message catalogue with its parameters. */
export interface DescribedError {
  validator: string;
  params: MessageParams;
}

export interface DescribeOptions {
  /** The record's fields, system fields included. */
  fields: readonly FieldModel[];
  /** The language of the field labels. */
  locale?: string;
  /** The label of a path that names no field (the editor uses the schema title). */
  labelOf?: (path: string) => string;
  /**
   * Who reads the message. A wide integer's type, pattern or range error, for `api`, names the decimal-string form a
   * program must send; for `editor`, the bound the value passes or that it is no whole number (what a user typing
   * digits needs). A null value is quoted as JSON `null` for `api` and as nothing in the editor (an empty box).
   */
  audience: 'api' | 'editor';
}

/** A value as the messages quote it. */
function quoted(value: unknown, audience: DescribeOptions['audience']): string {
  return value === undefined || (value === null && audience === 'editor') ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The validator and parameters of one ajv error; null for the errors reported once elsewhere (a `const` or `if`
 * inside the `oneOf` of a choice). An empty value of a required field is always `required`, never a type error.
 */
export function describeSchemaError(error: SchemaError, record: unknown, options: DescribeOptions): DescribedError | null {
  const { keyword, path } = error;
  const params = error.params;
  const field = findField(options.fields, path);
  const label = field ? fieldLabel(field, options.locale) : (options.labelOf?.(path) ?? path);
  if (keyword === 'additionalProperties') return { validator: 'unknownField', params: { field: path ? `${path}.${String(params.additionalProperty)}` : String(params.additionalProperty) } };
  if (keyword === 'required') return { validator: 'required', params: { label } };
  if (keyword === 'const' || keyword === 'if') return null;
  const value = valueAt(record, path);
  const shown = (v: unknown) => quoted(v, options.audience);
  if (field?.required && isEmptyValue(value)) return { validator: 'required', params: { label } };
  if (field && !path.includes('.') && isExactDecimal(field)) return options.audience === 'api' ? { validator: 'invalid', params: { label, reason: decimalHint(field) } } : describeDecimal(field, label, value);
  if (field && !path.includes('.') && isWideInteger(field)) return options.audience === 'api' ? { validator: 'invalid', params: { label, reason: wideIntegerHint(field) } } : describeWide(field, label, value);
  switch (keyword) {
    case 'type': {
      const expected = ([] as unknown[]).concat(params.type).join(' or ');
      if (/integer/.test(expected) && typeof value === 'number') return { validator: 'integer', params: { label, value: shown(value) } };
      if (/number|integer/.test(expected)) return { validator: 'numeric', params: { label, value: shown(value) } };
      return { validator: 'type', params: { label, expected } };
    }
    case 'minLength':
      return { validator: 'minLength', params: { label, min: Number(params.limit), actual: typeof value === 'string' ? [...value].length : 0 } };
    case 'maxLength':
      return { validator: 'maxLength', params: { label, max: Number(params.limit), actual: typeof value === 'string' ? [...value].length : 0 } };
    case 'minimum':
      return { validator: 'min', params: { label, min: Number(params.limit), value: shown(value) } };
    case 'maximum':
      return { validator: 'max', params: { label, max: Number(params.limit), value: shown(value) } };
    case 'minItems':
      return { validator: 'required', params: { label } };
    case 'format':
      return { validator: FORMAT_VALIDATORS[String(params.format)] ?? 'invalid', params: { label, value: shown(value), reason: error.message ?? '' } };
    case 'pattern':
      if (field?.usage === 'Id') return { validator: 'id', params: { label, value: shown(value) } };
      return { validator: 'pattern', params: { label, value: shown(value), expected: expectedFormat(field, String(params.pattern ?? ''), options.locale) } };
    case 'oneOf':
      return { validator: 'enum', params: { label, value: shown(value) } };
    default:
      return { validator: 'invalid', params: { label, reason: error.message ?? keyword } };
  }
}

/**
 * What a value failing a pattern should look like: the field's `patternHint` in the reader's language, else the
 * regular expression itself.
 */
function expectedFormat(field: FieldModel | undefined, pattern: string, locale: string | undefined): string {
  if (field?.patternHint) return localize(field.patternHint, locale);
  return `/${patternOf(field ?? { type: 'String' }) ?? pattern}/`;
}

/** An exact decimal's error for a user: the bound it passes, or that it is no number of the field's scale. */
function describeDecimal(field: Parameters<typeof decimalBounds>[0], label: string, value: unknown): DescribedError {
  const parsed = parseDecimal(value);
  const { min, max } = decimalBounds(field);
  const shown = quoted(value, 'editor');
  const text = (bound: typeof min) => formatDecimal(bound, Math.max(decimalScale(field), bound.scale));
  if (parsed !== undefined && compareDecimals(parsed, min) < 0) return { validator: 'min', params: { label, min: text(min), value: shown } };
  if (parsed !== undefined && compareDecimals(parsed, max) > 0) return { validator: 'max', params: { label, max: text(max), value: shown } };
  // More digits after the point than the scale: a field of scale 0 takes whole numbers only.
  if (parsed !== undefined) return decimalScale(field) === 0 ? { validator: 'integer', params: { label, value: shown } } : { validator: 'scale', params: { label, scale: decimalScale(field), value: shown } };
  return { validator: 'numeric', params: { label, value: shown } };
}

/** A wide integer's error for a user: the bound it passes, or that it is no whole number. */
function describeWide(field: Parameters<typeof wideIntegerBounds>[0], label: string, value: unknown): DescribedError {
  const parsed = parseWideInteger(value);
  const { min, max } = wideIntegerBounds(field);
  const shown = quoted(value, 'editor');
  if (parsed !== undefined && parsed < min) return { validator: 'min', params: { label, min: String(min), value: shown } };
  if (parsed !== undefined && parsed > max) return { validator: 'max', params: { label, max: String(max), value: shown } };
  return { validator: 'integer', params: { label, value: shown } };
}
