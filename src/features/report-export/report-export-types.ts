import type { LocalizedText } from '../../../schemas/entity-document';

/** A parameter of a report, as `GET /api/reports/{group}/{type}` describes it (date defaults resolved). */
export type ExportReportParameter =
  | { kind: 'dateRange'; default: { from: string; to: string } }
  | { kind: 'grouping'; options: string[]; default: string }
  | { kind: 'tenant' }
  | { kind: 'location' };

/** What the export page needs of a report's definition. */
export interface ExportReportInfo {
  code: string;
  title: LocalizedText;
  parameters: ExportReportParameter[];
}

/** `/report/export/{group}/{type}` -> group and type; undefined for any other path. */
export function reportOfExportPath(path: string): { group: string; type: string } | undefined {
  const match = /^(?:\/e)?\/report\/export\/([^/]+)\/([^/]+)\/?$/.exec(path);
  return match ? { group: match[1]!, type: match[2]! } : undefined;
}
