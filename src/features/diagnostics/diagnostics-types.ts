// The answers of the diagnostics calls (docs/diagnostics.md).

export interface TableUsage {
  name: string;
  rows: number;
  rowsEstimated: boolean;
  totalBytes: number;
  tableBytes: number;
  indexBytes: number;
  growthBytes: number | null;
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
  lockedBy: string | null;
  lockedAt: string | null;
  expiresAt: string | null;
  stale: boolean;
}

export interface UnprocessedDocument {
  oid: number;
  country: string | null;
  tenantOid: number;
  tenantName: string | null;
  terminalOid: number;
  terminalName: string | null;
  terminalNumber: number | null;
  locationOid: number | null;
  uid: string;
  id: number | null;
  kind: string;
  createdAt: string;
  receivedAt: string;
  currency: string;
  total: number;
  reason: string | null;
}

export interface Page<T> {
  items: T[];
  count: number;
}
