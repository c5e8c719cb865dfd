import type { EntityDocument, EntityMeta, FieldModel, Operation } from './entity-document';

/**
 * The fields every entity carries (spec 2 §3), added by the compiler; documents must not declare them.
 * Oid and TenantOid are nullable so a new record (no key yet) and a global row (no tenant) are valid.
 */
export const SYSTEM_FIELDS: readonly FieldModel[] = [
  { name: 'Oid', type: 'Number', managedType: 'int64', nullable: true, readonly: true, label: { en: 'Id', de: 'ID', ja: 'ID', it: 'ID', ru: 'ИД', ar: 'المعرّف', cs: 'ID', es: 'ID', fr: 'ID' } },
  { name: 'ETag', type: 'String', readonly: true, label: { en: 'Version tag', de: 'Versionskennung', ja: 'バージョンタグ', it: 'Tag di versione', ru: 'Метка версии', ar: 'وسم الإصدار', cs: 'Značka verze', es: 'Etiqueta de versión', fr: 'Balise de version' } },
  { name: 'Disabled', type: 'Boolean', label: { en: 'Disabled', de: 'Deaktiviert', ja: '無効', it: 'Disattivato', ru: 'Отключено', ar: 'معطّل', cs: 'Zakázáno', es: 'Desactivado', fr: 'Désactivé' } },
  { name: 'TenantOid', type: 'Number', managedType: 'int64', nullable: true, readonly: true, label: { en: 'Tenant', de: 'Mandant', ja: 'テナント', it: 'Tenant', ru: 'Арендатор', ar: 'المستأجر', cs: 'Tenant', es: 'Inquilino', fr: 'Locataire' } },
];

/** The names of the system fields. */
export const SYSTEM_FIELD_NAMES: readonly string[] = SYSTEM_FIELDS.map((f) => f.name);

/** Every operation, the default when a document lists none. */
export const ALL_OPERATIONS: readonly Operation[] = ['list', 'read', 'create', 'update', 'patch', 'delete'];

/**
 * The field naming a record: the document's `titleField`, else the first required String, else the first
 * String, else `Oid`.
 */
export function resolveTitleField(doc: Pick<EntityDocument, 'titleField' | 'fields'>): string {
  if (doc.titleField) return doc.titleField;
  const strings = doc.fields.filter((f) => f.type === 'String');
  return (strings.find((f) => f.required) ?? strings[0])?.name ?? 'Oid';
}

/**
 * The answer of `GET .../meta`: the document's field model with the system fields first, operations
 * and title field resolved.
 */
export function toEntityMeta(doc: EntityDocument): EntityMeta {
  const meta: EntityMeta = {
    area: doc.area,
    entity: doc.entity,
    version: doc.version,
    label: doc.label,
    scope: doc.scope,
    operations: doc.operations ? [...doc.operations] : [...ALL_OPERATIONS],
    titleField: resolveTitleField(doc),
    fields: [...SYSTEM_FIELDS, ...doc.fields],
  };
  if (doc.pluralLabel) meta.pluralLabel = doc.pluralLabel;
  if (doc.scopeFields) meta.scopeFields = { ...doc.scopeFields };
  return meta;
}
