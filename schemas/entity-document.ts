/**
 * The metadata contract: the shape of an entity document (`server/metadata/<area>/<entity>.json`).
 * `GET .../meta` answers the field model (`EntityMeta`); `GET .../form-extensions` answers the
 * extensions (`FormExtensions`). docs/metadata.md is the prose reference for schema authors.
 */
import type { Condition } from '../conditions/condition';

/** The languages every label is offered in; `en` is the default and is always required. */
export const LOCALES = ['en', 'de', 'ja', 'it', 'ru', 'ar', 'cs', 'es', 'fr'] as const;
/** A supported locale code. */
export type Locale = (typeof LOCALES)[number];

/** Text per language; `en` is required, a missing language falls back to `en`. */
export type LocalizedText = { en: string } & Partial<Record<Locale, string>>;

/** The five field types of the specification's field model. */
export type FieldType = 'String' | 'Number' | 'Boolean' | 'Object' | 'Array';

/** Managed numeric types (spec 2 §5) with their own ranges. */
export type ManagedType =
  | 'sbyte' | 'int16' | 'int32' | 'int64'
  | 'byte' | 'uint16' | 'uint32' | 'uint64'
  | 'single' | 'double' | 'decimal';

/**
 * How a field is used, which picks the widget and extra checks. `MultilineText` comes from the
 * specification; the others are ours (see docs/metadata.md).
 */
export type FieldUsage =
  | 'MultilineText' | 'Password' | 'UpperCase' | 'LowerCase'
  | 'Email' | 'Url' | 'UrlTemplate' | 'Phone' | 'Barcode' | 'Id'
  | 'Date' | 'DateTime' | 'Time'
  | 'CurrencyAmount' | 'CurrencyCode' | 'CountryCode' | 'LanguageCode' | 'Color' | 'Percent' | 'ImageName' | 'TimeZone'
  | 'Lookup' | 'Enum'
  | 'Json' | 'Xml';

/** One choice of an `Enum` field. */
export interface EnumOption {
  value: string | number;
  label: LocalizedText;
  icon?: string;
}

/** One field of the field model (spec 2 §3). */
export interface FieldModel {
  name: string; // PascalCase, unique within the entity
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  nullable?: boolean; // Number only
  managedType?: ManagedType; // Number only
  /**
   * decimal only: the digits the column keeps in all (numeric(precision, scale)), at most 1000. Above 15 the values
   * travel as canonical decimal strings, every digit exact (schemas/exact-decimal.ts; docs/metadata.md "Decimal precision").
   */
  precision?: number;
  scale?: number; // decimal with a precision only: the digits after the point (default 0)
  usage?: FieldUsage;
  label?: LocalizedText; // default: the field name split into words
  description?: LocalizedText; // help text under the widget
  readonly?: boolean;
  properties?: FieldModel[]; // Object: the nested fields
  items?: FieldModel; // Array: the model of one item (its name is ignored)
  rules?: string; // rule string, e.g. "id|maxLength:32" (spec 2 §5)
  default?: unknown; // overrides the type's default
  options?: EnumOption[]; // usage Enum
  pattern?: string; // String: a regular expression the value must match
  /**
   * String with `pattern`: the format in words, best with an example ("three capital letters, e.g. EUR"). A value
   * that does not match is refused with this text; without it the message can only quote the regular expression.
   */
  patternHint?: LocalizedText;
  external?: boolean; // top level only: a server module keeps the value outside the kind's table
  /**
   * Top-level String only: the value is written but never answered (a secret, a PIN); `usage: "Password"` implies
   * it. Reads, lists, conflicts and detail views leave it out and say in `$writeOnly` whether it is set; a PUT that
   * omits it keeps it (docs/metadata.md "Write-only fields").
   */
  writeOnly?: boolean;
  /** Write-only fields only: stored as a hash of the value (argon2id, PHC string), never the value itself. */
  hash?: 'argon2id';
}

/** Editor effects of one field, each a condition over the record. */
export interface FieldEffects {
  disabled?: Condition;
  readonly?: Condition;
  required?: Condition;
  visible?: Condition;
}

