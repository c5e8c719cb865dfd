import type { EntityDocument, FieldType } from './entity-document';
import { reportCondition } from './check-extensions';
import { pointer, type DocumentIssue } from './document-issue';
import { fieldTypesOf } from './field-paths';
import { SYSTEM_FIELDS } from './system-fields';
import { closestName } from './closest-name';

/** One document of a catalogue with its file. */
export interface CatalogueEntry {
  file: string;
  doc: unknown;
}

function asDocument(doc: unknown): EntityDocument | undefined {
  const d = doc as Partial<EntityDocument> | null;
  return d && typeof d === 'object' && typeof d.area === 'string' && typeof d.entity === 'string' && Array.isArray(d.fields) ? (d as EntityDocument) : undefined;
}

/**
 * The checks across documents: no area/entity twice, lookups pointing at an existing "<area>/<entity>" and at
 * fields that kind has (valueField, textFields, iconField, countryField; filter conditions checked against its
 * field types), detail views naming an existing kind with the foreign key and columns it has.
 * Documents that are not even shaped like entity documents are skipped (`validateEntityDocument` reports them).
 */
export function checkCatalogue(docs: readonly CatalogueEntry[]): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const kinds = new Map<string, { file: string; types: Record<string, FieldType> }>();
  const entries = docs.flatMap(({ file, doc }) => {
    const document = asDocument(doc);
    return document ? [{ file, doc: document }] : [];
  });
  for (const { file, doc } of entries) {
    const key = `${doc.area}/${doc.entity}`;
    const existing = kinds.get(key);
    if (existing) issues.push({ file, path: '/entity', message: `entity '${key}' is already defined in ${existing.file}` });
    else kinds.set(key, { file, types: fieldTypesOf([...SYSTEM_FIELDS, ...(doc.fields ?? []).filter((f) => f && typeof f.name === 'string')]) });
  }
  // "(did you mean 'pos-supply/tax'?)" for a kind without its area or a misspelt one.
  const kindHint = (name: string) => {
    const sameEntity = [...kinds.keys()].find((key) => key.split('/')[1]?.toLowerCase() === name.split('/').at(-1)?.toLowerCase());
    const hint = sameEntity ?? closestName(name, kinds.keys());
    return hint ? ` (did you mean '${hint}'?)` : '';
  };
  for (const { file, doc } of entries) {
    const report = (path: string, message: string) => issues.push({ file, path, message });
    for (const [field, lookup] of Object.entries(doc.extensions?.lookups ?? {})) {
      const at = pointer('/extensions/lookups', field);
      const target = kinds.get(lookup.entity);
      if (!target) {
        // A delete rule says what happens to this field's records when a target is deleted: there must be targets.
        const rule = lookup.onDelete && lookup.onDelete !== 'restrict' ? `: its onDelete '${lookup.onDelete}' needs an existing kind` : '';
        report(`${at}/entity`, `lookup of field '${field}' points at '${lookup.entity}', which no document defines${kindHint(lookup.entity)}${rule}`);
        continue;
      }
      const need = (name: string | undefined, path: string, what: string) => {
        if (name !== undefined && !Object.hasOwn(target.types, name)) report(path, `lookup of field '${field}': ${what} '${name}' is not a field of '${lookup.entity}'`);
      };
      need(lookup.valueField, `${at}/valueField`, 'valueField');
      lookup.textFields?.forEach((name, index) => need(name, pointer(at, 'textFields', index), 'text field'));
      need(lookup.iconField, `${at}/iconField`, 'iconField');
      need(lookup.countryField, `${at}/countryField`, 'countryField');
      if (lookup.filter !== undefined) reportCondition(lookup.filter, target.types, `${at}/filter`, `lookup of field '${field}': filter on '${lookup.entity}'`, report);
    }
    doc.extensions?.details?.forEach((detail, index) => {
      const at = pointer('/extensions/details', index);
      const target = kinds.get(detail.entity);
      if (!target) return report(`${at}/entity`, `detail view '${detail.id}' shows '${detail.entity}', which no document defines${kindHint(detail.entity)}`);
      if (!Object.hasOwn(target.types, detail.foreignKey)) report(`${at}/foreignKey`, `detail view '${detail.id}': foreignKey '${detail.foreignKey}' is not a field of '${detail.entity}'`);
      detail.columns?.forEach((column, c) => {
        if (!Object.hasOwn(target.types, column)) report(pointer(at, 'columns', c), `detail view '${detail.id}': column '${column}' is not a field of '${detail.entity}'`);
      });
    });
  }
  return issues;
}
