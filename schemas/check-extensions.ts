import { checkCondition, type ConditionOptions } from '../conditions';
import type { EntityDocument, FieldEffects, FieldModel } from './entity-document';
import type { Report } from './check-fields';
import { pointer } from './document-issue';
import { fieldTypesOf, findField, walkFields } from './field-paths';
import { SYSTEM_FIELDS } from './system-fields';
import { isWidgetName, WIDGET_NAMES } from './widget-testers';
import { effectFields } from './compile-ui-schema';
import { writeOnlyFields } from './write-only';
import { decimalStringNames } from './decimal-strings';

/** Condition issue as conditions/' `checkCondition` reports it. */
interface ConditionIssue {
  path: string;
  message: string;
}

/**
 * Checks a condition against field types and reports its issues with document pointers.
 * `at` is the condition's pointer; the checker's paths are taken as relative to it unless they already start there.
 */
export function reportCondition(condition: unknown, types: Record<string, string>, at: string, context: string, report: Report, options?: ConditionOptions): void {
  const issues = checkCondition(condition, types as Parameters<typeof checkCondition>[1], at, options) as ConditionIssue[];
  for (const issue of issues) {
    const path = issue.path.startsWith(at) ? issue.path : `${at}${issue.path.startsWith('/') || issue.path === '' ? '' : '/'}${issue.path}`;
    report(path, `${context}: ${issue.message}`);
  }
}

/**
 * A radio group shows every option at once and offers no empty choice: it suits a required Enum with a few
 * options. An optional field could never be cleared through it, and a long list belongs in a select.
 */
function checkRadio(field: FieldModel | undefined, path: string, at: string, report: Report): void {
  if (!field) return; // reported as an unknown field
  if (field.usage !== 'Enum' || !field.options?.length) report(at, `field '${path}': widget 'radio' needs a field with usage 'Enum'`);
  else if (field.required !== true) report(at, `field '${path}': widget 'radio' offers no empty choice, so the field must be required`);
  else if (field.options.length > MAX_RADIO_OPTIONS) report(at, `field '${path}': widget 'radio' takes at most ${MAX_RADIO_OPTIONS} options (this field has ${field.options.length}); use 'enum'`);
}

/** More options than this read better as a select. */
export const MAX_RADIO_OPTIONS = 6;

/**
 * The semantic checks of the extensions: every field name they reference exists (tabs, effects, widgets, lookups,
 * grid columns, sort, queryFields, quickSearch, titleField), a field sits in at most one tab group, ids are unique,
 * effect conditions pass `checkCondition` against the document's field types, widget names are known, and
 * usage 'Lookup' and `extensions.lookups` agree.
 */
