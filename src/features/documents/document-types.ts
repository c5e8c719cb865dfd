import type { DocumentSummary } from '../../../schemas/document-wire';

/** One document of the list (GET /api/documents/{group}/{type}, docs/documents.md). */
export type { DocumentSummary };

/** A page of the list: `total` counted up to the server's limit, `exact` false past it ("more than `total`"). */
export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
  exact: boolean;
}

/** One document with its content (GET /api/documents/receipt/by-uid/{uid}). */
export interface DocumentDetail extends DocumentSummary {
  /** `articleLink`: the article's page searching for it, without the layout prefix; null when there is none the caller may read. */
  lines: { lineNo: number; articleNumber: string | null; gtin: string | null; text: string; quantity: number; unitPrice: number; amount: number; taxRate: number; articleLink: string | null }[];
  payments: { lineNo: number; method: string; amount: number }[];
  taxes: { rate: number; gross: number; net: number; tax: number }[];
  parts: { type: string; variant: string; printed: boolean }[];
  attachments: { name: string; contentType: string | null }[];
  original: DocumentSummary | null;
  corrections: DocumentSummary[];
  /** The receipt in each download format (html is the multipart answer of its copies). */
  downloads: ReceiptDownload[];
}

/** One download of a receipt as the server names it. */
export interface ReceiptDownload {
  format: string;
  href: string;
  fileName: string;
}
