/**
 * The document viewer's wire shapes (docs/documents.md), one declaration for the server that answers them
 * (server/documents/*) and the viewer that reads them (src/features/documents/*).
 */

/** One document of the list (GET /api/documents/{group}/{type}). */
export interface DocumentSummary {
  oid: number;
  uid: string;
  id: number | null;
  tenantOid: number;
  kind: string;
  createdAt: string;
  /** Its business day (YYYY-MM-DD): its day in `timeZone`, the day the date range filters by (server/documents/business-day.ts). */
  businessDay: string;
  /** The IANA zone of its location (else its tenant's, else UTC): its time is shown there, as the store saw it. */
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
  /** The viewer page of the document's type (`/document/receipt/sales`): the browser links there without knowing kinds. */
  path: string;
}
