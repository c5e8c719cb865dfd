import type { FieldModel, FieldUsage, Locale } from './entity-document';
import { defaultValue } from './defaults';
import { fieldLabel, localize } from './field-label';
import { effectiveBounds, isIntegerType } from './managed-types';
import { URL_TEMPLATE_FORMAT } from './url-template';
import { TIME_ZONE_FORMAT } from './time-zone';
import { decimalKeywords, decimalScale, isExactDecimal, normaliseDecimal } from './exact-decimal';
import { isWideInteger, normaliseWideInteger, wideIntegerKeywords } from './wide-integer';

/** A JSON Schema object (draft-07), as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/** String usages that map to an ajv-formats format. */
const USAGE_FORMATS: Partial<Record<FieldUsage, string>> = {
  Email: 'email',
  Url: 'uri',
  // A URL with numbered placeholders (`{0}`) that `uri` refuses: schemas/url-template.ts, added to both validators.
  UrlTemplate: URL_TEMPLATE_FORMAT,
  Date: 'date',
  DateTime: 'date-time',
  // `time` in ajv-formats 3 demands a time zone; rjsf's time widget sends "HH:MM:SS" without one.
  Time: 'iso-time',
  // An IANA zone the runtime knows (schemas/time-zone.ts), added to both validators.
  TimeZone: TIME_ZONE_FORMAT,
};

/** String usages with a fixed shape, enforced by a pattern unless the field brings its own. */
const USAGE_PATTERNS: Partial<Record<FieldUsage, string>> = {
  Id: '^[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*$',
  CurrencyCode: '^[A-Z]{3}$',
  CountryCode: '^[A-Z]{2}$',
  LanguageCode: '^[a-z]{2,3}(?:-[A-Z]{2})?$',
  Color: '^#[0-9A-Fa-f]{6}$',
};

/** The regular expression a String field's value must match: its own, else its usage's; undefined when none. */
export function patternOf(field: Pick<FieldModel, 'type' | 'pattern' | 'usage'>): string | undefined {
  if (field.type !== 'String') return undefined;
  return field.pattern ?? (field.usage ? USAGE_PATTERNS[field.usage] : undefined);
}

/**
 * Compiles one field of the field model to a JSON Schema (draft-07) for rjsf and ajv (spec 2 §3, §5):
 * types with `null` where the default is null (optional String and Array, nullable Number), bounds from
 * `effectiveBounds`, formats and patterns from the usage, Enum as `oneOf` of `const`/`title`, Object properties
 * compiled recursively (`additionalProperties: false`), Array `items`, `readOnly`, label as `title`, and the default.
 * A required String gets `minLength` 1 and a required Array `minItems` 1, so "empty" fails as rjsf expects.
 */
export function compileFieldSchema(field: FieldModel, locale: Locale | string = 'en'): JsonSchema {
  return withCommonKeywords(field, locale, typeKeywords(field, locale), defaultValue(field));
}

/**
 * A top-level field of an entity, as `compileFieldSchema` but for a wide integer (schemas/wide-integer.ts): a
 * decimal string (or a safe JSON integer) with a pattern and the `x-integer-range` keyword, its default a string;
 * and for an exact decimal (schemas/exact-decimal.ts): canonical decimal text with the `x-decimal-range` keyword.
 */
export function compileTopLevelFieldSchema(field: FieldModel, locale: Locale | string = 'en'): JsonSchema {
  if (isExactDecimal(field)) {
    const keywords = decimalKeywords(field, field.nullable === true && !field.required);
    return withCommonKeywords(field, locale, keywords, normaliseDecimal(defaultValue(field), decimalScale(field)));
  }
  if (!isWideInteger(field)) return compileFieldSchema(field, locale);
  const keywords = wideIntegerKeywords(field, field.nullable === true && !field.required);
  return withCommonKeywords(field, locale, keywords, normaliseWideInteger(defaultValue(field)));
}

function withCommonKeywords(field: FieldModel, locale: Locale | string, keywords: JsonSchema, fallback: unknown): JsonSchema {
  const schema: JsonSchema = { ...keywords };
  schema.title = fieldLabel(field, locale);
  if (field.description) schema.description = localize(field.description, locale);
  if (field.readonly) schema.readOnly = true;
  schema.default = fallback;
  return schema;
}

/**
 * Compiles a field list to an object schema: `properties`, `required` (in field order) and
 * `additionalProperties: false`, so unknown fields fail validation.
 */
export function compileObjectSchema(fields: readonly FieldModel[], locale: Locale | string = 'en'): JsonSchema {
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, compileFieldSchema(f, locale)])),
    additionalProperties: false,
  };
  if (required.length > 0) schema.required = required;
  return schema;
}

function typeKeywords(field: FieldModel, locale: Locale | string): JsonSchema {
  switch (field.type) {
    case 'String':
      return stringKeywords(field, locale);
    case 'Number':
      return numberKeywords(field, locale);
    case 'Boolean':
      return { type: 'boolean' };
    case 'Object':
      return compileObjectSchema(field.properties ?? [], locale);
    case 'Array': {
      const schema: JsonSchema = { type: field.required ? 'array' : ['array', 'null'] };
      if (field.items) {
        const { title: _title, default: _default, ...items } = compileFieldSchema(field.items, locale);
        schema.items = items;
      }
      if (field.required) schema.minItems = 1;
      return schema;
    }
  }
}

function stringKeywords(field: FieldModel, locale: Locale | string): JsonSchema {
  const schema: JsonSchema = { type: field.required ? 'string' : ['string', 'null'] };
  const minLength = field.required ? Math.max(1, field.minLength ?? 0) : field.minLength;
  if (minLength !== undefined) schema.minLength = minLength;
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  const pattern = patternOf(field);
  if (pattern !== undefined) schema.pattern = pattern;
  const format = field.usage ? USAGE_FORMATS[field.usage] : undefined;
  if (format !== undefined) schema.format = format;
  addEnum(schema, field, locale, !field.required);
  return schema;
}

function numberKeywords(field: FieldModel, locale: Locale | string): JsonSchema {
  const base = isIntegerType(field.managedType) ? 'integer' : 'number';
  // A required nullable Number starts empty (null) but must be filled before it saves, e.g. a required lookup.
  const allowNull = field.nullable === true && !field.required;
  const schema: JsonSchema = { type: allowNull ? [base, 'null'] : base };
  const { min, max } = effectiveBounds(field);
  if (min !== undefined) schema.minimum = min;
  if (max !== undefined) schema.maximum = max;
  addEnum(schema, field, locale, allowNull);
  return schema;
}

function addEnum(schema: JsonSchema, field: FieldModel, locale: Locale | string, allowNull: boolean): void {
  if (!field.options || field.options.length === 0) return;
  const choices: JsonSchema[] = field.options.map((o) => ({ const: o.value, title: localize(o.label, locale) }));
  // An optional enum must accept its empty value; the empty choice renders as a blank entry of the select.
  if (allowNull) choices.push({ const: null, title: '' });
  schema.oneOf = choices;
}
