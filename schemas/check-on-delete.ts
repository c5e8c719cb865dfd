import type { EntityDocument } from './entity-document';
import type { Report } from './check-fields';
import { pointer } from './document-issue';
import { walkFields } from './field-paths';

/**
 * The checks of the lookups' `onDelete` rules that one document can tell (the target kind is checked with the
 * catalogue): `setNull` must be able to empty the field (a top-level field that is neither required nor a
 * non-nullable Number), and `cascade` and `setNull` need a stored record field (not a lookup inside a list, whose
 * element the server does not rewrite, nor an external field, which its module keeps).
 */
export function checkOnDelete(doc: EntityDocument, report: Report): void {
  const fields = new Map(walkFields(doc.fields).map((walked) => [walked.path, walked.field]));
  const external = new Set(doc.fields.filter((f) => f.external).map((f) => f.name));
  for (const [path, lookup] of Object.entries(doc.extensions?.lookups ?? {})) {
    const rule = lookup.onDelete;
    const at = pointer('/extensions/lookups', path, 'onDelete');
    const top = path.split(/[.[]/)[0]!;
    if (rule === undefined) continue;
    if (external.has(top)) {
      report(at, `lookup of field '${path}': onDelete does not apply to an external field (its module keeps the value); remove it`);
      continue;
    }
    if (rule === 'restrict') continue;
    if (path.includes('[]')) {
      report(at, `lookup of field '${path}': onDelete '${rule}' does not apply to a lookup in a list; use 'restrict' (the default)`);
      continue;
    }
    if (rule !== 'setNull') continue;
    const field = fields.get(path);
    if (path !== top) report(at, `lookup of field '${path}': onDelete 'setNull' applies to top-level fields only; use 'restrict' or 'cascade'`);
    else if (field?.required) report(at, `lookup of field '${path}': onDelete 'setNull' cannot empty a required field; use 'restrict' or 'cascade'`);
    else if (field?.type === 'Number' && field.nullable !== true) report(at, `lookup of field '${path}': onDelete 'setNull' needs a nullable field; add "nullable": true or use 'restrict' or 'cascade'`);
  }
}
