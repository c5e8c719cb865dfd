/** One document of the list (GET /api/documents/{group}/{type}, docs/documents.md). */
export interface DocumentSummary {
  oid: number;
  uid: string;
  id: number | null;
  tenantOid: number;
  kind: string;
  createdAt: string;
  currency: string;
  total: number;
  terminalOid: number;
  terminalName: string | null;
  locationOid: number | null;
  locationName: string | null;
  operator: string | null;
  references: string | null;
  processed: boolean;
  processingError: string | null;
}

/** A page of the list. */
export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
}

/** One document with its content (GET /api/documents/receipt/by-uid/{uid}). */
export interface DocumentDetail extends DocumentSummary {
  lines: { lineNo: number; articleNumber: string | null; gtin: string | null; text: string; quantity: number; unitPrice: number; amount: number; taxRate: number }[];
  payments: { lineNo: number; method: string; amount: number }[];
  taxes: { rate: number; gross: number; net: number; tax: number }[];
  parts: { type: string; variant: string; printed: boolean }[];
  attachments: { name: string; contentType: string | null }[];
  original: DocumentSummary | null;
  corrections: DocumentSummary[];
}

/** The viewer's document types (server/documents/document-types.ts) and the kinds they list. */
export const TYPE_OF_KIND: Record<string, string> = {
  sale: 'sales',
  return: 'returns',
  cancellation: 'cancellations',
  'cash-deposit': 'cash-deposits',
  'cash-withdrawal': 'cash-withdrawals',
  'end-of-day': 'end-of-day',
};
