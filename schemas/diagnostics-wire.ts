/**
 * The diagnostics calls as the server answers them and the browser reads them (docs/diagnostics.md): database usage,
 * document locks, unprocessed documents. One shape for both sides, so they cannot drift.
 */

/** One table of the database as the usage page shows it. Sizes in bytes. */
export interface TableUsage {
  name: string;
  rows: number;
  /** The row count is the planner's estimate (large tables), not an exact count. */
  rowsEstimated: boolean;
  /** Table, indexes and TOAST together (pg_total_relation_size). */
  totalBytes: number;
  /** The table's own heap (pg_relation_size). */
  tableBytes: number;
  /** Its indexes (pg_indexes_size). */
  indexBytes: number;
  /** totalBytes now minus at the oldest sample in the growth window; null before any earlier sample exists. */
  growthBytes: number | null;
  /** When that earlier sample was taken. */
  growthSince: string | null;
}

export interface TableUsageAnswer {
  sampledAt: string;
  growthWindowDays: number;
  items: TableUsage[];
}

export interface DatabaseUsageSummary {
  count: number;
  /** In KB. */
  total: number;
  topTables: { name: string; total: number }[];
}

/**
 * One lock on a document: a terminal or a user opened the document for correction and holds it until the lease
 * (expiresAt) runs out or it is released. A lock whose lease has run out is stale: nobody renewed it, so the holder
 * is gone, and releasing it is safe.
 */
export interface DocumentLock {
  oid: number;
  country: string | null;
  tenantOid: number;
  tenantName: string | null;
  documentUid: string;
  documentType: number | null;
  documentNumber: string | null;
  locationOid: number | null;
  locationName: string | null;
  terminalOid: number | null;
  terminalName: string | null;
  terminalNumber: number | null;
  reason: string | null;
  /** Who holds it: a user name or a terminal (pos-<number>). */
  lockedBy: string | null;
  lockedAt: string | null;
  expiresAt: string | null;
  stale: boolean;
}

/** One unprocessed document as the overview and the dashboard card show it. */
export interface UnprocessedDocument {
  /** The document's oid (mate_terminal_document). */
  oid: number;
  /** The tenant's country (ISO 3166-1 alpha-2), for the flag; null when the tenant has none. */
  country: string | null;
  tenantOid: number;
  tenantName: string | null;
  terminalOid: number;
  terminalName: string | null;
  terminalNumber: number | null;
  locationOid: number | null;
  /** Uid: the receipt's `id`. */
  uid: string;
  /** Id: the receipt number. */
  id: number | null;
  kind: string;
  createdAt: string;
  receivedAt: string;
  currency: string;
  total: number;
  /** Why it could not be processed; null when it was not processed yet. */
  reason: string | null;
}

/** One page of a list: its items and how many there are in all. */
export interface Page<T> {
  items: T[];
  count: number;
}
