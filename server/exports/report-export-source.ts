import { localize, type ReportValueType } from '../../schemas';
import type { Queryable } from '../db/database';
import { measureColumns } from '../reports/compile-report';
import { reportRowBatches, resultColumns, type AuthorizedRun } from '../reports/report-runner';
import type { ExportColumn, ExportColumnType } from './export-columns';

/** Report value types as export cells: a percentage is a number, an oid an integer (hidden ones are left out). */
const CELL_TYPES: Record<ReportValueType, ExportColumnType> = { text: 'text', integer: 'integer', number: 'number', money: 'money', percent: 'number', date: 'date', oid: 'integer' };

/** The columns of a report's export: the visible ones, titled in the caller's language. */
export function exportColumns(authorized: AuthorizedRun, locale: string): ExportColumn[] {
  return resultColumns(authorized.report)
    .filter((column) => !column.hidden)
    .map((column) => ({ key: column.name, title: localize(column.title, locale), type: CELL_TYPES[column.type as ReportValueType] ?? 'text' }));
}

/**
 * How many rows the export will write: the engine's row statement without a cap, counted by the database, so the
 * browser can show progress against it before the first row arrives.
 */
export async function countRows(db: Queryable, { report, run }: AuthorizedRun): Promise<number> {
  const statement = report.compiled.rows(run, { limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from (${statement.sql}) as counted`, statement.params);
  return Number(rows[0]?.n ?? 0);
}

/** The grand totals over everything in range (the engine's totals statement), by column name. */
export async function reportTotals(db: Queryable, { report, run }: AuthorizedRun): Promise<Record<string, unknown>> {
  const statement = report.compiled.totals(run);
  return report.compiled.read((await db.query(statement.sql, statement.params)).rows[0] ?? {}, measureColumns(report.definition));
}

/** Every row of the run in batches (the engine's `reportRowBatches`, uncapped). */
export function exportRows(db: Queryable, authorized: AuthorizedRun) {
  return reportRowBatches(db, authorized);
}
