import type { LocalizedText, ReportChart, ReportGrouping, ReportRow, ReportRunParameters, ReportSort } from '../../../schemas';

/** A column as the report routes describe it (docs/reports.md). */
export interface ReportColumnInfo {
  name: string;
  title: LocalizedText;
  field?: string;
  type: 'text' | 'integer' | 'number' | 'money' | 'percent' | 'date' | 'oid';
  role: 'dimension' | 'measure';
  aggregate?: string;
  decimals?: number;
  hidden?: boolean;
}

/** One parameter of the form; the date range comes with its default resolved to days. */
export type ReportParameterInfo =
  | { kind: 'dateRange'; default: { from: string; to: string } }
  | { kind: 'tenant' }
  | { kind: 'location' }
  | { kind: 'grouping'; options: ReportGrouping[]; default: ReportGrouping };

/** GET /api/reports/{group}/{type}. */
export interface ReportInfo {
  code: string;
  path: string;
  group: string;
  type: string;
  title: LocalizedText;
  source: 'documents' | 'document-lines' | 'payments' | 'articles' | 'terminals';
  parameters: ReportParameterInfo[];
  columns: ReportColumnInfo[];
  sort: ReportSort[];
  subtotal?: string;
  chart?: ReportChart;
  drillDown?: { documentType: string; filters?: Record<string, string> };
  maxRows: number;
}

/** POST /api/reports/{group}/{type}/run. */
export interface ReportResult {
  code: string;
  parameters: ReportRunParameters;
  columns: ReportColumnInfo[];
  rows: ReportRow[];
  subtotals: ReportRow[];
  totals: ReportRow;
  currency: string | null;
  maxRows: number;
  truncated: boolean;
  message?: string;
}

/** A line of the grid: a result row, a subtotal after its group, or the grand total at the end. */
export type ReportLine = { type: 'row' | 'subtotal' | 'total'; values: ReportRow; key: string };
