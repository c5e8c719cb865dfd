import { defaultDateRange, localize, type ReportColumn, type ReportGrouping, type ReportResult, type ReportResultColumn, type ReportRow, type ReportRunParameters, columnType } from '../../schemas';
import type { Queryable } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import { measureColumns, subtotalColumns, type ResolvedRun } from './compile-report';
import type { ReportEntry } from './report-catalogue';

/** The run body as the route's schema lets it through (dates still unchecked as calendar dates). */
export interface ReportRunBody {
  from?: string;
  to?: string;
  tenant?: number;
  location?: number;
  grouping?: ReportGrouping;
}

/** The run's answer is a wire shape shared with the report page (schemas/report-parameters.ts). */
export type { ReportResult };

/** A run checked against the caller: what it filters by, and the parameters as the results echo them. */
export interface AuthorizedRun {
  report: ReportEntry;
  run: ResolvedRun;
  parameters: ReportRunParameters;
}

const DAY_MS = 86_400_000;
/** The longest date range a run may ask for (ten years), so one request cannot scan the whole history forever. */
export const MAX_RANGE_DAYS = 3660;

function calendarDay(value: string, member: string): number {
  const time = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new ApiError(400, `body/${member} must be a calendar date YYYY-MM-DD; '${value}' is not one.`, { errors: { [member]: ['a calendar date YYYY-MM-DD'] } });
  }
  return time;
}

/** The columns of results: every column of the definition with its type and role. */
export function resultColumns(report: ReportEntry): ReportResultColumn[] {
  const def = report.definition;
  return def.columns.map((column: ReportColumn) => ({
    name: column.name,
    title: column.title,
    ...(column.field !== undefined ? { field: column.field } : {}),
    type: columnType(def, column),
    role: column.aggregate ? 'measure' : 'dimension',
    ...(column.aggregate ? { aggregate: column.aggregate } : {}),
    ...(column.decimals !== undefined ? { decimals: column.decimals } : {}),
    ...(column.hidden ? { hidden: true } : {}),
  }));
}

/**
 * Checks a run against the report's parameters and the caller's scope: members the report has no parameter for are
 * refused, dates must be calendar days in order, the tenant must be one of the caller's with Read on the report's
 * path there (403 otherwise), and the location header, when sent, pins the location. Defaults fill the rest.
 */
export function authorizeRun(report: ReportEntry, body: ReportRunBody, context: RequestContext, now: Date): AuthorizedRun {
  const def = report.definition;
  const parameter = (kind: string) => def.parameters.find((p) => p.kind === kind);
  for (const [member, kind] of [['from', 'dateRange'], ['to', 'dateRange'], ['tenant', 'tenant'], ['location', 'location'], ['grouping', 'grouping']] as const) {
    if (body[member] !== undefined && !parameter(kind)) {
      throw new ApiError(400, `body/${member}: report '${report.code}' has no ${kind} parameter.`, { errors: { [member]: [`report '${report.code}' takes no ${member}`] } });
    }
  }
  const tenantOid = body.tenant ?? context.tenantOid;
  if (tenantOid === undefined) throw new ApiError(400, 'No tenant to run the report in: choose a tenant (x-mate-tenant header or body/tenant).');
  if (!context.tenantOids.includes(tenantOid)) throw new ApiError(403, `body/tenant: you do not belong to tenant ${tenantOid}.`);
  if (!context.can(report.path, 'Read', tenantOid)) throw new ApiError(403, `You may not read the report ${report.path} in tenant ${tenantOid}.`);

  if (context.locationOid !== undefined && body.location !== undefined && body.location !== context.locationOid) {
    throw new ApiError(403, `body/location: the x-mate-location header limits this request to location ${context.locationOid}, not ${body.location}.`);
  }
  const locationOid = parameter('location') || context.locationOid !== undefined ? (context.locationOid ?? body.location) : undefined;

  const parameters: ReportRunParameters = { tenant: tenantOid };
  const run: ResolvedRun = { tenantOid, grouping: 'day' };
  if (locationOid !== undefined) run.locationOid = parameters.location = locationOid;
  const range = parameter('dateRange');
  if (range?.kind === 'dateRange') {
    const fallback = defaultDateRange(range.default, now);
    const from = body.from ?? fallback.from;
    const to = body.to ?? fallback.to;
    const start = calendarDay(from, 'from');
    const end = calendarDay(to, 'to');
    if (end < start) throw new ApiError(400, `body/to (${to}) is before body/from (${from}).`, { errors: { to: ['on or after from'] } });
    if ((end - start) / DAY_MS >= MAX_RANGE_DAYS) throw new ApiError(400, `The date range is longer than ${MAX_RANGE_DAYS} days: narrow body/from or body/to.`);
    run.fromInstant = new Date(start).toISOString();
    run.toInstant = new Date(end + DAY_MS).toISOString();
    parameters.from = from;
    parameters.to = to;
  }
  const grouping = parameter('grouping');
  if (grouping?.kind === 'grouping') {
    const chosen = body.grouping ?? grouping.default;
    if (!grouping.options.includes(chosen)) {
      throw new ApiError(400, `body/grouping must be one of ${grouping.options.join(', ')} for report '${report.code}'.`, { errors: { grouping: grouping.options } });
    }
    run.grouping = parameters.grouping = chosen;
  }
  return { report, run, parameters };
}