export function checkExtensions(doc: EntityDocument, report: Report): void {
  const types = fieldTypesOf([...SYSTEM_FIELDS, ...doc.fields]);
  const topLevel = new Set([...SYSTEM_FIELDS, ...doc.fields].map((f) => f.name));
  const ext = doc.extensions ?? {};
  const known = (path: string) => Object.hasOwn(types, path);
  const needField = (path: string, at: string, what: string) => {
    if (!known(path)) report(at, `${what} names field '${path}', which does not exist`);
    return known(path);
  };

  if (doc.titleField !== undefined && !topLevel.has(doc.titleField)) report('/titleField', `titleField names field '${doc.titleField}', which is not a top-level field`);

  const tabIds = new Set<string>();
  const groupIds = new Set<string>();
  const placedIn = new Map<string, string>();
  (ext.tabs ?? []).forEach((tab, t) => {
    const tabAt = pointer('/extensions/tabs', t);
    if (tabIds.has(tab.id)) report(`${tabAt}/id`, `tab id '${tab.id}' is used twice`);
    tabIds.add(tab.id);
    tab.groups.forEach((group, g) => {
      const groupAt = pointer(tabAt, 'groups', g);
      if (groupIds.has(group.id)) report(`${groupAt}/id`, `group id '${group.id}' is used twice`);
      groupIds.add(group.id);
      group.fields.forEach((name, f) => {
        const at = pointer(groupAt, 'fields', f);
        if (!topLevel.has(name)) return report(at, `group '${group.id}' names field '${name}', which is not a top-level field`);
        const earlier = placedIn.get(name);
        if (earlier !== undefined) report(at, `field '${name}' is placed in group '${earlier}' and again in group '${group.id}': a field belongs to one group`);
        else placedIn.set(name, group.id);
      });
    });
  });

  // A wide integer or exact decimal is compared as the evaluator will (conditions/wide-integers.ts): decimal text is a value.
  const conditionOptions: ConditionOptions = { decimalStrings: decimalStringNames(doc.fields) };
  for (const [path, effects] of Object.entries(ext.effects ?? {})) {
    const at = pointer('/extensions/effects', path);
    if (!needField(path, at, 'effects')) continue;
    for (const [effect, condition] of Object.entries(effects as FieldEffects)) {
      reportCondition(condition, types, pointer(at, effect), `field '${path}': ${effect} condition`, report, conditionOptions);
    }
  }

  for (const [path, widget] of Object.entries(ext.widgets ?? {})) {
    const at = pointer('/extensions/widgets', path);
    needField(path, at, 'widgets');
    if (!isWidgetName(widget)) report(at, `field '${path}': widget '${widget}' is unknown (known widgets: ${WIDGET_NAMES.join(', ')})`);
    else if (widget === 'radio') checkRadio(findField(doc.fields, path), path, at, report);
  }

  // Lookups may also sit on a property of an Array's items (`Roles[].RoleOid`): each element names one record.
  const lookupTypes: Record<string, string> = { ...types };
  const walked = walkFields(doc.fields);
  for (const { field, path, inArray } of walked) if (inArray && !path.endsWith('[]')) lookupTypes[path] = field.type;
  const lookups = ext.lookups ?? {};
  for (const path of Object.keys(lookups)) {
    const at = pointer('/extensions/lookups', path);
    if (!Object.hasOwn(lookupTypes, path)) report(at, `lookups names field '${path}', which does not exist`);
    else if (lookupTypes[path] !== 'String' && lookupTypes[path] !== 'Number') {
      report(at, `field '${path}' is a ${lookupTypes[path]} field: a lookup stores a String or Number key`);
    }
  }
  for (const { field, path, pointer: at } of walked) {
    if (field.usage === 'Lookup' && !lookups[path]) {
      report(`${at}/usage`, `field '${path}' has usage 'Lookup' but no entry in extensions.lookups saying what it looks up`);
    }
  }

  // An external field's value is not in the kind's table, so lists cannot show, sort, filter or search it.
  const external = new Set(doc.fields.filter((f) => f.external).map((f) => f.name));
  const needStored = (path: string, at: string, what: string) => {
    if (external.has(path.split('.')[0]!)) report(at, `${what} names field '${path}', which is external: lists cannot sort, filter or search by it`);
  };
  ext.grid?.columns.forEach((column, index) => needStored(column.field, pointer('/extensions/grid/columns', index, 'field'), 'grid column'));
  ext.grid?.defaultSort?.forEach((key, index) => needStored(key.field, pointer('/extensions/grid/defaultSort', index, 'field'), 'defaultSort'));
  ext.queryFields?.forEach((path, index) => needStored(path, pointer('/extensions/queryFields', index), 'queryFields'));
  ext.quickSearch?.forEach((path, index) => needStored(path, pointer('/extensions/quickSearch', index), 'quickSearch'));
  // A write-only value is never answered: a column, sort, filter or search over it would give it away.
  const secret = new Set(writeOnlyFields(doc.fields).map((f) => f.name));
  const needReadable = (path: string, at: string, what: string) => {
    if (secret.has(path.split('.')[0]!)) report(at, `${what} names field '${path}', which is write-only: its value is never shown, sorted, filtered or searched`);
  };
  ext.grid?.columns.forEach((column, index) => needReadable(column.field, pointer('/extensions/grid/columns', index, 'field'), 'grid column'));
  ext.grid?.defaultSort?.forEach((key, index) => needReadable(key.field, pointer('/extensions/grid/defaultSort', index, 'field'), 'defaultSort'));
  ext.queryFields?.forEach((path, index) => needReadable(path, pointer('/extensions/queryFields', index), 'queryFields'));
  ext.quickSearch?.forEach((path, index) => needReadable(path, pointer('/extensions/quickSearch', index), 'quickSearch'));
  for (const path of Object.keys(ext.effects ?? {})) for (const used of effectFields(ext.effects![path]!)) needReadable(used, pointer('/extensions/effects', path), 'an effect condition');

  ext.grid?.columns.forEach((column, index) => needField(column.field, pointer('/extensions/grid/columns', index, 'field'), 'grid column'));
  ext.grid?.defaultSort?.forEach((key, index) => needField(key.field, pointer('/extensions/grid/defaultSort', index, 'field'), 'defaultSort'));
  ext.queryFields?.forEach((path, index) => needField(path, pointer('/extensions/queryFields', index), 'queryFields'));
  ext.quickSearch?.forEach((path, index) => {
    const at = pointer('/extensions/quickSearch', index);
    if (needField(path, at, 'quickSearch') && types[path] !== 'String') report(at, `quickSearch field '${path}' is a ${types[path]} field: quick search reads String fields only`);
  });

  const commandIds = new Set<string>();
  ext.commands?.forEach((command, index) => {
    if (commandIds.has(command.id)) report(pointer('/extensions/commands', index, 'id'), `command id '${command.id}' is used twice`);
    commandIds.add(command.id);
  });

  const detailIds = new Set<string>();
  ext.details?.forEach((detail, index) => {
    if (detailIds.has(detail.id)) report(pointer('/extensions/details', index, 'id'), `detail view id '${detail.id}' is used twice`);
    detailIds.add(detail.id);
  });
}
