import type { CustomValidator, ErrorSchema, ErrorTransformer, FormValidation, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import addFormats from 'ajv-formats';
import { deepEqual } from '../../conditions';
import {
  addDecimalKeyword, addTimeZoneFormat, addUrlTemplateFormat, addWideIntegerKeyword, createRecordChecks, describeSchemaError, fieldTitle, formatMessage, valueAt,
  type CompiledEntity, type DescribedError, type EffectStates, type FormLayout, type RecordChecks, type Translate,
} from '../../schemas';

let sharedValidator: ReturnType<typeof customizeValidator> | undefined;

/**
 * The rjsf validator, configured as schemas/ `recordAjv` is (all errors, union types for nullable fields, the
 * ajv-formats 3 formats, whose `iso-time` the compiler emits; rjsf's bundled ajv-formats 2 lacks it; and ours,
 * `url-template` and `time-zone`, the `x-integer-range` keyword of wide integers and `x-decimal-range` of exact decimals).
 */
export function formValidator(): ReturnType<typeof customizeValidator> {
  sharedValidator ??= customizeValidator({
    ajvOptionsOverrides: { allowUnionTypes: true, strict: false },
    ajvFormatOptions: false,
    extenderFn: (ajv) => {
      addFormats(ajv);
      return addDecimalKeyword(addWideIntegerKeyword(addTimeZoneFormat(addUrlTemplateFormat(ajv))));
    },
  });
  return sharedValidator;
}

/** The dotted field path of an rjsf error ("Prices.0.Amount"). */
export function errorPath(error: Pick<RJSFValidationError, 'property'>): string {
  return (error.property ?? '').replace(/^\./, '');
}

/** Picks the validator key and parameters of one ajv error (schemas/ `describeSchemaError`, for a user). */
function describe(error: RJSFValidationError, compiled: CompiledEntity, record: unknown): DescribedError | null {
  // rjsf has already joined a missing property onto the error's path.
  const schemaError = { keyword: error.name ?? '', path: errorPath(error), params: (error.params ?? {}) as Record<string, unknown>, message: error.message };
  return describeSchemaError(schemaError, record, { fields: compiled.meta.fields, locale: compiled.locale, labelOf: (path) => fieldTitle(compiled, path), audience: 'editor' });
}

/**
 * rjsf's `transformErrors`: every ajv error becomes the translated message of its validator key (schemas/
 * `formatMessage`, detailed when the parameters allow); a required error hides the other errors of its field.
 */
export function createTransformErrors(compiled: CompiledEntity, translate: Translate, getRecord: () => unknown): ErrorTransformer {
  return (errors) => {
    const record = getRecord();
    const described: { error: RJSFValidationError; path: string; validator: string }[] = [];
    const requiredPaths = new Set<string>();
    const seen = new Set<string>();
    for (const error of errors) {
      const found = describe(error, compiled, record);
      if (!found) continue;
      const path = errorPath(error);
      const key = `${path}\u0000${found.validator}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (found.validator === 'required') requiredPaths.add(path);
      const message = formatMessage(found.validator, found.params, translate, error.message);
      described.push({ error: { ...error, property: path ? `.${path}` : '', message, stack: message }, path, validator: found.validator });
    }
    return described.filter((d) => !requiredPaths.has(d.path) || d.validator === 'required').map((d) => d.error);
  };
}

function errorsAt(errors: FormValidation, path: string): FormValidation | undefined {
  let node: FormValidation | undefined = errors;
  for (const key of path.split('.')) node = (node as Record<string, FormValidation | undefined> | undefined)?.[key];
  return node;
}

// The checks of a kind, made once: the editor makes a new customValidate whenever the effect states change.
const recordChecks = new WeakMap<CompiledEntity, RecordChecks>();

function recordChecksOf(compiled: CompiledEntity): RecordChecks {
  let checks = recordChecks.get(compiled);
  if (!checks) recordChecks.set(compiled, (checks = createRecordChecks(compiled)));
  return checks;
}

/**
 * rjsf's `customValidate`: what JSON Schema cannot say, judged by schemas/ `createRecordChecks` as the server judges
 * it (required write-only fields, conditional `required` of the live effects, rule strings), in the UI's language.
 *
 * @param getWriteOnlySet which write-only fields the server holds a value for (`$writeOnly`; none for a new record)
 */
export function createCustomValidate(
  compiled: CompiledEntity, translate: Translate, getStates: () => EffectStates, getWriteOnlySet: () => Readonly<Record<string, boolean>> | undefined = () => undefined,
): CustomValidator {
  const checks = recordChecksOf(compiled);
  return (formData, errors) => {
    for (const { path, validator, params } of checks(formData as Record<string, unknown>, { states: getStates(), writeOnlySet: getWriteOnlySet() })) {
      const target = errorsAt(errors, path);
      const message = formatMessage(validator, params, translate);
      if (target && !target.__errors?.includes(message)) target.addError(message);
    }
    return errors;
  };
}

/** Where each top-level field is laid out: its tab and its place in the editor's order (tab, group, field). */
function placesOf(layout: FormLayout): Map<string, { tab: string; order: number }> {
  const places = new Map<string, { tab: string; order: number }>();
  for (const tab of layout.tabs) for (const group of tab.groups) for (const field of group.fields) if (!places.has(field)) places.set(field, { tab: tab.id, order: places.size });
  return places;
}

/** Field errors per tab id (an error counts on the tab that lays out its top-level field; others on the first tab). */
export function errorsPerTab(errors: readonly Pick<RJSFValidationError, 'property'>[], layout: FormLayout): Record<string, number> {
  const places = placesOf(layout);
  const first = layout.tabs[0]?.id;
  const counts: Record<string, number> = Object.fromEntries(layout.tabs.map((t) => [t.id, 0]));
  for (const error of errors) {
    const top = errorPath(error).split('.')[0] ?? '';
    const tab = places.get(top)?.tab ?? first;
    if (tab !== undefined) counts[tab] = (counts[tab] ?? 0) + 1;
  }
  return counts;
}

/**
 * The error the user should see first: the one whose field comes first in the editor (first tab holding an error,
 * then group and field order), with its tab. Undefined without errors.
 */
export function firstErrorOf(errors: readonly Pick<RJSFValidationError, 'property'>[], layout: FormLayout): { path: string; tab: string | undefined } | undefined {
  const places = placesOf(layout);
  let best: { path: string; tab: string | undefined; order: number } | undefined;
  for (const error of errors) {
    const path = errorPath(error);
    const place = places.get(path.split('.')[0] ?? '');
    const candidate = { path, tab: place?.tab ?? layout.tabs[0]?.id, order: place?.order ?? -1 };
    if (!best || candidate.order < best.order) best = candidate;
  }
  return best && { path: best.path, tab: best.tab };
}

/** Messages per dotted field path, as the server answers a refused record (400 `errors`, 409 unique). */
export type ServerFieldErrors = Record<string, string[]>;

/** The record-wide key of the server's errors: no field to show it on. */
export const RECORD_ERROR_KEY = '(record)';

/**
 * The server's field errors that still apply: those of fields whose value is still the one the server refused
 * (`refused`). A field the user has edited since loses its messages; record-wide ones are left to the caller.
 */
export function pendingServerErrors(errors: ServerFieldErrors | undefined, refused: unknown, current: unknown): ServerFieldErrors {
  const pending: ServerFieldErrors = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    if (path === RECORD_ERROR_KEY || messages.length === 0) continue;
    if (deepEqual(valueAt(refused, path) ?? null, valueAt(current, path) ?? null)) pending[path] = messages;
  }
  return pending;
}

/** Server field errors as rjsf `extraErrors`: nested by path, messages in `__errors`. */
export function serverErrorSchema(errors: ServerFieldErrors): ErrorSchema {
  const schema: ErrorSchema = {};
  for (const [path, messages] of Object.entries(errors)) {
    let node = schema as Record<string, unknown>;
    for (const key of path.split('.')) node = (node[key] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
  }
  return schema;
}

/** Server field errors as one list of rjsf errors (for counting, and for telling them from rjsf's own). */
export function serverErrorList(errors: ServerFieldErrors): RJSFValidationError[] {
  return Object.entries(errors).flatMap(([path, messages]) => messages.map((message) => ({ property: `.${path}`, message, stack: `${path}: ${message}` })));
}