/** Runs an authorised report: rows up to the cap, subtotals and totals over everything in range. */
export async function runReport(db: Queryable, { report, run, parameters }: AuthorizedRun, locale = 'en'): Promise<ReportResult> {
  const compiled = report.compiled;
  let rows: ReportRow[];
  let subtotals: ReportRow[] = [];
  let totals: ReportRow;
  const summary = compiled.summary(run, compiled.maxRows + 1);
  if (summary) {
    // One statement: rows, subtotals and the total from one pass over the data (GROUPING SETS).
    const result = (await db.query<Record<string, unknown> & { _set: number }>(summary.sql, summary.params)).rows;
    rows = result.filter((row) => Number(row._set) === 0).map((row) => compiled.read(row));
    subtotals = result.filter((row) => Number(row._set) === 1).map((row) => compiled.read(row, subtotalColumns(report.definition)));
    totals = compiled.read(result.find((row) => Number(row._set) === 2) ?? {}, measureColumns(report.definition));
  } else {
    const rowsStatement = compiled.rows(run, { limit: compiled.maxRows + 1, offset: 0 });
    rows = (await db.query(rowsStatement.sql, rowsStatement.params)).rows.map((row) => compiled.read(row));
    const totalsStatement = compiled.totals(run);
    totals = compiled.read((await db.query(totalsStatement.sql, totalsStatement.params)).rows[0] ?? {}, measureColumns(report.definition));
  }
  const truncated = rows.length > compiled.maxRows;
  if (truncated) rows.length = compiled.maxRows;
  const currencyStatement = compiled.currencies(run);
  const currencies = currencyStatement ? (await db.query<{ currency: string }>(currencyStatement.sql, currencyStatement.params)).rows : [];
  return {
    code: report.code,
    parameters,
    columns: resultColumns(report),
    rows,
    subtotals,
    totals,
    currency: currencies.length === 1 ? currencies[0]!.currency : null,
    maxRows: compiled.maxRows,
    truncated,
    ...(truncated
      ? { message: `${localize(report.definition.title, locale)}: more than ${compiled.maxRows} rows; the first ${compiled.maxRows} are shown and the totals cover all. Narrow the date range or choose a location to see every row.` }
      : {}),
  };
}

/**
 * Yields every result row of an authorised run in batches, in the report's order, without the row cap: what the
 * exports stream as CSV, XLSX or PDF. Each batch is one statement (`limit`/`offset` over the grouped rows).
 */
export async function* reportRowBatches(db: Queryable, { report, run }: AuthorizedRun, batchSize = 1000): AsyncGenerator<ReportRow[]> {
  for (let offset = 0; ; offset += batchSize) {
    const statement = report.compiled.rows(run, { limit: batchSize, offset });
    const rows = (await db.query(statement.sql, statement.params)).rows.map((row) => report.compiled.read(row));
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
