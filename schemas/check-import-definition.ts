import type { EntityDocument } from './entity-document';
import type { Report } from './check-fields';
import { pointer } from './document-issue';

/**
 * The semantic checks of `extensions.import` (the shape is already right): every column names a top-level declared
 * field once, the GTIN column is a String column of the definition, columns flagged requiredForGtin have a GTIN
 * column to depend on and are shown, and every required field is a shown column — otherwise no row could ever
 * be imported.
 */
export function checkImportDefinition(doc: EntityDocument, report: Report): void {
  const definition = doc.extensions?.import;
  if (!definition) return;
  const base = '/extensions/import';
  const fields = new Map(doc.fields.map((f) => [f.name, f]));
  const seen = new Map<string, number>();
  definition.columns.forEach((column, index) => {
    const at = pointer(base, 'columns', index);
    if (!fields.has(column.field)) {
      report(pointer(at, 'field'), `import column '${column.field}' names no top-level field of the document (system fields cannot be imported)`);
      return;
    }
    const first = seen.get(column.field);
    if (first !== undefined) report(pointer(at, 'field'), `import column '${column.field}' is declared twice (first at ${pointer(base, 'columns', first)})`);
    else seen.set(column.field, index);
    if (column.requiredForGtin && column.show === false) report(pointer(at, 'show'), `import column '${column.field}' is requiredForGtin, so it must be shown: remove "show": false`);
    if (column.requiredForGtin && definition.gtinField === undefined) {
      report(pointer(at, 'requiredForGtin'), `import column '${column.field}' is requiredForGtin but the import has no gtinField: add "gtinField" naming the column that holds the GTIN`);
    }
  });
  if (definition.gtinField !== undefined) {
    const gtin = fields.get(definition.gtinField);
    if (!seen.has(definition.gtinField)) report(pointer(base, 'gtinField'), `gtinField names '${definition.gtinField}', which is not a column of the import: add it to "columns"`);
    else if (gtin && gtin.type !== 'String') report(pointer(base, 'gtinField'), `gtinField '${definition.gtinField}' is a ${gtin.type} field: a GTIN is held in a String field`);
  }
  for (const field of doc.fields) {
    if (!field.required || field.default !== undefined) continue;
    const index = seen.get(field.name);
    if (index === undefined) report(pointer(base, 'columns'), `field '${field.name}' is required but not a column of the import, so no row could be imported: add { "field": "${field.name}" }`);
    else if (definition.columns[index]!.show === false) report(pointer(base, 'columns', index, 'show'), `import column '${field.name}' holds a required field, so it must be shown: remove "show": false`);
  }
}
