import Papa from 'papaparse';
import {
  createRecordValidator,
  decimalScale,
  fieldLabel,
  isExactDecimal,
  isWideInteger,
  latinDigits,
  normaliseDecimal,
  parseDecimal,
  typedDecimalText,
  typedWholeNumber,
  importDefinitionErrors,
  localize,
  SYSTEM_FIELD_NAMES,
  type CompiledImport,
  type EntityDocument,
  type FieldModel,
  type ImportDefinition,
  unescapeFormula,
} from '../../../schemas';

/** One CSV row after mapping and checking: the values to send, the record they make and its errors by field. */
export interface ImportRow {
  /** 1-based line of the data row (the header is line 0). */
  line: number;
  cells: Record<string, string>;
  /** The values of the mapped columns: what is sent (the server fills the other fields with their defaults). */
  values: Record<string, unknown>;
  /** The whole record as it will be stored: defaults plus `values`. */
  record: Record<string, unknown>;
  errors: Record<string, string[]>;
}

/** The checked file: which column maps to which field, the rows, and what could not be mapped. */
export interface ImportPreview {
  /** CSV header -> field name. */
  mapping: Record<string, string>;
  unmapped: string[];
  rows: ImportRow[];
  /** Rows with at least one error. */
  invalid: number;
}

const norm = (text: string) => text.trim().toLowerCase();

/**
 * Maps CSV headers to the declared fields (plus Disabled) by name, else by label in the locale; Oid and ETag are
 * ignored. With an import definition only its columns map, by field name, else by the column's label in the locale
 * or in English, else by the field's label.
 */
export function mapHeaders(
  headers: readonly string[],
  fields: readonly FieldModel[],
  locale: string,
  definition?: ImportDefinition,
): { mapping: Record<string, string>; unmapped: string[] } {
  const mapping: Record<string, string> = {};
  const unmapped: string[] = [];
  const writable = fields.filter((f) => !SYSTEM_FIELD_NAMES.includes(f.name) || f.name === 'Disabled');
  const candidates = definition ? writable.filter((f) => definition.columns.some((c) => c.field === f.name)) : writable;
  const labelsOf = (field: FieldModel): string[] => {
    const column = definition?.columns.find((c) => c.field === field.name);
    return [...(column?.label ? [localize(column.label, locale), column.label.en] : []), fieldLabel(field, locale)].map(norm);
  };
  for (const header of headers) {
    const key = norm(header);
    if (key === 'oid' || key === 'etag' || key === 'tenantoid') continue;
    const field = candidates.find((f) => norm(f.name) === key) ?? candidates.find((f) => labelsOf(f).includes(key));
    if (field && !Object.values(mapping).includes(field.name)) mapping[header] = field.name;
    else if (header.trim()) unmapped.push(header);
  }
  return { mapping, unmapped };
}

/**
 * A CSV with only the header row to fill in: the shown columns of the import definition, else every declared
 * top-level field, by field name (what the import maps by in any language).
 */
export function importTemplate(doc: EntityDocument, definition: CompiledImport | undefined): string {
  const names = definition ? definition.columns.filter((c) => c.show).map((c) => c.field) : doc.fields.map((f) => f.name);
  return `${Papa.unparse([names])}\r\n`;
}

/** Converts cell text to the field's type; an unreadable cell gives an error message instead. */
export function convertCell(field: FieldModel, text: string): { value: unknown } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: field.type === 'String' ? (field.required ? '' : null) : field.type === 'Boolean' ? false : null };
  switch (field.type) {
    case 'Number': {
      // The export writes a decimal string as text, a negative one with the apostrophe of a formula-like cell.
      const typed = latinDigits(unescapeFormula(trimmed));
      // A wide integer or an exact decimal keeps every digit as the decimal string it travels as: a JS number would
      // round it past the 15th. Digits too many for the scale stay as written, for the validator to name.
      if (isWideInteger(field)) {
        const whole = typedWholeNumber(typed);
        return whole !== undefined ? { value: whole } : { error: `'${trimmed}' is not a whole number.` };
      }
      if (isExactDecimal(field)) {
        const text = typedDecimalText(typed);
        return parseDecimal(text) ? { value: normaliseDecimal(text, decimalScale(field)) } : { error: `'${trimmed}' is not a number.` };
      }
      const number = Number(typed.replace(',', '.'));
      return Number.isFinite(number) ? { value: number } : { error: `'${trimmed}' is not a number.` };
    }
    case 'Boolean': {
      if (['true', '1', 'yes', 'y', 'x'].includes(norm(trimmed))) return { value: true };
      if (['false', '0', 'no', 'n'].includes(norm(trimmed))) return { value: false };
      return { error: `'${trimmed}' is not true or false.` };
    }
    case 'Object':
    case 'Array':
      try {
        return { value: JSON.parse(trimmed) as unknown };
      } catch {
        return { error: `'${trimmed}' is not JSON.` };
      }
    default:
      return { value: unescapeFormula(text) };
  }
}

/**
 * Parses a CSV text and checks every row with the compiled schema of the kind (the same validator the server
 * runs) and the rules of its import definition, before anything is written: each row gets its record and its
 * errors per field.
 */
export function previewImport(csv: string, doc: EntityDocument, emptyRecord: Record<string, unknown>, locale: string): ImportPreview {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const headers = parsed.meta.fields ?? [];
  const fields = [...doc.fields, { name: 'Disabled', type: 'Boolean' } as FieldModel];
  const definition = doc.extensions?.import;
  const { mapping, unmapped } = mapHeaders(headers, fields, locale, definition);
  const validate = createRecordValidator(doc);
  const rows = parsed.data.map((cells, index): ImportRow => {
    const errors: Record<string, string[]> = {};
    const values: Record<string, unknown> = {};
    for (const [header, name] of Object.entries(mapping)) {
      const field = fields.find((f) => f.name === name)!;
      const converted = convertCell(field, cells[header] ?? '');
      if ('error' in converted) (errors[name] ??= []).push(converted.error);
      else values[name] = converted.value;
    }
    const record = { ...stripSystem(emptyRecord), ...values };
    for (const [path, list] of Object.entries(validate({ ...record, Oid: null, ETag: null, TenantOid: null }))) {
      if (errors[path]) continue;
      errors[path || '(record)'] = list.map((e) => e.message);
    }
    return { line: index + 1, cells, values, record, errors };
  });
  // The definition's own rules (columns only, complete GTIN imports), exactly as the server applies them; a cell
  // that already has an error keeps just that one.
  if (definition) {
    for (const { row, field, message } of importDefinitionErrors(definition, rows.map((r) => r.values), emptyRecord)) {
      const errors = rows[row - 1]!.errors;
      errors[field] ??= [message];
    }
  }
  for (const error of parsed.errors) {
    const row = error.row !== undefined ? rows[error.row] : undefined;
    if (row) (row.errors['(record)'] ??= []).push(error.message);
  }
  return { mapping, unmapped, rows, invalid: rows.filter((r) => Object.keys(r.errors).length > 0).length };
}

/**
 * What the preview shows in a cell: the record's value, but for a cell that could not be read the text of the file,
 * so "abc" in a price reads as "abc" (marked with its error) and not as the empty record's 0.
 */
export function previewCellText(row: Pick<ImportRow, 'cells' | 'record' | 'errors'>, field: string, mapping: Record<string, string>): string {
  const header = Object.keys(mapping).find((h) => mapping[h] === field);
  if (row.errors[field] && header !== undefined) return row.cells[header] ?? '';
  const value = row.record[field];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function stripSystem(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name === 'Disabled' || !SYSTEM_FIELD_NAMES.includes(name)));
}