/** A group of fields inside a tab. */
export interface FormGroup {
  id: string;
  label?: LocalizedText;
  fields: string[];
}

/** A tab of the editor. */
export interface FormTab {
  id: string;
  label: LocalizedText;
  groups: FormGroup[];
}

/** A field that points at a record of another kind. */
export interface LookupDefinition {
  entity: string; // "<area>/<entity>"
  valueField?: string; // default "Oid"
  textFields: string[]; // shown in the dropdown, first one is the main text
  iconField?: string;
  countryField?: string; // drives a flag
  filter?: Condition; // applied to the looked-up kind
  /** What deleting the looked-up record does to records pointing at it; default 'restrict' (the delete is refused). */
  onDelete?: OnDelete;
}

/**
 * The rule of a lookup when its target is deleted: `restrict` refuses the delete (409 naming the referrers),
 * `cascade` deletes the referring records too, `setNull` empties the referring field.
 */
export type OnDelete = 'restrict' | 'cascade' | 'setNull';

/** The delete rules a lookup may declare, the default first. */
export const ON_DELETE_RULES: readonly OnDelete[] = ['restrict', 'cascade', 'setNull'];

/** A grid column. */
export interface GridColumn {
  field: string; // a field path
  width?: number;
  label?: LocalizedText; // default: the field's label
}

/** A sort key. */
export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** A named detail view of a record: the related records of another kind. */
export interface DetailView {
  id: string;
  label: LocalizedText;
  entity: string; // "<area>/<entity>"
  foreignKey: string; // field of the related kind holding this record's Oid
  columns: string[];
}

/**
 * One column of an import definition (spec 2 §3 "Article import definition"): a top-level field the CSV import
 * takes, with the texts the import dialog shows for it.
 */
export interface ImportColumn {
  field: string; // a top-level field of the document
  label?: LocalizedText; // column caption in the import dialog; default: the field's label
  description?: LocalizedText; // what to put in the column; default: the field's description
  show?: boolean; // default true; false leaves the column out of the template and the column guide
  requiredForGtin?: boolean; // default false; see `ImportDefinition.gtinField`
}

/**
 * The import definition of a kind: which columns its CSV import takes. Without one the import takes every field.
 * When any row of a file has a value in `gtinField`, the file is a GTIN import and every row must have a value in
 * every column flagged `requiredForGtin`.
 */
export interface ImportDefinition {
  gtinField?: string; // the column holding the GTIN; needed when a column is flagged requiredForGtin
  columns: ImportColumn[];
}

/** The extensions of an entity: everything beyond the field model. */
/**
 * A command on one record of the grid (a button in the open row): POSTs to a server route with the record's Oid and
 * says what happened. Offered to users holding `permission` on the grid's page path; the route checks again.
 */
export interface RowCommand {
  id: string; // unique within the kind, used in test ids
  label: LocalizedText;
  icon?: string; // lucide icon name
  post: string; // the route, with `{Oid}` for the record's oid, e.g. "/api/admin/users/{Oid}/password-reset"
  permission: 'Read' | 'Create' | 'Update' | 'Delete';
  /** What to tell the user for the answer's `result` value; `{name}` is replaced by the answer's field `name`. */
  results?: Record<string, LocalizedText>;
  /** Results that are shown as a warning rather than a success (e.g. a mail that could not leave). */
  warningResults?: string[];
}

export interface FormExtensions {
  tabs?: FormTab[];
  effects?: Record<string, FieldEffects>; // by field name
  widgets?: Record<string, string>; // field name -> widget name (overrides the testers)
  lookups?: Record<string, LookupDefinition>; // by field name
  grid?: { columns: GridColumn[]; defaultSort?: SortKey[]; pageSize?: number; runOnLoad?: boolean };
  queryFields?: string[]; // fields of the query form
  quickSearch?: string[]; // String fields searched by `q` (default: every String field)
  details?: DetailView[];
  commands?: RowCommand[]; // buttons on an open row that call a server route
  import?: ImportDefinition; // the columns of the CSV import (default: every field)
}

