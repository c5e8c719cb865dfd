import type { LocalizedText } from './entity-document';
import type { DateRangeDefault, ReportDefinition, ReportGrouping } from './report-definition';
import { DOCUMENT_TYPE_OF_KIND, type DocumentKind, type ReportValueType } from './report-sources';

/** The run body of `POST /api/reports/{group}/{type}/run` once defaults are applied (dates as YYYY-MM-DD, UTC days). */
export interface ReportRunParameters {
  from?: string;
  to?: string;
  tenant?: number;
  location?: number;
  grouping?: ReportGrouping;
}

/** One result row: column name -> value (numbers as numbers, dates as YYYY-MM-DD). */
export type ReportRow = Record<string, string | number | null>;

/** A column of a result as the run answers it, for the grid (the server's runner and the report page share it). */
export interface ReportResultColumn {
  name: string;
  title: LocalizedText;
  /** The source field read (drill-down maps date, location, terminal, operator, kind and the definition's filters). */
  field?: string;
  type: ReportValueType;
  role: 'dimension' | 'measure';
  aggregate?: string;
  decimals?: number;
  hidden?: boolean;
}

/** What `POST /api/reports/{group}/{type}/run` answers. */
export interface ReportResult {
  code: string;
  parameters: ReportRunParameters;
  columns: ReportResultColumn[];
  rows: ReportRow[];
  subtotals: ReportRow[];
  totals: ReportRow;
  /** The single currency of the money in range; null when none or several. */
  currency: string | null;
  maxRows: number;
  truncated: boolean;
  /** Set when truncated: what happened and what to do. */
  message?: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The from/to a date range parameter starts with, counted in UTC days up to and including `today`. */
export function defaultDateRange(value: DateRangeDefault | undefined, today: Date): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  if (value === 'currentMonth') return { from: day(new Date(Date.UTC(y, m, 1))), to: day(today) };
  if (value === 'previousMonth') return { from: day(new Date(Date.UTC(y, m - 1, 1))), to: day(new Date(Date.UTC(y, m, 0))) };
  const days = value?.lastDays ?? 30;
  return { from: day(new Date(Date.UTC(y, m, today.getUTCDate() - days + 1))), to: day(today) };
}

/** The first and last day of the bucket a date dimension value (its first day) stands for. */
export function bucketRange(start: string, grouping: ReportGrouping | undefined): { from: string; to: string } {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  switch (grouping) {
    case 'week':
      return { from: start, to: day(new Date(Date.UTC(y, m - 1, d + 6))) };
    case 'month':
      return { from: start, to: day(new Date(Date.UTC(y, m, 0))) };
    case 'year':
      return { from: start, to: `${y}-12-31` };
    default:
      return { from: start, to: start };
  }
}

/**
 * The viewer link behind a row (or a subtotal or total, which carry fewer dimensions): `/document/receipt/{type}`
 * with the run's range narrowed to the row's date bucket and its location, terminal, operator and the text filters
 * the definition's drill-down names (the contract's query members). Undefined for reports without drill-down or a
 * row whose kind has no type.
 */
export function drillDownHref(definition: Pick<ReportDefinition, 'drillDown' | 'columns' | 'source'>, row: ReportRow, parameters: ReportRunParameters): string | undefined {
  if (!definition.drillDown) return undefined;
  const byField = (field: string) => {
    const column = definition.columns.find((c) => c.field === field && c.aggregate === undefined);
    return column ? row[column.name] : undefined;
  };
  const kind = byField('kind');
  const type = typeof kind === 'string' ? DOCUMENT_TYPE_OF_KIND[kind as DocumentKind] : definition.drillDown.documentType;
  if (!type) return undefined;
  const query: [string, string][] = [];
  const set = (key: string, value: string) => query.push([key, value]);
  const date = byField('date');
  const range = typeof date === 'string' ? bucketRange(date, parameters.grouping) : { from: parameters.from, to: parameters.to };
  if (range.from) set('from', range.from);
  if (range.to) set('to', range.to);
  const location = byField('location') ?? parameters.location;
  if (location !== undefined && location !== null) set('location', String(location));
  const terminal = byField('terminal');
  if (terminal !== undefined && terminal !== null) set('terminal', String(terminal));
  const operator = byField('operator');
  if (typeof operator === 'string') set('operator', operator);
  for (const [field, member] of Object.entries(definition.drillDown.filters ?? {})) {
    const value = byField(field);
    if (typeof value === 'string') set(member, value);
  }
  if (parameters.tenant !== undefined) set('tenant', String(parameters.tenant));
  return `/document/receipt/${type}?${query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
