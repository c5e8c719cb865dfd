import Papa from 'papaparse';
import { createRecordValidator, fieldLabel, SYSTEM_FIELD_NAMES, type EntityDocument, type FieldModel } from '../../../schemas';

/** One CSV row after mapping and checking: the record to write and its errors by field. */
export interface ImportRow {
  /** 1-based line of the data row (the header is line 0). */
  line: number;
  cells: Record<string, string>;
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

/** Maps CSV headers to the declared fields (plus Disabled) by name, else by label in the locale; Oid and ETag are ignored. */
export function mapHeaders(headers: readonly string[], fields: readonly FieldModel[], locale: string): { mapping: Record<string, string>; unmapped: string[] } {
  const mapping: Record<string, string> = {};
  const unmapped: string[] = [];
  const writable = fields.filter((f) => !SYSTEM_FIELD_NAMES.includes(f.name) || f.name === 'Disabled');
  for (const header of headers) {
    const key = norm(header);
    if (key === 'oid' || key === 'etag' || key === 'tenantoid') continue;
    const field = writable.find((f) => norm(f.name) === key) ?? writable.find((f) => norm(fieldLabel(f, locale)) === key);
    if (field) mapping[header] = field.name;
    else if (header.trim()) unmapped.push(header);
  }
  return { mapping, unmapped };
}

/** Converts cell text to the field's type; an unreadable cell gives an error message instead. */
export function convertCell(field: FieldModel, text: string): { value: unknown } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: field.type === 'String' ? (field.required ? '' : null) : field.type === 'Boolean' ? false : null };
  switch (field.type) {
    case 'Number': {
      const number = Number(trimmed.replace(',', '.'));
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
      return { value: text };
  }
}

/**
 * Parses a CSV text and checks every row with the compiled schema of the kind (the same validator the server
 * runs), before anything is written: each row gets its record and its errors per field.
 */
export function previewImport(csv: string, doc: EntityDocument, emptyRecord: Record<string, unknown>, locale: string): ImportPreview {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const headers = parsed.meta.fields ?? [];
  const fields = [...doc.fields, { name: 'Disabled', type: 'Boolean' } as FieldModel];
  const { mapping, unmapped } = mapHeaders(headers, fields, locale);
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
    return { line: index + 1, cells, record, errors };
  });
  for (const error of parsed.errors) {
    const row = error.row !== undefined ? rows[error.row] : undefined;
    if (row) (row.errors['(record)'] ??= []).push(error.message);
  }
  return { mapping, unmapped, rows, invalid: rows.filter((r) => Object.keys(r.errors).length > 0).length };
}

function stripSystem(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name === 'Disabled' || !SYSTEM_FIELD_NAMES.includes(name)));
}
