import { isWriteOnly } from './write-only';
import type { FieldModel, FieldUsage, FormExtensions } from './entity-document';

/**
 * Every widget name the compiler may put in `ui:widget`. The renderer registry maps each to a component;
 * an unknown name is an error there, and `extensions.widgets` may name only these. `radio` is never picked by a
 * tester: a required Enum with few options asks for it in `extensions.widgets`.
 */
export const WIDGET_NAMES = [
  'text', 'password', 'multiline', 'upper', 'lower', 'email', 'url', 'phone', 'id', 'barcode',
  'number', 'currency', 'percent', 'checkbox', 'lookup', 'enum', 'radio',
  'date', 'datetime', 'time', 'color', 'image', 'country', 'currency-code', 'language',
  'object', 'array', 'hidden', 'code', 'time-zone',
] as const;

/** A widget name. */
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** True when `name` is one of `WIDGET_NAMES`. */
export function isWidgetName(name: unknown): name is WidgetName {
  return typeof name === 'string' && (WIDGET_NAMES as readonly string[]).includes(name);
}

/** What a tester sees besides the field: its dotted path and the entity's extensions. */
export interface WidgetContext {
  path: string;
  extensions: FormExtensions;
}

/** A ranked widget rule: when `test` holds, `widget` is a candidate; the highest rank wins. */
export interface WidgetTester {
  rank: number;
  widget: WidgetName;
  test(field: FieldModel, ext: WidgetContext): boolean;
}

const byType = (type: FieldModel['type'], widget: WidgetName): WidgetTester => ({ rank: 1, widget, test: (f) => f.type === type });
const byUsage = (usage: FieldUsage, widget: WidgetName, types: FieldModel['type'][] = ['String']): WidgetTester => ({
  rank: 10,
  widget,
  test: (f) => f.usage === usage && types.includes(f.type),
});

/** System fields the editor never shows (Disabled stays visible as a checkbox). */
const HIDDEN_SYSTEM_FIELDS = new Set(['Oid', 'ETag', 'TenantOid']);

/**
 * The default testers: a base widget per type (rank 1), one per usage (rank 10), Enum options (20),
 * a lookup definition (30), hidden system fields (50). `extensions.widgets` overrides all of them.
 */
export const WIDGET_TESTERS: readonly WidgetTester[] = [
  byType('String', 'text'),
  byType('Number', 'number'),
  byType('Boolean', 'checkbox'),
  byType('Object', 'object'),
  byType('Array', 'array'),
  byUsage('MultilineText', 'multiline'),
  byUsage('Password', 'password'),
  byUsage('UpperCase', 'upper'),
  byUsage('LowerCase', 'lower'),
  byUsage('Email', 'email'),
  byUsage('Url', 'url'),
  byUsage('UrlTemplate', 'url'),
  byUsage('Phone', 'phone'),
  byUsage('Id', 'id'),
  byUsage('Barcode', 'barcode'),
  byUsage('Date', 'date'),
  byUsage('DateTime', 'datetime'),
  byUsage('Time', 'time'),
  byUsage('Color', 'color'),
  byUsage('ImageName', 'image'),
  byUsage('CountryCode', 'country'),
  byUsage('CurrencyCode', 'currency-code'),
  byUsage('LanguageCode', 'language'),
  byUsage('TimeZone', 'time-zone'),
  byUsage('CurrencyAmount', 'currency', ['Number']),
  // A write-only value (a secret, a PIN) is typed blind and never shown, whatever its usage.
  { rank: 40, widget: 'password', test: (f) => isWriteOnly(f) },
  byUsage('Percent', 'percent', ['Number']),
  byUsage('Json', 'code'),
  byUsage('Xml', 'code'),
  { rank: 20, widget: 'enum', test: (f) => f.usage === 'Enum' || (Array.isArray(f.options) && f.options.length > 0) },
  { rank: 30, widget: 'lookup', test: (f, ext) => f.usage === 'Lookup' || ext.extensions.lookups?.[ext.path] !== undefined },
  { rank: 50, widget: 'hidden', test: (_f, ext) => HIDDEN_SYSTEM_FIELDS.has(ext.path) },
];

/**
 * Picks the widget of a field: `extensions.widgets[path]` when it names a known widget, else the highest-ranked
 * tester that holds (the earlier tester wins a tie). Unknown explicit names are reported by the document
 * checker, and ignored here.
 */
export function chooseWidget(field: FieldModel, ext: WidgetContext, testers: readonly WidgetTester[] = WIDGET_TESTERS): WidgetName {
  const explicit = ext.extensions.widgets?.[ext.path];
  if (isWidgetName(explicit)) return explicit;
  let best: WidgetTester | undefined;
  for (const tester of testers) if ((!best || tester.rank > best.rank) && tester.test(field, ext)) best = tester;
  return best?.widget ?? 'text';
}
