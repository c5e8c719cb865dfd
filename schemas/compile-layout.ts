import type { EntityDocument, FormTab, Locale } from './entity-document';
import { localize } from './field-label';

/** A group of the compiled editor layout. */
export interface LayoutGroup {
  id: string;
  label?: string;
  fields: string[];
}

/** A tab of the compiled editor layout. */
export interface LayoutTab {
  id: string;
  label: string;
  groups: LayoutGroup[];
}

/** The editor layout: tabs of groups of field names. */
export interface FormLayout {
  tabs: LayoutTab[];
}

/** The id of the tab that takes the fields no tab places. */
export const DEFAULT_TAB_ID = 'general';

const DEFAULT_TAB_LABEL = {
  en: 'General', de: 'Allgemein', ja: '一般', it: 'Generale', ru: 'Общее', ar: 'عام', cs: 'Obecné', es: 'General', fr: 'Général',
} as const;

/**
 * Compiles tabs and groups into the editor layout with labels in `locale`. Document fields no group places go,
 * in document order, to a default first tab ("General"); the `Disabled` system field, unless placed, joins the
 * first group. The hidden system fields (Oid, ETag, TenantOid) are never laid out.
 */
export function compileLayout(doc: Pick<EntityDocument, 'fields' | 'extensions'>, locale: Locale | string = 'en'): FormLayout {
  const declared: FormTab[] = doc.extensions?.tabs ?? [];
  const placed = new Set(declared.flatMap((t) => t.groups.flatMap((g) => g.fields)));
  const tabs: LayoutTab[] = declared.map((tab) => ({
    id: tab.id,
    label: localize(tab.label, locale),
    groups: tab.groups.map((g) => ({ id: g.id, ...(g.label ? { label: localize(g.label, locale) } : {}), fields: [...g.fields] })),
  }));
  const unplaced = doc.fields.map((f) => f.name).filter((name) => !placed.has(name));
  if (unplaced.length > 0 || tabs.length === 0) {
    tabs.unshift({ id: DEFAULT_TAB_ID, label: localize(DEFAULT_TAB_LABEL, locale), groups: [{ id: 'default', fields: unplaced }] });
  }
  const first = tabs[0]?.groups[0];
  if (first && !placed.has('Disabled')) first.fields.push('Disabled');
  return { tabs };
}

/**
 * The top-level `ui:order` for rjsf: the laid-out fields in tab and group order, then `*` for the rest
 * (hidden system fields), as rjsf requires every property to be covered.
 */
export function layoutOrder(layout: FormLayout): string[] {
  const order = layout.tabs.flatMap((t) => t.groups.flatMap((g) => g.fields));
  return [...new Set(order), '*'];
}
