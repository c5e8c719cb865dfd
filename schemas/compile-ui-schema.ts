import { conditionFields } from '../conditions';
import type { Condition } from '../conditions/condition';
import type { FieldEffects, FieldModel, FormExtensions, LookupDefinition } from './entity-document';
import { currencyDecimals, DEFAULT_CURRENCY } from './currency';
import { parseRules } from './rule-strings';
import { chooseWidget, type WidgetName } from './widget-testers';

/** An rjsf uiSchema node (plain JSON). */
export type UiSchema = { [key: string]: unknown };

/** The effects of a field as the editor receives them, under `ui:options.effects`. */
export interface CompiledEffects extends FieldEffects {
  /** The field paths the conditions read: the editor re-evaluates this field's effects only when one changes. */
  fields: string[];
}

/** A lookup definition with its defaults filled in. */
export type CompiledLookup = LookupDefinition & { valueField: string };

/** The uiSchema of a field list, with the widget chosen for every field path. */
export interface CompiledUi {
  uiSchema: UiSchema;
  /** Field path -> widget name, Object and Array fields included (their uiSchema carries no `ui:widget`). */
  widgets: Record<string, WidgetName>;
}

/** Fills in a lookup's defaults (`valueField` "Oid"). */
export function compileLookup(lookup: LookupDefinition): CompiledLookup {
  return { ...lookup, valueField: lookup.valueField ?? 'Oid' };
}

/** The field paths a set of effects reads, sorted and without duplicates. */
export function effectFields(effects: FieldEffects): string[] {
  const fields = new Set<string>();
  for (const condition of Object.values(effects) as (Condition | undefined)[]) if (condition) for (const f of conditionFields(condition)) fields.add(f);
  return [...fields].sort();
}

/**
 * Compiles the uiSchema of a field list (rjsf 6): `ui:widget` from the widget testers (left out for Object and
 * Array, whose default rendering rjsf owns; a custom widget there would replace the whole list), `ui:readonly`,
 * and `ui:options` with `maxLength` (the n/max counter), `case` ('upper' | 'lower'), `codeLanguage` ('json' | 'xml'), `rulesRequired`, `currency`, `lookup`,
 * `enumIcons` and `effects` (conditions plus the fields they read). Object properties and Array items nest.
 */
export function compileUiSchema(fields: readonly FieldModel[], extensions: FormExtensions, prefix = ''): CompiledUi {
  const uiSchema: UiSchema = {};
  const widgets: Record<string, WidgetName> = {};
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    uiSchema[field.name] = compileFieldUi(field, path, fields, extensions, widgets);
  }
  return { uiSchema, widgets };
}

function compileFieldUi(field: FieldModel, path: string, siblings: readonly FieldModel[], extensions: FormExtensions, widgets: Record<string, WidgetName>): UiSchema {
  const widget = chooseWidget(field, { path, extensions });
  widgets[path] = widget;
  const ui: UiSchema = {};
  const structural = (field.type === 'Object' && widget === 'object') || (field.type === 'Array' && widget === 'array');
  if (!structural) ui['ui:widget'] = widget;
  if (field.readonly) ui['ui:readonly'] = true;
  const options = fieldOptions(field, path, siblings, extensions);
  if (Object.keys(options).length > 0) ui['ui:options'] = options;
  if (field.type === 'Object' && field.properties) {
    const nested = compileUiSchema(field.properties, extensions, path);
    Object.assign(ui, nested.uiSchema);
    Object.assign(widgets, nested.widgets);
  }
  if (field.type === 'Array' && field.items) {
    // Items have no addressable path: their widgets come from the testers and the lookups keyed `Field[].Name`
    // alone (effects and widget overrides address record fields, never elements).
    const itemPath = `${path}[]`;
    ui.items = compileFieldUi(field.items, itemPath, [], { lookups: extensions.lookups }, widgets);
  }
  return ui;
}

function fieldOptions(field: FieldModel, path: string, siblings: readonly FieldModel[], extensions: FormExtensions): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (field.type === 'String' && field.maxLength !== undefined) options.maxLength = field.maxLength;
  if (field.usage === 'UpperCase') options.case = 'upper';
  if (field.usage === 'LowerCase') options.case = 'lower';
  // The language the modal code editor checks and highlights; a `code` widget forced on other text edits plain text.
  if (field.usage === 'Json') options.codeLanguage = 'json';
  if (field.usage === 'Xml') options.codeLanguage = 'xml';
  if (field.usage === 'CurrencyAmount') {
    // A sibling CurrencyCode field, when present, names the currency of the amount; else the default currency.
    const currencyField = siblings.find((f) => f.usage === 'CurrencyCode')?.name;
    options.currency = { code: DEFAULT_CURRENCY, decimals: currencyDecimals(DEFAULT_CURRENCY), ...(currencyField ? { field: currencyField } : {}) };
  }
  // A rule string's `required` is enforced by the record checks (record-checks.ts) for record fields, not array
  // items; the label marks it as it marks a declared `required`.
  if (field.rules && !path.includes('[]') && parseRules(field.rules).rules.some((rule) => rule.name === 'required')) options.rulesRequired = true;
  const lookup = extensions.lookups?.[path];
  if (lookup) options.lookup = compileLookup(lookup);
  const icons = (field.options ?? []).filter((o) => o.icon).map((o) => [String(o.value), o.icon] as const);
  if (icons.length > 0) options.enumIcons = Object.fromEntries(icons);
  const effects = extensions.effects?.[path];
  if (effects && Object.keys(effects).length > 0) options.effects = { ...effects, fields: effectFields(effects) } satisfies CompiledEffects;
  return options;
}
