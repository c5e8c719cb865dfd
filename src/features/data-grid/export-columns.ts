import { fieldLabel, findField, localize, type CompiledEntity, type CompiledLookup } from '../../../schemas';

/** A column the export can write: its field path, its header (the label in the user's language), its lookup. */
export interface ExportColumn {
  field: string;
  label: string;
  lookup?: CompiledLookup;
  /** An enum's option labels in the user's language by value (as a string), written instead of the value. */
  options?: Map<string, string>;
}

/** Version and tenant say nothing to a reader of the file. */
const NEVER_EXPORTED = new Set(['ETag', 'TenantOid']);

/**
 * The columns the export dialog offers: the grid's columns first, in their order (what the user sees, so they start
 * chosen), then every other top-level field of the kind, the key included.
 */
export function exportColumnChoices(compiled: Pick<CompiledEntity, 'grid' | 'meta' | 'lookups' | 'locale'>): { columns: ExportColumn[]; shown: string[] } {
  const withLookup = (column: ExportColumn): ExportColumn => {
    const lookup = compiled.lookups[column.field];
    const options = findField(compiled.meta.fields, column.field)?.options;
    return {
      ...column,
      ...(lookup && { lookup }),
      ...(options?.length && { options: new Map(options.map((o) => [String(o.value), localize(o.label, compiled.locale)])) }),
    };
  };
  const shown = compiled.grid.columns.map((c) => c.field).filter((field) => !NEVER_EXPORTED.has(field));
  const gridColumns = compiled.grid.columns.filter((c) => !NEVER_EXPORTED.has(c.field)).map((c) => withLookup({ field: c.field, label: c.label }));
  const others = compiled.meta.fields
    .filter((f) => !NEVER_EXPORTED.has(f.name) && !shown.includes(f.name))
    .map((f) => withLookup({ field: f.name, label: fieldLabel(f, compiled.locale) }));
  return { columns: [...gridColumns, ...others], shown };
}

/** What the file shows of a value: a lookup's text or an option's label; undefined keeps the stored value. */
export function exportCellText(texts: ReadonlyMap<string, ReadonlyMap<string, string>>): (column: ExportColumn, value: unknown) => string | undefined {
  return (column, value) => {
    if (value === null || value === undefined || value === '') return undefined;
    return texts.get(column.field)?.get(String(value)) ?? column.options?.get(String(value));
  };
}
