import { deepEqual } from '../conditions';
import type { EntityDocument, FieldType, ImportDefinition, Locale } from './entity-document';
import { fieldLabel, localize } from './field-label';
import { isEmptyValue } from './rule-strings';
import { SYSTEM_FIELD_NAMES } from './system-fields';

/** One column of a compiled import definition, its texts in one locale. */
export interface CompiledImportColumn {
  field: string;
  label: string;
  description?: string;
  /** False: left out of the template and the column guide (a file may still carry it). */
  show: boolean;
  requiredForGtin: boolean;
  /** Required by the field model: every row needs a value. */
  required: boolean;
  type: FieldType;
  maxLength?: number;
}

/** The import definition of a kind as the import dialog uses it. */
export interface CompiledImport {
  gtinField?: string;
  columns: CompiledImportColumn[];
}

/** Compiles `extensions.import` in a locale; undefined when the kind has none (the import then takes every field). */
export function compileImport(doc: EntityDocument, locale: Locale | string = 'en'): CompiledImport | undefined {
  const definition = doc.extensions?.import;
  if (!definition) return undefined;
  const columns = definition.columns.map((column): CompiledImportColumn => {
    const field = doc.fields.find((f) => f.name === column.field);
    const description = column.description ?? field?.description;
    return {
      field: column.field,
      label: column.label ? localize(column.label, locale) : fieldLabel(field ?? { name: column.field }, locale),
      ...(description ? { description: localize(description, locale) } : {}),
      show: column.show ?? true,
      requiredForGtin: column.requiredForGtin ?? false,
      required: field?.required ?? false,
      type: field?.type ?? 'String',
      ...(field?.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    };
  });
  return { ...(definition.gtinField ? { gtinField: definition.gtinField } : {}), columns };
}

/** A breach of the import definition: 1-based row and the field (column) it concerns. */
export interface ImportCellError {
  row: number;
  field: string;
  message: string;
}

/**
 * The rules an import definition adds to the record checks, run by the import dialog before sending and by the
 * server before writing:
 * - a record may hold values only in the definition's columns (a field outside it must be absent or at its
 *   default from `defaults`);
 * - a GTIN import — any row with a value in `gtinField` — needs a value in every `requiredForGtin` column of every
 *   row, so the file is either wholly keyed by GTIN or not at all.
 */
export function importDefinitionErrors(definition: ImportDefinition, records: readonly Record<string, unknown>[], defaults: Record<string, unknown> = {}): ImportCellError[] {
  const errors: ImportCellError[] = [];
  const columns = new Set(definition.columns.map((c) => c.field));
  records.forEach((record, index) => {
    for (const [field, value] of Object.entries(record)) {
      if (columns.has(field) || (SYSTEM_FIELD_NAMES.includes(field) && field !== 'Disabled')) continue;
      if (isEmptyValue(value) || deepEqual(value, defaults[field] ?? null)) continue;
      errors.push({ row: index + 1, field, message: `${field} is not a column of this import: leave it out of the file.` });
    }
  });
  const gtinField = definition.gtinField;
  if (gtinField === undefined) return errors;
  const firstGtin = records.findIndex((record) => !isEmptyValue(record[gtinField]));
  if (firstGtin < 0) return errors;
  const needed = definition.columns.filter((c) => c.requiredForGtin).map((c) => c.field);
  records.forEach((record, index) => {
    for (const field of needed) {
      if (!isEmptyValue(record[field])) continue;
      errors.push({ row: index + 1, field, message: `${field} is required in a GTIN import: row ${firstGtin + 1} has a ${gtinField}, so every row needs ${field}.` });
    }
  });
  return errors;
}
