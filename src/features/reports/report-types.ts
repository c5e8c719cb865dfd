import type { LocalizedText, ReportChart, ReportGrouping, ReportResult, ReportResultColumn, ReportRow, ReportSort } from '../../../schemas';

/** A column of a run's result (the wire shape the server's runner answers). */
export type ReportColumnInfo = ReportResultColumn;

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

/** What a run answers (the wire shape the server's runner answers). */
export type { ReportResult };

/** A line of the grid: a result row, a subtotal after its group, or the grand total at the end. */
export type ReportLine = { type: 'row' | 'subtotal' | 'total'; values: ReportRow; key: string };
