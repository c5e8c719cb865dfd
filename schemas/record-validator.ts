import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { EntityDocument, FieldModel } from './entity-document';
import { compileEntity } from './compile-entity';
import { formatMessage, messageKey, type MessageParams } from './messages';
import { createRecordChecks } from './record-checks';
import { SYSTEM_FIELDS } from './system-fields';
import { addUrlTemplateFormat } from './url-template';
import { addTimeZoneFormat } from './time-zone';
import { writeOnlyFields } from './write-only';
import { addDecimalKeyword } from './exact-decimal';
import { addWideIntegerKeyword } from './wide-integer';
import { describeSchemaError } from './schema-error-messages';

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
 * `x-integer-range` keyword of wide integers and the `x-decimal-range` keyword of exact decimals. Created on first use.
 */
export function recordAjv(): Ajv {
  if (!sharedAjv) {
    sharedAjv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats(sharedAjv);
    addUrlTemplateFormat(sharedAjv);
    addTimeZoneFormat(sharedAjv);
    addWideIntegerKeyword(sharedAjv);
    addDecimalKeyword(sharedAjv);
  }
  return sharedAjv;
}

/**
 * Creates the server-side validator of an entity (DESIGN "Validation on the server uses the same compiled
 * JSON Schema"): ajv against the compiled schema (unknown fields refused, system fields allowed), then the checks
 * the editor runs too (`createRecordChecks`: required write-only fields, conditional `required` of visible, enabled
 * fields, rule strings), with the effects evaluated on the record. Empty required values report one
 * `validation.required`, not a type error.
 */
export function createRecordValidator(doc: EntityDocument): RecordValidator {
  const compiled = compileEntity(doc, 'en');
  const validate: ValidateFunction = recordAjv().compile(compiled.schema);
  const fields = [...SYSTEM_FIELDS, ...doc.fields];
  const checks = createRecordChecks(compiled);
  const secretNames = new Set(writeOnlyFields(doc.fields).map((f) => f.name));

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
      // The server judges the record as it will be stored (write-only values kept are filled in by the caller).
      for (const failure of checks(record as Record<string, unknown>)) add(failure.path, failure.validator, failure.params);
    }
    // A required error says it all: drop the type or length errors an empty value also caused.
    for (const list of Object.values(errors)) {
      if (list.some((e) => e.key === messageKey('required'))) list.splice(0, list.length, ...list.filter((e) => e.key === messageKey('required')));
    }
    return errors;
  };
}

/** One ajv error as the API's message (schemas-error-messages.ts, read by programs: `audience: 'api'`). */
function mapAjvError(error: ErrorObject, record: unknown, fields: readonly FieldModel[], add: Add): void {
  const base = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
  const params = error.params as Record<string, unknown>;
  const path = error.keyword === 'required' ? (base ? `${base}.${String(params.missingProperty)}` : String(params.missingProperty)) : base;
  const described = describeSchemaError({ keyword: error.keyword, path, params, message: error.message }, record, { fields, audience: 'api' });
  if (!described) return;
  // An unknown field's error sits on the unknown field, which its message names.
  add(described.validator === 'unknownField' ? String(described.params.field) : path, described.validator, described.params, error.message);
}

type Add = (path: string, validator: string, params: MessageParams, fallback?: string) => void;
