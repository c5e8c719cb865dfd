import { isWriteOnly } from './write-only';
import type { EntityDocument, FieldModel, FieldType, FieldUsage } from './entity-document';
import { DOUBLE_EXACT_DIGITS, decimalRange, decimalScale, inDecimalRange, isExactDecimal, normaliseDecimal } from './exact-decimal';
import { walkFields } from './field-paths';
import { isIntegerType, MANAGED_TYPES } from './managed-types';
import { patternOf } from './compile-field-schema';
import { parseRules } from './rule-strings';
import { SYSTEM_FIELD_NAMES } from './system-fields';

/** Records one issue at a JSON pointer. */
export type Report = (path: string, message: string) => void;

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;

/** The field types each usage makes sense on. */
export const USAGE_TYPES: Readonly<Record<FieldUsage, readonly FieldType[]>> = {
  MultilineText: ['String'], Password: ['String'], UpperCase: ['String'], LowerCase: ['String'], Email: ['String'], Url: ['String'], UrlTemplate: ['String'],
  Phone: ['String'], Barcode: ['String'], Id: ['String'], Date: ['String'], DateTime: ['String'], Time: ['String'],
  CurrencyCode: ['String'], CountryCode: ['String'], LanguageCode: ['String'], Color: ['String'], ImageName: ['String'], TimeZone: ['String'],
  CurrencyAmount: ['Number'], Percent: ['Number'], Lookup: ['String', 'Number'], Enum: ['String', 'Number'],
  Json: ['String'], Xml: ['String'],
};

/** Field-model keys that belong to one type only. */
const TYPE_ONLY: readonly [keyof FieldModel, FieldType][] = [
  ['nullable', 'Number'], ['managedType', 'Number'], ['min', 'Number'], ['max', 'Number'], ['precision', 'Number'], ['scale', 'Number'],
  ['minLength', 'String'], ['maxLength', 'String'], ['pattern', 'String'], ['patternHint', 'String'],
  ['properties', 'Object'], ['items', 'Array'],
];

/**
 * The semantic checks of the field model that JSON Schema cannot express (names PascalCase and unique per level,
 * no system field names, bounds in order, keys on the right type, Enum options, usages, rule strings, patterns,
 * defaults). The document must already match the JSON Schema.
 */
