/**
 * The document types of the viewer (`/document/receipt/{type}`, spec 2 §2) and the document kinds they show
 * (`mate_terminal_document.kind`, docs/documents.md). The viewer owns this list: its navigation entries, its routes
 * and the right that guards a document (Read on the type's path, in the document's tenant) all come from it.
 */
export const DOCUMENT_GROUP = 'receipt';

/** One type of the viewer and the kind of document it lists. */
export interface DocumentType {
  type: string;
  kind: string;
}

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  { type: 'sales', kind: 'sale' },
  { type: 'returns', kind: 'return' },
  { type: 'cancellations', kind: 'cancellation' },
  { type: 'cash-deposits', kind: 'cash-deposit' },
  { type: 'cash-withdrawals', kind: 'cash-withdrawal' },
  { type: 'end-of-day', kind: 'end-of-day' },
];

/** The type names, for route schemas. */
export const DOCUMENT_TYPE_NAMES = DOCUMENT_TYPES.map((entry) => entry.type);

/** The navigation path whose Read right lets a user see documents of the type. */
export const documentTypePath = (type: string): string => `/document/${DOCUMENT_GROUP}/${type}`;

/** The type of a kind; an unknown kind (a newer server's) counts as a sale's, so that it stays guarded by a right. */
export function typeOfKind(kind: string): DocumentType {
  return DOCUMENT_TYPES.find((entry) => entry.kind === kind) ?? DOCUMENT_TYPES[0]!;
}

/** The type of a type name, or undefined. */
export function documentTypeNamed(type: string): DocumentType | undefined {
  return DOCUMENT_TYPES.find((entry) => entry.type === type);
}
