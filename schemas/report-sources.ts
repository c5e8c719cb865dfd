/**
 * The report sources and the fields each one offers: the only names a report definition may read. The server maps
 * each field to a column of the contract's tables (server/reports/report-source-sql.ts); here are the names and
 * types only, so that the browser and the checker of definitions know them without SQL.
 */

/** The sources a report definition may read. */
export const REPORT_SOURCES = ['documents', 'document-lines', 'payments', 'articles', 'terminals'] as const;
/** One report source. */
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** How a value is shown: `oid` values are record keys (location, terminal) that drill-down passes on. */
export type ReportValueType = 'text' | 'integer' | 'number' | 'money' | 'percent' | 'date' | 'oid';

/** One field a source offers. */
export interface ReportSourceField {
  type: ReportValueType;
}

const DOCUMENT_FIELDS = {
  date: { type: 'date' },
  kind: { type: 'text' },
  location: { type: 'oid' },
  locationName: { type: 'text' },
  terminal: { type: 'oid' },
  terminalName: { type: 'text' },
  operator: { type: 'text' },
  documentId: { type: 'text' },
} as const satisfies Record<string, ReportSourceField>;

/** Every source's fields by name. */
export const REPORT_SOURCE_FIELDS: Record<ReportSource, Record<string, ReportSourceField>> = {
  documents: { ...DOCUMENT_FIELDS, receiptNumber: { type: 'integer' }, currency: { type: 'text' }, total: { type: 'money' } },
  'document-lines': {
    ...DOCUMENT_FIELDS,
    lineNo: { type: 'integer' },
    articleNumber: { type: 'text' },
    articleText: { type: 'text' },
    productGroup: { type: 'text' },
    quantity: { type: 'number' },
    unitPrice: { type: 'money' },
    amount: { type: 'money' },
    taxRate: { type: 'percent' },
    taxAmount: { type: 'money' },
    netAmount: { type: 'money' },
  },
  payments: { ...DOCUMENT_FIELDS, method: { type: 'text' }, amount: { type: 'money' } },
  articles: {
    articleNumber: { type: 'text' },
    articleText: { type: 'text' },
    productGroup: { type: 'text' },
    gtin: { type: 'text' },
    retailPrice: { type: 'money' },
  },
  terminals: {
    terminal: { type: 'oid' },
    terminalNumber: { type: 'integer' },
    terminalName: { type: 'text' },
    location: { type: 'oid' },
    locationName: { type: 'text' },
    softwareVersion: { type: 'text' },
  },
};

/** Sources of documents: a date range, kinds and the processed flag apply to them; catalogue sources have none. */
export function isDocumentSource(source: ReportSource): boolean {
  return source === 'documents' || source === 'document-lines' || source === 'payments';
}

/** Whether a source has a location (so the location parameter and scope header apply). */
export function hasLocation(source: ReportSource): boolean {
  return source !== 'articles';
}

/** The document kinds of the contract (mate_terminal_document.kind). */
export const DOCUMENT_KINDS = ['sale', 'return', 'cancellation', 'cash-deposit', 'cash-withdrawal', 'end-of-day'] as const;
/** One document kind. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The viewer's document type (route `/document/receipt/{type}`) of each kind. */
export const DOCUMENT_TYPE_OF_KIND: Record<DocumentKind, string> = {
  sale: 'sales',
  return: 'returns',
  cancellation: 'cancellations',
  'cash-deposit': 'cash-deposits',
  'cash-withdrawal': 'cash-withdrawals',
  'end-of-day': 'end-of-day',
};
