import { columnType, isDimension, isDocumentSource, DEFAULT_REPORT_MAX_ROWS, type ReportColumn, type ReportDefinition, type ReportGrouping, type ReportRow, type ReportValueType } from '../../schemas';
import { quoteIdent as q } from '../data/sql-names';
import { SOURCE_SQL, type SourceSql } from './report-source-sql';

/** What one run filters by, already checked against the caller's scope (report-run-scope.ts). */
export interface ResolvedRun {
  tenantOid: number;
  /** Inclusive start and exclusive end as UTC instants (ISO), document sources only. */
  fromInstant?: string;
  toInstant?: string;
  locationOid?: number;
  grouping: ReportGrouping;
}

/** One statement and its values. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** A definition compiled: statements for rows (paged), subtotals and the grand total, and how to read their values. */
export interface CompiledReport {
  definition: ReportDefinition;
  rows(run: ResolvedRun, page: { limit: number; offset: number }): SqlStatement;
  subtotals(run: ResolvedRun): SqlStatement | undefined;
  totals(run: ResolvedRun): SqlStatement;
  /** The currencies of the documents in range (at most two: one means money has that currency). */
  currencies(run: ResolvedRun): SqlStatement | undefined;
  /** Turns a database row into a result row (numbers as numbers). */
  read(row: Record<string, unknown>, columns?: readonly ReportColumn[]): ReportRow;
  maxRows: number;
}

/** A definition that cannot compile (a field the source has no SQL for): names the report and the column. */
export class ReportCompileError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
    this.name = 'ReportCompileError';
  }
}

// Constants, never request values: the grouping reaches SQL only through this map.
const TRUNC: Record<ReportGrouping, string> = { day: "'day'", week: "'week'", month: "'month'", year: "'year'" };
const NUMERIC_TYPES: ReadonlySet<ReportValueType> = new Set(['integer', 'number', 'money', 'percent', 'oid']);

/**
 * Compiles a checked definition (validateReportDefinition) to parameterised SQL. Identifiers come only from the
 * source's whitelist (report-source-sql.ts) and the definition's column names, quoted; every value of a run
 * (tenant, dates, location, kinds, paging) is a parameter.
 */
