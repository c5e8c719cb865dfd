import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { compileCondition } from '../conditions';
import type { EntityDocument, FieldModel } from './entity-document';
import { compileEntity } from './compile-entity';
import { fieldLabel } from './field-label';
import { findField, valueAt, walkFields } from './field-paths';
import { formatMessage, messageKey, type MessageParams } from './messages';
import { evaluateRules, isEmptyValue, parseRules } from './rule-strings';
import { SYSTEM_FIELDS } from './system-fields';
import { addUrlTemplateFormat, URL_TEMPLATE_FORMAT } from './url-template';
import { addTimeZoneFormat } from './time-zone';
import { writeOnlyFields } from './write-only';
import { addWideIntegerKeyword, isWideInteger, wideIntegerHint, wideIntegerNames } from './wide-integer';

/** One validation error of a field. */
export interface FieldError {
  /** Translation key, e.g. `validation.maxLength`. */
  key: string;
  params: MessageParams;
  /** The English message (the UI translates `key` with `params` instead). */
  message: string;
}

/** Errors by dotted field path (`""` for the record itself); empty when the record is valid. */
export type RecordErrors = Record<string, FieldError[]>;

/** Validates one record; returns its errors (an empty object when it is valid). */
export type RecordValidator = (record: unknown) => RecordErrors;

let sharedAjv: Ajv | undefined;

/**
 * The ajv instance of the record validators, configured as @rjsf/validator-ajv8 with ajv-formats is:
 * all errors, union types (nullable fields), formats (and ours: `url-template`, `time-zone`), and the
 * `x-integer-range` keyword of wide integers. Created on first use.
 */
export function recordAjv(): Ajv {
  if (!sharedAjv) {
    sharedAjv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats(sharedAjv);
    addUrlTemplateFormat(sharedAjv);
    addTimeZoneFormat(sharedAjv);
    addWideIntegerKeyword(sharedAjv);
  }
  return sharedAjv;
}

const FORMAT_VALIDATORS: Record<string, string> = { email: 'email', uri: 'url', [URL_TEMPLATE_FORMAT]: 'url', date: 'date', 'date-time': 'datetime', 'iso-time': 'time', time: 'time' };

/**
 * Creates the server-side validator of an entity (DESIGN "Validation on the server uses the same compiled
 * JSON Schema"): ajv against the compiled schema (unknown fields refused, system fields allowed), then
 * conditional `required` (the `effects.required` conditions, evaluated with conditions/' `compileCondition`),
 * then the fields' rule strings. Empty required values report one `validation.required`, not a type error.
 */
export function createRecordValidator(doc: EntityDocument): RecordValidator {
  const compiled = compileEntity(doc, 'en');
  const validate: ValidateFunction = recordAjv().compile(compiled.schema);
  const fields = [...SYSTEM_FIELDS, ...doc.fields];
  const conditional = Object.entries(doc.extensions?.effects ?? {})
    .filter(([, effects]) => effects.required !== undefined)
    .map(([path, effects]) => ({ path, holds: compileCondition(effects.required!, { wideIntegers: wideIntegerNames(doc.fields) }) }));
  const secretRequired = writeOnlyFields(doc.fields).filter((f) => f.required);
  const secretNames = new Set(writeOnlyFields(doc.fields).map((f) => f.name));
  const ruled = walkFields(doc.fields)
    .filter((w) => !w.inArray && w.field.rules)
    .map((w) => ({ path: w.path, field: w.field, rules: parseRules(w.field.rules!).rules }));

  return (record) => {
    const errors: RecordErrors = {};
    const add = (path: string, validator: string, given: MessageParams, fallback?: string) => {
      // A message never repeats a write-only value (a mistyped PIN must not land in a log or a toast).
      const params = secretNames.has(path) && 'value' in given ? { ...given, value: String(given.label ?? path) } : given;
      const list = (errors[path] ??= []);
      if (list.some((e) => e.key === messageKey(validator))) return;
      list.push({ key: messageKey(validator), params, message: formatMessage(validator, params, undefined, fallback) });
    };
    if (!validate(record)) for (const error of validate.errors ?? []) mapAjvError(error, record, fields, add);
    if (record !== null && typeof record === 'object' && !Array.isArray(record)) {
      // The compiled schema leaves required write-only fields out of `required` (a stored record is answered without them).
      for (const field of secretRequired) if (isEmptyValue((record as Record<string, unknown>)[field.name])) add(field.name, 'required', { label: fieldLabel(field) });
      for (const { path, holds } of conditional) {
        if (holds(record as Record<string, unknown>) && isEmptyValue(valueAt(record, path))) add(path, 'required', { label: labelOf(fields, path) });
      }
      for (const { path, field, rules } of ruled) {
        for (const failure of evaluateRules(rules, valueAt(record, path), fieldLabel(field))) add(path, failure.key, failure.params);
      }
    }
    // A required error says it all: drop the type or length errors an empty value also caused.
    for (const list of Object.values(errors)) {
      if (list.some((e) => e.key === messageKey('required'))) list.splice(0, list.length, ...list.filter((e) => e.key === messageKey('required')));
    }
    return errors;
  };
}

