import type { CompiledEntity } from './compile-entity';
import { decimalStringsOfSchema } from './decimal-strings';
import { fieldLabel } from './field-label';
import { valueAt, walkFields } from './field-paths';
import type { MessageParams } from './messages';
import { effectHolds, effectsByPath, fieldTitle, type EffectStates } from './record-effects';
import { evaluateRules, isEmptyValue, parseRules } from './rule-strings';
import { isWriteOnly } from './write-only';

/** One failed check of a record: the field path, the validator key of schemas/ messages.ts and its parameters. */
export interface RecordCheckFailure {
  path: string;
  validator: string;
  params: MessageParams;
}

/** What a caller knows beyond the record itself. */
export interface RecordCheckContext {
  /** The live effect states by field path (the editor's); without them the effects are evaluated on the record. */
  states?: EffectStates;
  /**
   * Per write-only field, whether the server holds a value (the record's `$writeOnly`). A write-only field left
   * `undefined` whose value is stored keeps it on save (the server fills it in), so it is neither empty nor judged.
   */
  writeOnlySet?: Readonly<Record<string, boolean>>;
}

/** Checks one record; returns its failures in check order (empty when it passes). */
export type RecordChecks = (record: Record<string, unknown>, known?: RecordCheckContext) => RecordCheckFailure[];

/**
 * The checks of a record that its compiled JSON Schema cannot express, run alike by the editor (rjsf's
 * `customValidate`) and the server (`createRecordValidator`), so that both give one verdict (docs/conditions.md
 * "Required by a condition"):
 *
 * 1. a required write-only field is there (the schema leaves it out of `required`: a stored record is answered
 *    without its value; its type still refuses null and empty text), unless the server holds its value;
 *    `record` is the record as it is sent: a field left out is absent, not null;
 * 2. a field whose `required` effect holds is filled, unless it is hidden or disabled at the same time: the user
 *    cannot fill such a field, so neither side demands it;
 * 3. the fields' rule strings (spec 2 §5; top level and Object properties, not array items) hold, whatever the
 *    field's effects: a value that is there must be valid. A rule-string `required` of a field that the model
 *    declares required is left to the schema, which reports it already.
 *
 * A declared `required: true` is the schema's and holds whatever the effects (a hidden required field is the
 * document's mistake, not the user's).
 */
export function createRecordChecks(compiled: Pick<CompiledEntity, 'meta' | 'schema' | 'uiSchema' | 'locale'>): RecordChecks {
  const decimalStrings = decimalStringsOfSchema(compiled.schema);
  const secretRequired = compiled.meta.fields.filter((f) => f.required && isWriteOnly(f));
  const secretNames = new Set(compiled.meta.fields.filter(isWriteOnly).map((f) => f.name));
  const conditional = [...effectsByPath(compiled)].filter(([, effects]) => effects.required !== undefined).map(([path, effects]) => ({ path, effects, label: fieldTitle(compiled, path) }));
  const ruled = walkFields(compiled.meta.fields)
    .filter((w) => !w.inArray && w.field.rules)
    .map((w) => ({ path: w.path, label: fieldLabel(w.field, compiled.locale), rules: parseRules(w.field.rules!).rules.filter((r) => r.name !== 'required' || !w.field.required) }));

  return (record, known = {}) => {
    const failures: RecordCheckFailure[] = [];
    const kept = (path: string) => secretNames.has(path) && record[path] === undefined && known.writeOnlySet?.[path] === true;
    const missing = (path: string) => !kept(path) && isEmptyValue(valueAt(record, path));
    // The compiled type already refuses a required write-only field's null and '' (as `required`): its absence and blank text are left.
    for (const field of secretRequired) if (missing(field.name) && record[field.name] !== null && record[field.name] !== '') failures.push({ path: field.name, validator: 'required', params: { label: fieldLabel(field, compiled.locale) } });
    for (const { path, effects, label } of conditional) {
      const given = known.states?.[path];
      const state = given ?? {
        required: effectHolds(effects.required, record, decimalStrings, false),
        hidden: !effectHolds(effects.visible, record, decimalStrings, true),
        disabled: effectHolds(effects.disabled, record, decimalStrings, false),
      };
      if (state.required && !state.hidden && !state.disabled && missing(path)) failures.push({ path, validator: 'required', params: { label } });
    }
    for (const { path, label, rules } of ruled) {
      if (kept(path)) continue;
      for (const failure of evaluateRules(rules, valueAt(record, path), label)) {
        // A message never repeats a write-only value (a mistyped PIN must not land in a log, a toast or on screen).
        const params = secretNames.has(path) && 'value' in failure.params ? { ...failure.params, value: label } : failure.params;
        failures.push({ path, validator: failure.key, params });
      }
    }
    return failures;
  };
}
