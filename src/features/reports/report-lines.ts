import type { ReportGrouping } from '../../../schemas';
import type { ReportColumnInfo, ReportLine, ReportResult } from './report-types';
import { formatDate } from '../../lib/format/format-number';

/**
 * The grid's lines: the rows with a subtotal after each group of the subtotal column (the server sorts that column
 * first), then the grand total. A group whose subtotal the server did not send (cut by the row cap) gets none.
 */
export function reportLines(result: Pick<ReportResult, 'rows' | 'subtotals' | 'totals'>, subtotal: string | undefined): ReportLine[] {
  const lines: ReportLine[] = [];
  const subtotals = new Map(subtotal ? result.subtotals.map((s) => [String(s[subtotal]), s]) : []);
  let group: string | undefined;
  const close = () => {
    const values = group === undefined ? undefined : subtotals.get(group);
    if (values) lines.push({ type: 'subtotal', values, key: `subtotal:${group}` });
  };
  result.rows.forEach((values, index) => {
    if (subtotal) {
      const key = String(values[subtotal]);
      if (group !== undefined && key !== group) close();
      group = key;
    }
    lines.push({ type: 'row', values, key: `row:${index}` });
  });
  close();
  lines.push({ type: 'total', values: result.totals, key: 'total' });
  return lines;
}

/** A value as the grid shows it, in the user's language; null and missing values show as a dash. */
export function formatReportValue(value: string | number | null | undefined, column: Pick<ReportColumnInfo, 'type' | 'decimals'>, locale: string, currency: string | null, grouping?: ReportGrouping): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.type) {
    case 'money':
      return currency
        ? new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(value))
        : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
    case 'integer':
    case 'number':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: column.decimals ?? (column.type === 'integer' ? 0 : 4) }).format(Number(value));
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(Number(value) / 100);
    case 'oid':
      return String(value);
    case 'date': {
      const date = new Date(`${String(value)}T00:00:00Z`);
      if (Number.isNaN(date.getTime())) return String(value);
      const options: Intl.DateTimeFormatOptions =
        grouping === 'month' ? { year: 'numeric', month: 'long' } : grouping === 'year' ? { year: 'numeric' } : { dateStyle: 'medium' };
      return formatDate(date, locale, { ...options, timeZone: 'UTC' });
    }
    default:
      return String(value);
  }
}

/** The export page of a report with the same parameters (`/report/export/{group}/{type}?...`). */
export function exportHref(group: string, type: string, parameters: Record<string, string | number | undefined>): string {
  const query = Object.entries(parameters)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/report/export/${group}/${type}${query ? `?${query}` : ''}`;
}
