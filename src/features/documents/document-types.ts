/** One document of the list (GET /api/documents/{group}/{type}, docs/documents.md). */
export interface DocumentSummary {
  oid: number;
  uid: string;
  id: number | null;
  tenantOid: number;
  kind: string;
  createdAt: string;
  /** Its business day (YYYY-MM-DD): its day in `timeZone`, the day the date range filters by. */
  businessDay: string;
  /** The IANA zone of its location (else its tenant's): its time is shown there, as the store saw it. */
  timeZone: string;
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
  /** The viewer page of the document's type, answered by the server (the browser knows no document kinds' pages). */
  path: string;
}

/** A page of the list. */
export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
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
