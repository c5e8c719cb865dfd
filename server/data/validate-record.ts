import { deepEqual } from '../../conditions';
import { compiledEffect } from '../../schemas';
import type { FieldErrors } from '../lib/api-error';
import type { EntityKind } from './catalogue';

/**
 * The validation adapter of the data service: the compiled schema and conditions of schemas/
 * (`createRecordValidator`: types, bounds, managed types, patterns, rules, conditional required, unknown
 * fields) plus what only the server knows: readonly fields (declared, or by a readonly effect that held on the
 * stored record) must keep their stored value, and so must a field whose disabled effect holds on the stored record
 * and on the new one. A readonly field that keeps it is not judged again: the client
 * cannot change it, so a stored value that no longer validates (say, after a maxLength was lowered) must not
 * block saving the other fields. Errors are English messages by field path.
 */
export function validateRecord(kind: EntityKind, record: Record<string, unknown>, previous?: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, list] of Object.entries(kind.validate(record))) errors[path || '(record)'] = list.map((e) => e.message);
  if (previous) {
    for (const field of kind.doc.fields) {
      const effects = kind.doc.extensions?.effects?.[field.name];
      const locked = field.readonly === true || (effects?.readonly !== undefined && compiledEffect(effects.readonly, kind.decimalStrings)(previous));
      const kept = deepEqual(record[field.name] ?? null, previous[field.name] ?? null);
      if (locked) {
        if (!kept) (errors[field.name] ??= []).push(`${field.name} is read-only and cannot be changed.`);
        else dropErrorsOf(errors, field.name);
        continue;
      }
      // A disabled field cannot be edited in the editor while its condition holds. Only a field disabled before and
      // after the save cannot have been changed there: one the same save enabled or disabled was editable on the way.
      if (!kept && effects?.disabled !== undefined) {
        const disabled = compiledEffect(effects.disabled, kind.decimalStrings);
        if (disabled(previous) && disabled(record)) (errors[field.name] ??= []).push(`${field.name} is disabled and cannot be changed.`);
      }
    }
  }
  return errors;
}

/** Removes the errors of a field and of the paths inside it (`Field.Sub`). */
export function dropErrorsOf(errors: FieldErrors, field: string): void {
  for (const path of Object.keys(errors)) if (path === field || path.startsWith(`${field}.`)) delete errors[path];
}
