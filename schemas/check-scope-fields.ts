import type { EntityDocument } from './entity-document';
import type { Report } from './check-fields';

/**
 * Checks `scopeFields`: each named field (location, terminal) is a declared top-level Number field, since the
 * data service compares it with the oid of a scope header. The two must not name the same field.
 */
export function checkScopeFields(doc: EntityDocument, report: Report): void {
  const scope = doc.scopeFields;
  if (!scope) return;
  for (const role of ['location', 'terminal'] as const) {
    const name = scope[role];
    if (name === undefined) continue;
    const field = doc.fields.find((f) => f.name === name);
    if (!field) report(`/scopeFields/${role}`, `scopeFields.${role} names field '${name}', which does not exist`);
    else if (field.type !== 'Number') report(`/scopeFields/${role}`, `scopeFields.${role} names field '${name}' of type ${field.type}: it must be a Number field holding an oid`);
  }
  if (scope.location !== undefined && scope.location === scope.terminal) report('/scopeFields/terminal', `scopeFields.location and scopeFields.terminal both name '${scope.location}'`);
}

/**
 * Checks `visibility`: a global kind must say which tenants see which rows, a tenant-scoped one must not (its rows
 * are seen in their tenant), and a rule's field is Oid or a declared top-level Number field (it holds an oid).
 */
export function checkVisibility(doc: EntityDocument, report: Report): void {
  const visibility = doc.visibility;
  if (doc.scope === 'global' && !visibility) {
    report('/visibility', "a global kind needs a visibility rule: { rule: 'all' }, { rule: 'tenantField', field } or { rule: 'userTenants', field }");
  }
  if (doc.scope === 'tenant' && visibility) report('/visibility', 'a tenant-scoped kind has no visibility rule: its rows are seen in their own tenant');
  if (!visibility || visibility.rule === 'all' || visibility.field === 'Oid') return;
  const field = doc.fields.find((f) => f.name === visibility.field);
  if (!field) report('/visibility/field', `visibility.field names field '${visibility.field}', which does not exist`);
  else if (field.type !== 'Number') report('/visibility/field', `visibility.field names field '${visibility.field}' of type ${field.type}: it must be a Number field holding an oid`);
}
