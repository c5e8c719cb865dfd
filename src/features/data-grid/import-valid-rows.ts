import type { ImportPreview, ImportRow } from './csv-import';

/** The rows of the preview without errors: what "Import the valid rows" sends, in file order. */
export function validRowsOf(preview: ImportPreview): ImportRow[] {
  return preview.rows.filter((row) => Object.keys(row.errors).length === 0);
}

/**
 * Server errors keyed `<record>.<Field>` (record = 1-based position in what was sent) spread onto the preview rows
 * they came from: `sent` lists those rows in the order they were sent, so the errors of a valid-rows import land on
 * the right lines although the bad rows were not sent.
 */
export function withServerErrors(preview: ImportPreview, errors: Record<string, string[]>, sent: readonly Pick<ImportRow, 'line'>[] = preview.rows): ImportPreview {
  const rows = preview.rows.map((row) => ({ ...row, errors: { ...row.errors } }));
  for (const [key, messages] of Object.entries(errors)) {
    const [position, ...field] = key.split('.');
    const line = sent[Number(position) - 1]?.line;
    const row = rows.find((candidate) => candidate.line === line);
    if (row) row.errors[field.join('.') || '(record)'] = messages;
  }
  return { ...preview, rows, invalid: rows.filter((r) => Object.keys(r.errors).length > 0).length };
}
