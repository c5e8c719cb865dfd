import { isWriteOnly } from './write-only';
import type { EntityDocument, EntityMeta, Locale } from './entity-document';
import { compileDetails, compileGrid, compileQueryFields, compileQuickSearch, compileRowCommands, type CompiledDetailView, type CompiledGrid, type CompiledQueryField, type CompiledRowCommand } from './compile-grid';
import { compileTopLevelFieldSchema, type JsonSchema } from './compile-field-schema';
import { compileLayout, layoutOrder, type FormLayout } from './compile-layout';
import { compileLookup, compileUiSchema, effectFields, type CompiledLookup, type UiSchema } from './compile-ui-schema';
import { emptyRecord } from './defaults';
import { localize } from './field-label';
import { compileImport, type CompiledImport } from './import-definition';
import { toEntityMeta } from './system-fields';
import type { WidgetName } from './widget-testers';

/** Everything the browser and the server need about one entity kind, in one locale. */
export interface CompiledEntity {
  /** Cache key: `<area>/<entity>@<version>:<locale>`. */
  key: string;
  locale: string;
  /** The entity's label (singular and plural) in the locale. */
  label: string;
  pluralLabel: string;
  meta: EntityMeta;
  /** JSON Schema draft-07 of a record (system fields included, unknown fields refused). */
  schema: JsonSchema;
  /** rjsf 6 uiSchema (top-level `ui:order` from the layout). */
  uiSchema: UiSchema;
  layout: FormLayout;
  /** Field path -> widget name. */
  widgets: Record<string, WidgetName>;
  /** Field path -> the fields whose effects read it: what to re-evaluate when it changes. */
  effectDependents: Record<string, string[]>;
  grid: CompiledGrid;
  queryFields: CompiledQueryField[];
  quickSearch: string[];
  lookups: Record<string, CompiledLookup>;
  details: CompiledDetailView[];
  /** Buttons of an open row that call a server route (`extensions.commands`); absent when the kind has none. */
  commands?: CompiledRowCommand[];
  /** The import definition (`extensions.import`); absent when the import takes every field. */
  import?: CompiledImport;
  /** A new record: every field at its default. */
  emptyRecord: Record<string, unknown>;
}

/** The key a compiled entity is cached under. */
export function compileKey(doc: Pick<EntityDocument, 'area' | 'entity' | 'version'>, locale: string): string {
  return `${doc.area}/${doc.entity}@${doc.version}:${locale}`;
}

/**
 * Compiles an entity document without the cache (spec 2 §3, §5). The document is assumed valid
 * (`validateEntityDocument` passed); the compiler does not re-check it.
 */
export function compileEntityUncached(doc: EntityDocument, locale: Locale | string = 'en'): CompiledEntity {
  const meta = toEntityMeta(doc);
  const extensions = doc.extensions ?? {};
  // A stored record is answered without its write-only values, so the form cannot require them; the server's
  // validator does (record-validator.ts), on the record with the stored value filled in.
  const required = meta.fields.filter((f) => f.required && !isWriteOnly(f)).map((f) => f.name);
  const schema: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: localize(doc.label, locale),
    type: 'object',
    properties: Object.fromEntries(meta.fields.map((f) => [f.name, compileTopLevelFieldSchema(f, locale)])),
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
  };
  const layout = compileLayout(doc, locale);
  const ui = compileUiSchema(meta.fields, extensions);
  const effectDependents: Record<string, string[]> = {};
  for (const [target, effects] of Object.entries(extensions.effects ?? {})) {
    for (const source of effectFields(effects)) (effectDependents[source] ??= []).push(target);
  }
  const imports = compileImport(doc, locale);
  return {
    key: compileKey(doc, locale),
    locale,
    label: localize(doc.label, locale),
    pluralLabel: localize(doc.pluralLabel ?? doc.label, locale),
    meta,
    schema,
    uiSchema: { 'ui:order': layoutOrder(layout), ...ui.uiSchema },
    layout,
    widgets: ui.widgets,
    effectDependents,
    grid: compileGrid(doc, locale),
    queryFields: compileQueryFields(doc, locale),
    quickSearch: compileQuickSearch(doc),
    lookups: Object.fromEntries(Object.entries(extensions.lookups ?? {}).map(([path, lookup]) => [path, compileLookup(lookup)])),
    details: compileDetails(doc, locale),
    ...(doc.extensions?.commands?.length ? { commands: compileRowCommands(doc, locale) } : {}),
    ...(imports ? { import: imports } : {}),
    emptyRecord: emptyRecord(meta),
  };
}

const cache = new Map<string, CompiledEntity>();

/**
 * Compiles an entity document once per (area, entity, version, locale) and serves the cached result after.
 * Bump the document's `version` when it changes: the version is what tells a new document from the cached one.
 * Callers must treat the result as read-only, as it is shared.
 */
export function compileEntity(doc: EntityDocument, locale: Locale | string = 'en'): CompiledEntity {
  const key = compileKey(doc, locale);
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = compileEntityUncached(doc, locale);
    cache.set(key, compiled);
  }
  return compiled;
}

/** Empties the compile cache (tests, benchmarks, a metadata reload). */
export function clearCompileCache(): void {
  cache.clear();
}