export function compileReport(definition: ReportDefinition): CompiledReport {
  const source: SourceSql = SOURCE_SQL[definition.source];
  const joins = new Set<string>();
  const expressions = definition.columns.map((column, i) => {
    if (column.field === undefined) return undefined;
    const field = source.fields[column.field];
    if (!field) throw new ReportCompileError(`/columns/${i}/field`, `column '${column.name}': source '${definition.source}' has no SQL for field '${column.field}'`);
    if (field.join) joins.add(field.join);
    return field.sql;
  });
  const from = [source.from, ...[...joins].map((j) => source.joins[j]!)].join(' ');

  const dimensionSql = (column: ReportColumn, expression: string, run: ResolvedRun) =>
    column.field === 'date' ? `to_char(date_trunc(${TRUNC[run.grouping]}, ${expression}), 'YYYY-MM-DD')` : expression;
  const measureSql = (column: ReportColumn, expression: string | undefined) => {
    switch (column.aggregate) {
      case 'sum':
        return `coalesce(sum(${expression}), 0)`;
      case 'count':
        return expression === undefined ? 'count(*)' : `count(${expression})`;
      case 'countDistinct':
        return `count(distinct ${expression})`;
      case 'avg':
        return `round(avg(${expression}), 4)`;
      default:
        return `${column.aggregate!}(${expression})`;
    }
  };
  const measures = () =>
    definition.columns.flatMap((column, i) => (isDimension(column) ? [] : [`${measureSql(column, expressions[i])} as ${q(column.name)}`]));

  function where(run: ResolvedRun): { sql: string; params: unknown[] } {
    const params: unknown[] = [run.tenantOid];
    const conditions = [`${source.tenant} = $1`, ...source.always];
    const add = (condition: (n: number) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(params.length));
    };
    if (source.createdAt && run.fromInstant) add((n) => `${source.createdAt} >= $${n}::timestamptz`, run.fromInstant);
    if (source.createdAt && run.toInstant) add((n) => `${source.createdAt} < $${n}::timestamptz`, run.toInstant);
    if (source.location && run.locationOid !== undefined) add((n) => `${source.location} = $${n}`, run.locationOid);
    if (source.kind && definition.kinds) add((n) => `${source.kind} = any($${n}::text[])`, definition.kinds);
    return { sql: `from ${from} where ${conditions.join(' and ')}`, params };
  }

  const dimensions = definition.columns.map((c, i) => ({ column: c, i })).filter(({ column }) => isDimension(column));
  const subtotalAt = definition.subtotal === undefined ? -1 : dimensions.findIndex(({ column }) => column.name === definition.subtotal);

  function orderBy(selected: readonly ReportColumn[]): string {
    const position = (name: string) => selected.findIndex((c) => c.name === name) + 1;
    const keys: string[] = [];
    const used = new Set<string>();
    const push = (name: string, direction: 'asc' | 'desc') => {
      if (used.has(name)) return;
      used.add(name);
      keys.push(`${position(name)} ${direction} nulls last`);
    };
    // Subtotal groups stay together: their column sorts first (in the direction the definition gives it, if any).
    if (definition.subtotal) push(definition.subtotal, definition.sort?.find((s) => s.column === definition.subtotal)?.direction ?? 'asc');
    for (const sort of definition.sort ?? []) push(sort.column, sort.direction);
    for (const { column } of dimensions) push(column.name, 'asc');
    return keys.join(', ');
  }

  const dimensionColumns = dimensions.map(({ column }) => column);
  const measureColumns = definition.columns.filter((c) => !isDimension(c));
  const selectedRows = [...dimensionColumns, ...measureColumns];

  function read(row: Record<string, unknown>, columns: readonly ReportColumn[] = selectedRows): ReportRow {
    const out: ReportRow = {};
    for (const column of columns) {
      const value = row[column.name];
      if (value === null || value === undefined) out[column.name] = null;
      else if (NUMERIC_TYPES.has(columnType(definition, column))) out[column.name] = Number(value);
      else out[column.name] = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    }
    return out;
  }

  return {
    definition,
    maxRows: definition.maxRows ?? DEFAULT_REPORT_MAX_ROWS,
    read,
    rows(run, page) {
      const w = where(run);
      const select = [...dimensions.map(({ column, i }) => `${dimensionSql(column, expressions[i]!, run)} as ${q(column.name)}`), ...measures()];
      const groupBy = dimensions.length > 0 ? ` group by ${dimensions.map((_, n) => n + 1).join(', ')}` : '';
      const params = [...w.params, page.limit, page.offset];
      return {
        sql: `select ${select.join(', ')} ${w.sql}${groupBy} order by ${orderBy(selectedRows) || '1'} limit $${params.length - 1} offset $${params.length}`,
        params,
      };
    },
    subtotals(run) {
      if (subtotalAt < 0) return undefined;
      const { column, i } = dimensions[subtotalAt]!;
      const w = where(run);
      const direction = definition.sort?.find((s) => s.column === column.name)?.direction ?? 'asc';
      return {
        sql: `select ${dimensionSql(column, expressions[i]!, run)} as ${q(column.name)}, ${measures().join(', ')} ${w.sql} group by 1 order by 1 ${direction} nulls last`,
        params: w.params,
      };
    },
    totals(run) {
      const w = where(run);
      return { sql: `select ${measures().join(', ')} ${w.sql}`, params: w.params };
    },
    currencies(run) {
      if (!isDocumentSource(definition.source)) return undefined;
      const w = where(run);
      return { sql: `select distinct d.currency as currency ${w.sql} limit 2`, params: w.params };
    },
  };
}

/** The subtotal column of a definition and the measures: what a subtotal row holds. */
export function subtotalColumns(definition: ReportDefinition): ReportColumn[] {
  return definition.columns.filter((c) => c.name === definition.subtotal || !isDimension(c));
}

/** The measures: what the grand total holds. */
export function measureColumns(definition: ReportDefinition): ReportColumn[] {
  return definition.columns.filter((c) => !isDimension(c));
}
