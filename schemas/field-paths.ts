import type { FieldModel, FieldType } from './entity-document';
import { pointer } from './document-issue';

/** One field met while walking a field model, with where it lives. */
export interface WalkedField {
  field: FieldModel;
  /** Dotted field path ("Address.City"); Array items are not addressable and are walked with `inArray`. */
  path: string;
  /** JSON pointer into the document ("/fields/3/properties/0"). */
  pointer: string;
  /** True below an Array's `items` (such fields have no record path of their own). */
  inArray: boolean;
}

/**
 * Visits every field of a field list depth first: Object properties and Array items included.
 * `base` is the pointer of the list itself (default `/fields`).
 */
export function walkFields(fields: readonly FieldModel[], base = '/fields', prefix = '', inArray = false): WalkedField[] {
  const out: WalkedField[] = [];
  fields.forEach((field, index) => {
    const at = pointer(base, index);
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    out.push({ field, path, pointer: at, inArray });
    if (Array.isArray(field.properties)) out.push(...walkFields(field.properties, pointer(at, 'properties'), path, inArray));
    if (field.items && typeof field.items === 'object') {
      const item = field.items;
      const itemPointer = pointer(at, 'items');
      out.push({ field: item, path: `${path}[]`, pointer: itemPointer, inArray: true });
      if (Array.isArray(item.properties)) out.push(...walkFields(item.properties, pointer(itemPointer, 'properties'), `${path}[]`, true));
    }
  });
  return out;
}

/**
 * Field path -> field type for every addressable field (top level and Object properties, dotted),
 * the shape `checkCondition` of conditions/ expects. Array items are left out: a condition reads a record's
 * fields, not the elements of a list.
 */
export function fieldTypesOf(fields: readonly FieldModel[]): Record<string, FieldType> {
  const types: Record<string, FieldType> = {};
  for (const walked of walkFields(fields)) if (!walked.inArray) types[walked.path] = walked.field.type;
  return types;
}

/**
 * Finds the field a dotted path names (`"Address.City"`), or undefined.
 */
export function findField(fields: readonly FieldModel[], path: string): FieldModel | undefined {
  let list: readonly FieldModel[] | undefined = fields;
  let found: FieldModel | undefined;
  for (const part of path.split('.')) {
    found = list?.find((f) => f.name === part);
    if (!found) return undefined;
    list = found.properties;
  }
  return found;
}

/**
 * Reads the value at a dotted path of a record (undefined when any step is missing).
 */
export function valueAt(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
