import { isWriteOnly } from './write-only';
import { isWideInteger } from './wide-integer';
import { isExactDecimal } from './exact-decimal';
import type { DetailView, EntityDocument, RowCommand, FieldModel, FieldType, FieldUsage, Locale, SortKey } from './entity-document';
import { fieldLabel, localize } from './field-label';
import { findField } from './field-paths';
import { resolveTitleField, SYSTEM_FIELDS } from './system-fields';

/** A compiled grid column: the field path with its label, type and usage for the cell renderer. */
export interface CompiledColumn {
  field: string;
  label: string;
  type: FieldType;
  usage?: FieldUsage;
  width?: number;
}

/** The compiled grid of an entity. */
export interface CompiledGrid {
  columns: CompiledColumn[];
  defaultSort: SortKey[];
  pageSize: number;
  /** The grid runs its query as soon as it opens (spec 2 §2); absent: it waits for Start. */
  runOnLoad?: true;
}

/** A field of the query form. */
export interface CompiledQueryField {
  field: string;
  label: string;
  type: FieldType;
  usage?: FieldUsage;
  /** A wide integer (schemas/wide-integer.ts): its bounds go to the filter as decimal strings, every digit kept. */
  wide?: true;
  /** An exact decimal (schemas/exact-decimal.ts): its bounds go to the filter as decimal text, every digit kept. */
  exact?: true;
}

/** A compiled detail view (label in the locale). */
export type CompiledDetailView = Omit<DetailView, 'label'> & { label: string };

/** A row command in one locale: its label and result texts localised. */
export type CompiledRowCommand = Omit<RowCommand, 'label' | 'results'> & { label: string; results: Record<string, string> };

/** The grid page size when a document sets none (spec 2 §9). */
export const DEFAULT_PAGE_SIZE = 50;

/** How many columns a grid shows when the document declares none. */
export const DEFAULT_COLUMN_COUNT = 5;

/** Usages never worth a default grid column. */
const NO_DEFAULT_COLUMN = new Set<FieldUsage | undefined>(['Password', 'MultilineText', 'Json', 'Xml']);

function fieldIn(doc: Pick<EntityDocument, 'fields'>, path: string): FieldModel | undefined {
  return findField([...SYSTEM_FIELDS, ...doc.fields], path);
}

function column(doc: Pick<EntityDocument, 'fields'>, path: string, locale: Locale | string, width?: number, label?: string): CompiledColumn {
  const field = fieldIn(doc, path);
  const compiled: CompiledColumn = { field: path, label: label ?? (field ? fieldLabel(field, locale) : path), type: field?.type ?? 'String' };
  if (field?.usage) compiled.usage = field.usage;
  if (width !== undefined) compiled.width = width;
  return compiled;
}

/**
 * Compiles the grid: declared columns, or by default the title field plus the first String/Number fields
 * (up to five columns; passwords and multi-line texts left out); default sort: declared, else the title field
 * ascending; page size: declared, else 50.
 */
export function compileGrid(doc: Pick<EntityDocument, 'fields' | 'extensions' | 'titleField'>, locale: Locale | string = 'en'): CompiledGrid {
  const grid = doc.extensions?.grid;
  const titleField = resolveTitleField(doc);
  let columns: CompiledColumn[];
  if (grid && grid.columns.length > 0) {
    columns = grid.columns.map((c) => column(doc, c.field, locale, c.width, c.label ? localize(c.label, locale) : undefined));
  } else {
    const paths = [titleField];
    for (const f of doc.fields) {
      if (paths.length >= DEFAULT_COLUMN_COUNT) break;
      if ((f.type === 'String' || f.type === 'Number') && !NO_DEFAULT_COLUMN.has(f.usage) && !paths.includes(f.name)) paths.push(f.name);
    }
    columns = paths.map((p) => column(doc, p, locale));
  }
  return {
    columns,
    defaultSort: grid?.defaultSort && grid.defaultSort.length > 0 ? grid.defaultSort.map((s) => ({ ...s })) : [{ field: titleField, direction: 'asc' }],
    pageSize: grid?.pageSize ?? DEFAULT_PAGE_SIZE,
    // Only when asked: the golden compiler output of every other kind stays as it is.
    ...(grid?.runOnLoad ? { runOnLoad: true as const } : {}),
  };
}

/**
 * The query form's fields: declared `queryFields`, else the title field.
 */
export function compileQueryFields(doc: Pick<EntityDocument, 'fields' | 'extensions' | 'titleField'>, locale: Locale | string = 'en'): CompiledQueryField[] {
  const paths = doc.extensions?.queryFields ?? [resolveTitleField(doc)];
  return paths.map((path) => {
    const { width: _width, ...field } = column(doc, path, locale);
    const model = doc.fields.find((f) => f.name === path);
    if (model && isWideInteger(model)) return { ...field, wide: true as const };
    return model && isExactDecimal(model) ? { ...field, exact: true as const } : field;
  });
}

/**
 * The String fields `q` searches: declared `quickSearch`, else every top-level String field except passwords.
 */
export function compileQuickSearch(doc: Pick<EntityDocument, 'fields' | 'extensions'>): string[] {
  return doc.extensions?.quickSearch ?? doc.fields.filter((f) => f.type === 'String' && !isWriteOnly(f)).map((f) => f.name);
}

/** The detail views with labels in `locale`. */
export function compileDetails(doc: Pick<EntityDocument, 'extensions'>, locale: Locale | string = 'en'): CompiledDetailView[] {
  return (doc.extensions?.details ?? []).map((d) => ({ ...d, columns: [...d.columns], label: localize(d.label, locale) }));
}

/** The row commands of a document (`extensions.commands`) in a locale. */
export function compileRowCommands(doc: Pick<EntityDocument, 'extensions'>, locale: Locale | string = 'en'): CompiledRowCommand[] {
  return (doc.extensions?.commands ?? []).map((command) => ({
    ...command,
    label: localize(command.label, locale),
    results: Object.fromEntries(Object.entries(command.results ?? {}).map(([result, text]) => [result, localize(text, locale)])),
  }));
}

/** Whether a command's answer is a warning (its `result` is one of `warningResults`) rather than a success. */
export function commandResultIsWarning(command: Pick<CompiledRowCommand, 'warningResults'>, answer: unknown): boolean {
  const result = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).result : undefined;
  return typeof result === 'string' && (command.warningResults ?? []).includes(result);
}

/** The text of a command's answer: the result's text with `{field}` replaced by the answer's fields; undefined without one. */
export function commandResultText(command: Pick<CompiledRowCommand, 'results'>, answer: unknown): string | undefined {
  const fields = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const text = typeof fields.result === 'string' ? command.results[fields.result] : undefined;
  return text?.replace(/\{(\w+)\}/g, (whole, name: string) => (typeof fields[name] === 'string' || typeof fields[name] === 'number' ? String(fields[name]) : whole));
}
