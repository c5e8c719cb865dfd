import type { EntityDocument, EntityMeta, FormExtensions } from '../../../schemas/entity-document';
import { SYSTEM_FIELD_NAMES } from '../../../schemas/system-fields';

/**
 * Rebuilds the entity document from the two answers the server gives (`/meta` and `/form-extensions`), so the
 * browser compiles exactly what the server compiled. System fields are left out: the compiler adds them itself.
 * `navigation` is not served; the grid's own path stands in (the compiler does not read it).
 */
export function entityDocumentFromMeta(meta: EntityMeta, extensions: FormExtensions | undefined, navigation: string): EntityDocument {
  const doc: EntityDocument = {
    area: meta.area,
    entity: meta.entity,
    version: meta.version,
    label: meta.label,
    navigation,
    scope: meta.scope,
    operations: [...meta.operations],
    titleField: meta.titleField,
    fields: meta.fields.filter((field) => !SYSTEM_FIELD_NAMES.includes(field.name)),
  };
  if (meta.pluralLabel) doc.pluralLabel = meta.pluralLabel;
  if (meta.scopeFields) doc.scopeFields = meta.scopeFields;
  if (extensions && Object.keys(extensions).length > 0) doc.extensions = extensions;
  return doc;
}