/** Operations an entity kind offers; a read-only kind lists only read and list. */
export type Operation = 'list' | 'read' | 'create' | 'update' | 'patch' | 'delete';

/** A whole entity document. */
export interface EntityDocument {
  $schema?: string;
  area: string; // kebab-case data area, e.g. "pos-supply"
  entity: string; // entity kind as in the specification, e.g. "gift-card", "contactTask"
  version: number; // bump when the document changes
  label: LocalizedText; // singular
  pluralLabel?: LocalizedText;
  icon?: string; // lucide icon name
  navigation: string; // path of the navigation group the grid lives under, e.g. "/data/pos-supply"
  scope: 'tenant' | 'global'; // tenant-scoped rows carry TenantOid and are isolated per tenant
  operations?: Operation[]; // default: all
  titleField?: string; // the field naming a record (default: first required String)
  fields: FieldModel[]; // without the system fields Oid, ETag, Disabled, TenantOid
  /** Which Number fields hold the location and the terminal a record belongs to; see `ScopeFields`. */
  scopeFields?: ScopeFields;
  /** Which tenants see which rows of a global kind: required for scope 'global', absent for 'tenant'. */
  visibility?: Visibility;
  /** Lookup indexes: the fields queries look records up by that are not unique (see `EntityIndex`). */
  indexes?: EntityIndex[];
  extensions?: FormExtensions;
}

/**
 * A lookup index of a kind's table on top-level stored fields, led by TenantOid for a tenant-scoped kind, created when
 * the entity tables are synchronised: for fields a server module or a query looks records up by (an article by its
 * number or GTIN at document intake) that are not `unique`, which gets its own index.
 */
export interface EntityIndex {
  fields: string[];
  /**
   * `btree` (the default) serves equality, ranges and sorts. `trigram` (pg_trgm's GIN operator class, on one String
   * field, not led by TenantOid) serves "contains" and the quick search (`ILIKE '%text%'`), which a B-tree cannot.
   */
  method?: 'btree' | 'trigram';
}

/**
 * Which tenants see the rows of a global kind (a tenant-scoped row is seen in its own tenant only). A request that
 * holds Read on the kind's path globally sees every row; any other sees, in its current tenant:
 * - `all`: every row (shared lists such as roles);
 * - `tenantField`: the rows whose `field` (a Number field or Oid) holds the current tenant's oid;
 * - `userTenants`: the rows whose `field` holds a user who belongs to the current tenant.
 * The data service applies it to list, read, update, delete, import, detail lists and data events.
 */
export type Visibility = { rule: 'all' } | { rule: 'tenantField'; field: string } | { rule: 'userTenants'; field: string };

/**
 * The fields of a kind that hold the location and the terminal of a record (top-level Number fields). When a
 * request carries the location or terminal scope header, the data service restricts list, read, update and
 * delete to records whose field equals it, and refuses (403) a create or update that sets it to another value.
 */
export interface ScopeFields {
  location?: string;
  terminal?: string;
}

/** The answer of `GET .../meta`. */
export interface EntityMeta {
  area: string;
  entity: string;
  version: number;
  label: LocalizedText;
  pluralLabel?: LocalizedText;
  scope: 'tenant' | 'global';
  operations: Operation[];
  titleField: string;
  fields: FieldModel[]; // system fields included
  /** The location and terminal fields the scope headers narrow (see `ScopeFields`); the grid says when they do. */
  scopeFields?: ScopeFields;
}

/** Navigation item visibility marker: true in progress, false testable, absent visible. */
export type NavigationState = boolean;

/** One item of `server/metadata/navigation.json`. */
export interface NavigationItem {
  path: string;
  title: LocalizedText;
  icon?: string; // lucide icon name
  component?: string; // component key the front end registers the route with
  entity?: string; // "<area>/<entity>" for data grids
  state?: NavigationState;
  ignorePermissions?: boolean;
  children?: NavigationItem[];
}