function labelOf(fields: readonly FieldModel[], path: string): string {
  const field = findField(fields, path);
  return field ? fieldLabel(field) : path;
}

type Add = (path: string, validator: string, params: MessageParams, fallback?: string) => void;

function mapAjvError(error: ErrorObject, record: unknown, fields: readonly FieldModel[], add: Add): void {
  const base = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
  const join = (name: string) => (base ? `${base}.${name}` : name);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const field = join(String(params.additionalProperty));
    return add(field, 'unknownField', { field });
  }
  if (error.keyword === 'required') {
    const path = join(String(params.missingProperty));
    return add(path, 'required', { label: labelOf(fields, path) });
  }
  if (error.keyword === 'const') return; // reported once by the enclosing oneOf
  const value = valueAt(record, base);
  const field = findField(fields, base);
  const label = field ? fieldLabel(field) : base;
  if (field?.required && isEmptyValue(value)) return add(base, 'required', { label });
  // A wide integer's type, pattern and range errors are one message: what it takes, with an example.
  if (field && !base.includes('.') && isWideInteger(field)) return add(base, 'invalid', { label, reason: wideIntegerHint(field) });
  const shown = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  switch (error.keyword) {
    case 'type': {
      const expected = ([] as unknown[]).concat(params.type).join(' or ');
      if (/integer/.test(expected) && typeof value === 'number') return add(base, 'integer', { label, value: shown });
      if (/number|integer/.test(expected)) return add(base, 'numeric', { label, value: shown });
      return add(base, 'type', { label, expected }, error.message);
    }
    case 'minLength':
      return add(base, 'minLength', { label, min: Number(params.limit), actual: typeof value === 'string' ? [...value].length : 0 });
    case 'maxLength':
      return add(base, 'maxLength', { label, max: Number(params.limit), actual: typeof value === 'string' ? [...value].length : 0 });
    case 'minimum':
      return add(base, 'min', { label, min: Number(params.limit), value: shown });
    case 'maximum':
      return add(base, 'max', { label, max: Number(params.limit), value: shown });
    case 'minItems':
      return add(base, 'required', { label });
    case 'format':
      return add(base, FORMAT_VALIDATORS[String(params.format)] ?? 'invalid', { label, value: shown, reason: error.message ?? '' }, error.message);
    case 'pattern':
      return add(base, field?.usage === 'Id' ? 'id' : 'pattern', { label, value: shown });
    case 'oneOf':
      return add(base, 'enum', { label, value: shown });
    default:
      return add(base, 'invalid', { label, reason: error.message ?? error.keyword }, error.message);
  }
}
