import { DOCUMENT_KINDS, DOCUMENT_TYPE_OF_KIND, type DocumentKind } from '../../schemas/report-sources';

/**
 * The document types of the viewer (`/document/receipt/{type}`, spec 2 §2) and the document kinds they show
 * (`mate_terminal_document.kind`, docs/documents.md). The one place that turns a kind into its viewer path: the
 * viewer's navigation, routes and links, and the right that guards a document everywhere (Read on the type's path,
 * in the document's tenant: the viewer's reads and the downloads alike) come from here. The kind-to-type table itself
 * is the shared contract's (schemas/report-sources.ts), which the reports' drill-down links use too.
 */
export const DOCUMENT_GROUP = 'receipt';

/** One type of the viewer and the kind of document it lists. */
export interface DocumentType {
  type: string;
  kind: DocumentKind;
}

export const DOCUMENT_TYPES: readonly DocumentType[] = DOCUMENT_KINDS.map((kind) => ({ type: DOCUMENT_TYPE_OF_KIND[kind], kind }));

/** The type names, for route schemas. */
export const DOCUMENT_TYPE_NAMES = DOCUMENT_TYPES.map((entry) => entry.type);

/** The navigation path whose Read right lets a user see documents of the type. */
export const documentTypePath = (type: string): string => `/document/${DOCUMENT_GROUP}/${type}`;

/** The type of a kind; an unknown kind (a newer server's) counts as a sale's, so that it stays guarded by a right. */
export function typeOfKind(kind: string): DocumentType {
  return DOCUMENT_TYPES.find((entry) => entry.kind === kind) ?? DOCUMENT_TYPES[0]!;
}

/** The viewer path of a document of this kind: its page, and the path whose Read lets a user see or download it. */
export const documentPathOfKind = (kind: string): string => documentTypePath(typeOfKind(kind).type);

/** The type of a type name, or undefined. */
export function documentTypeNamed(type: string): DocumentType | undefined {
  return DOCUMENT_TYPES.find((entry) => entry.type === type);
}