export function checkFields(doc: EntityDocument, report: Report): void {
  checkNames(doc.fields, '/fields', true, report);
  const topLevel = new Set(doc.fields);
  for (const { field, path, pointer } of walkFields(doc.fields)) {
    const at = (key?: string) => (key ? `${pointer}/${key}` : pointer);
    const say = (key: string | undefined, message: string) => report(at(key), `field '${path}': ${message}`);
    // An external value belongs to the record as a whole (a server module reads and writes it), never to a part.
    if (field.external && !topLevel.has(field)) say('external', "'external' applies to top-level fields only");
    if (field.external && field.unique) say('unique', "an external field cannot be 'unique': its value is not in the kind's table");
    // A write-only value is never answered: searching, sorting or a unique conflict would give it away.
    if (field.writeOnly && (field.type !== 'String' || !topLevel.has(field))) say('writeOnly', "'writeOnly' applies to top-level String fields only");
    if (field.hash && !(topLevel.has(field) && isWriteOnly(field))) say('hash', "'hash' applies to write-only fields only (writeOnly: true or usage Password)");
    if (topLevel.has(field) && isWriteOnly(field) && field.unique) say('unique', "a write-only field cannot be 'unique': a conflict would tell whether a value is taken");
    if (topLevel.has(field) && isWriteOnly(field) && field.external) say('external', "a write-only field cannot be 'external'");
    for (const [key, type] of TYPE_ONLY) {
      if (field[key] !== undefined && field.type !== type) say(key, `'${key}' applies to ${type} fields only, this one is ${field.type}`);
    }
    if (field.type === 'Object' && !field.properties) say(undefined, "an Object field needs 'properties'");
    if (field.type === 'Array' && !field.items) say(undefined, "an Array field needs 'items' (the model of one element)");
    if (field.properties) checkNames(field.properties, at('properties'), false, report);
    if (field.items?.properties) checkNames(field.items.properties, `${at('items')}/properties`, false, report);
    checkBounds(field, say);
    checkPrecision(field, topLevel.has(field), say);
    checkOptions(field, say);
    if (field.usage && !USAGE_TYPES[field.usage].includes(field.type)) {
      say('usage', `usage '${field.usage}' needs a ${USAGE_TYPES[field.usage].join(' or ')} field, this one is ${field.type}`);
    }
    if (field.rules !== undefined) checkRules(field, say);
    if (field.pattern !== undefined) {
      try {
        new RegExp(field.pattern, 'u');
      } catch (error) {
        say('pattern', `pattern is not a valid regular expression (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    if (field.patternHint !== undefined && patternOf(field) === undefined) {
      say('patternHint', "'patternHint' words a 'pattern': add the pattern it describes, or remove the hint");
    }
    if (field.default !== undefined) checkDefault(field, say);
  }
}

function checkNames(fields: readonly FieldModel[], base: string, topLevel: boolean, report: Report): void {
  const seen = new Map<string, number>();
  fields.forEach((field, index) => {
    const at = `${base}/${index}/name`;
    if (!PASCAL_CASE.test(field.name)) report(at, `field '${field.name}': names are PascalCase (letters and digits, starting with a capital), e.g. 'UnitPrice'`);
    if (topLevel && SYSTEM_FIELD_NAMES.includes(field.name)) {
      report(at, `field '${field.name}' is a system field, added to every entity automatically: remove it (system fields: ${SYSTEM_FIELD_NAMES.join(', ')})`);
    }
    const first = seen.get(field.name);
    if (first !== undefined) report(at, `field '${field.name}' is declared twice (first at ${base}/${first})`);
    else seen.set(field.name, index);
  });
}

function checkBounds(field: FieldModel, say: (key: string | undefined, message: string) => void): void {
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
    say('minLength', `minLength (${field.minLength}) is greater than maxLength (${field.maxLength})`);
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) say('min', `min (${field.min}) is greater than max (${field.max})`);
  const range = field.managedType ? MANAGED_TYPES[field.managedType] : undefined;
  if (range && field.type === 'Number') {
    if (field.min !== undefined && field.min > range.max) say('min', `min (${field.min}) is above the largest ${field.managedType} (${range.max})`);
    if (field.max !== undefined && field.max < range.min) say('max', `max (${field.max}) is below the smallest ${field.managedType} (${range.min})`);
  }
}

/** precision and scale: decimal fields only, scale within precision, and (above 15 digits) top-level only. */
function checkPrecision(field: FieldModel, topLevel: boolean, say: (key: string | undefined, message: string) => void): void {
  if (field.precision === undefined && field.scale === undefined) return;
  if (field.managedType !== 'decimal') return say(field.precision !== undefined ? 'precision' : 'scale', "'precision' and 'scale' apply to managedType 'decimal' only");
  if (field.precision === undefined) return say('scale', "'scale' needs a 'precision' (the digits in all)");
  if ((field.scale ?? 0) > field.precision) say('scale', `scale (${field.scale}) is greater than precision (${field.precision})`);
  if (!topLevel && field.precision > DOUBLE_EXACT_DIGITS) say('precision', `a precision above ${DOUBLE_EXACT_DIGITS} (exact decimal strings) applies to top-level fields only`);
}

function checkOptions(field: FieldModel, say: (key: string | undefined, message: string) => void): void {
  const isEnum = field.usage === 'Enum';
  if (isEnum && !field.options) return say('options', "usage 'Enum' needs 'options' (the choices)");
  if (!isEnum && field.options) return say('options', "'options' are for fields with usage 'Enum': set \"usage\": \"Enum\" or remove them");
  const seen = new Set<string | number>();
  (field.options ?? []).forEach((option, index) => {
    const wanted = field.type === 'Number' ? 'number' : 'string';
    if (typeof option.value !== wanted) say(`options/${index}/value`, `option value ${JSON.stringify(option.value)} must be a ${wanted} like the field`);
    else if (field.type === 'Number' && isIntegerType(field.managedType) && !Number.isInteger(option.value)) {
      say(`options/${index}/value`, `option value ${option.value} must be a whole number (${field.managedType})`);
    }
    if (seen.has(option.value)) say(`options/${index}/value`, `option value ${JSON.stringify(option.value)} appears twice`);
    seen.add(option.value);
  });
}

function checkRules(field: FieldModel, say: (key: string | undefined, message: string) => void): void {
  const parsed = parseRules(field.rules ?? '');
  for (const error of parsed.errors) say('rules', `rule string '${field.rules}': ${error}`);
  if (parsed.rules.some((r) => r.name === 'mayRequired') && (field.type !== 'Number' || field.required || field.nullable)) {
    say('rules', "rule 'mayRequired' is for a Number field that is neither required nor nullable");
  }
}

function checkDefault(field: FieldModel, say: (key: string | undefined, message: string) => void): void {
  const value = field.default;
  const nullable = field.type === 'String' || field.type === 'Array' || (field.type === 'Number' && field.nullable === true);
  const ok =
    (value === null && nullable) ||
    (field.type === 'String' && typeof value === 'string') ||
    (field.type === 'Number' && typeof value === 'number' && (!isIntegerType(field.managedType) || Number.isInteger(value))) ||
    // An exact decimal's default may be its decimal text, every digit kept (schemas/exact-decimal.ts).
    (isExactDecimal(field) && typeof value === 'string' && inDecimalRange(decimalRange(field), normaliseDecimal(value, decimalScale(field)))) ||
    (field.type === 'Boolean' && typeof value === 'boolean') ||
    (field.type === 'Object' && value !== null && typeof value === 'object' && !Array.isArray(value)) ||
    (field.type === 'Array' && Array.isArray(value));
  if (!ok) return say('default', `default ${JSON.stringify(value)} does not fit a ${field.nullable ? 'nullable ' : ''}${field.managedType ?? field.type} field`);
  if (field.options && value !== null && !field.options.some((o) => o.value === value)) say('default', `default ${JSON.stringify(value)} is not one of the options`);
}
