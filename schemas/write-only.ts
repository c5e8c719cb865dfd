import type { FieldModel } from './entity-document';

/**
 * Write-only fields (secrets, PINs): a client may set, replace or clear their value but never read it back. A
 * top-level String field is write-only when it declares `writeOnly: true` or has `usage: "Password"`. Records are
 * answered without the value; the reserved member `$writeOnly` says per such field whether a value is stored
 * (docs/metadata.md "Write-only fields", docs/data-api.md).
 */
export const WRITE_ONLY_MEMBER = '$writeOnly';

/** Whether a (top-level) field's value is never answered. */
export function isWriteOnly(field: Pick<FieldModel, 'type' | 'writeOnly' | 'usage'>): boolean {
  return field.type === 'String' && (field.writeOnly === true || field.usage === 'Password');
}

/** The write-only fields of a field list (top level only). */
export function writeOnlyFields(fields: readonly FieldModel[]): FieldModel[] {
  return fields.filter(isWriteOnly);
}

/** Whether a stored value counts as "set". */
export function isSetValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/**
 * A record as it may be answered: write-only values removed, and `$writeOnly` telling which of them are set
 * (absent when the kind has none). The input is not changed.
 */
export function redactWriteOnly(fields: readonly FieldModel[], record: Record<string, unknown>): Record<string, unknown> {
  const secret = writeOnlyFields(fields);
  if (secret.length === 0) return record;
  const answer = { ...record };
  const set: Record<string, boolean> = {};
  for (const field of secret) {
    if (!(field.name in answer)) continue;
    set[field.name] = isSetValue(answer[field.name]);
    delete answer[field.name];
  }
  answer[WRITE_ONLY_MEMBER] = set;
  return answer;
}
