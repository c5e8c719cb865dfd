import { columnType, isDimension, isDocumentSource, DEFAULT_REPORT_MAX_ROWS, type ReportColumn, type ReportDefinition, type ReportGrouping, type ReportRow, type ReportValueType } from '../../schemas';
import { quoteIdent as q } from '../data/sql-names';
import { AGGREGATE_SQL, SOURCE_SQL, type AggregateSql, type KeyedMeasure, type SourceSql } from './report-source-sql';
import { BUSINESS_DAY_MARGIN } from '../documents/business-day';

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
  /**
   * Rows (at most `limit`), subtotals and the grand total in one statement and one pass over the data (GROUPING
   * SETS): each result row has `_set` 0 (row), 1 (subtotal) or 2 (total). Undefined when the report has no dimension.
   */
  summary(run: ResolvedRun, limit: number): SqlStatement | undefined;
  /** Whether runs read the pre-aggregated totals (mate_document_total) rather than the raw documents. */
  fromTotals: boolean;
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
 * (tenant, dates, location, kinds, paging) is a parameter. A document source whose columns the pre-aggregated totals
 * keep reads those instead of the raw rows (same figures: document-totals.ts).
 */
export function compileReport(definition: ReportDefinition, options: { totals?: boolean } = {}): CompiledReport {
  // options.totals false: always the raw tables (what tests compare the totals with).
  const aggregate = options.totals === false ? undefined : aggregateFor(definition);
  const source: SourceSql = aggregate ?? SOURCE_SQL[definition.source];
  const joins = new Set<string>();
  const expressions = definition.columns.map((column, i) => {
    // Over the totals a measure is a sum of their columns (aggregate.measures), not an expression of a field.
    if (column.field === undefined || (aggregate && !isDimension(column))) return undefined;
    const field = source.fields[column.field];
    if (!field) throw new ReportCompileError(`/columns/${i}/field`, `column '${column.name}': source '${definition.source}' has no SQL for field '${column.field}'`);
    if (field.join) joins.add(field.join);
    return field.sql;
  });
  const joinSql = [...joins].map((j) => source.joins[j]!);

  const dimensionSql = (column: ReportColumn, expression: string, run: ResolvedRun) =>
    column.field === 'date' ? `to_char(date_trunc(${TRUNC[run.grouping]}, ${expression}), 'YYYY-MM-DD')` : expression;
  const measureSql = (column: ReportColumn, expression: string | undefined, level: Level) => {
    // Over the totals a sum or count is a sum of the rows' sums or counts; no rows sum to 0, as count(*) does.
    if (aggregate) {
      const measure = aggregate.measures[measureKey(column)]!;
      const sql = typeof measure === 'string' ? measure : keyedMeasureSql(measure, level);
      return column.aggregate === 'avg' ? sql : `coalesce(${sql}, 0)`;
    }
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
  // A keyed measure's sum at a level: per key where the level groups by its key (aggregateFor made sure a level
  // groups by all of it or by none); in the one-pass statement grouping(...) tells the levels apart.
  const keyedMeasureSql = (measure: KeyedMeasure, level: Level): string => {
    const keyed = dimensions.filter(({ column }) => measure.key.includes(column.field!)).map(({ i }) => expressions[i]!);
    if (level === 'total' || keyed.length === 0) return measure.once;
    if (level === 'rows') return measure.perKey;
    if (level === 'subtotal') return measure.key.includes(subtotalField ?? '') ? measure.perKey : measure.once;
    return `case when grouping(${keyed.join(', ')}) = 0 then ${measure.perKey} else ${measure.once} end`;
  };
  const measures = (level: Level) =>
    definition.columns.flatMap((column, i) => (isDimension(column) ? [] : [`${measureSql(column, expressions[i], level)} as ${q(column.name)}`]));

  function where(run: ResolvedRun): { sql: string; params: unknown[] } {
    const params: unknown[] = [run.tenantOid];
    const conditions = [`${source.tenant} = $1`, ...source.always];
    const param = (value: unknown) => `$${params.push(value)}`;
    const add = (condition: (n: number) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(params.length));
    };
    // Whole months from the month roll-up and the days at either end from the day rows; the range is then in the
    // relation itself, so the outer conditions leave the day out.
    const months = rollupFits && run.locationOid === undefined && run.fromInstant && run.toInstant ? wholeMonths(run.fromInstant.slice(0, 10), run.toInstant.slice(0, 10)) : undefined;
    if (months && aggregate?.months) {
      const { dayTable, monthTable, columns } = aggregate.months;
      const [from, first, end, to] = [run.fromInstant!.slice(0, 10), months.first, months.end, run.toInstant!.slice(0, 10)].map(param);
      const rolledUp =
        `(select ${columns} from ${dayTable} where tenant_oid = $1 and (day >= ${from}::date and day < ${first}::date or day >= ${end}::date and day < ${to}::date)` +
        ` union all select ${columns} from ${monthTable} where tenant_oid = $1 and month >= ${first}::date and month < ${end}::date) t`;
      if (source.kind && definition.kinds) add((n) => `${source.kind} = any($${n}::text[])`, definition.kinds);
      return { sql: `from ${[rolledUp, ...joinSql].join(' ')} where ${conditions.join(' and ')}`, params };
    }
    const from = [source.from, ...joinSql].join(' ');
    // The range is of business days (the location's days): the instants are the UTC midnights of its first day and
    // of the day after its last, so their dates bound the days; the creation time, widened by the largest offset a
    // zone has, only lets an index narrow the scan first.
    if (source.createdAt && run.fromInstant) add((n) => `${source.createdAt} >= $${n}::timestamptz - ${BUSINESS_DAY_MARGIN}`, run.fromInstant);
    if (source.createdAt && run.toInstant) add((n) => `${source.createdAt} < $${n}::timestamptz + ${BUSINESS_DAY_MARGIN}`, run.toInstant);
    if (source.day && run.fromInstant) add((n) => `${source.day} >= $${n}::date`, run.fromInstant.slice(0, 10));
    if (source.day && run.toInstant) add((n) => `${source.day} < $${n}::date`, run.toInstant.slice(0, 10));
    if (source.location && run.locationOid !== undefined) add((n) => `${source.location} = $${n}`, run.locationOid);
    if (source.kind && definition.kinds) add((n) => `${source.kind} = any($${n}::text[])`, definition.kinds);
    return { sql: `from ${from} where ${conditions.join(' and ')}`, params };
  }

  const dimensions = definition.columns.map((c, i) => ({ column: c, i })).filter(({ column }) => isDimension(column));
  // Whether the month roll-up keeps every dimension (a run still needs whole months and no location filter).
  const rollupFits = aggregate?.months !== undefined && dimensions.every(({ column }) => aggregate.months!.fields.includes(column.field!));
  const subtotalAt = definition.subtotal === undefined ? -1 : dimensions.findIndex(({ column }) => column.name === definition.subtotal);
  const subtotalField = subtotalAt < 0 ? undefined : dimensions[subtotalAt]!.column.field;

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

  /** The same order by the result's column names (for the one-pass statement, whose rows come from a CTE). */
  function orderByNames(selected: readonly ReportColumn[]): string {
    return orderBy(selected).replace(/(\d+) (asc|desc)/g, (_, position: string, direction: string) => `${q(selected[Number(position) - 1]!.name)} ${direction}`) || '1';
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
      const select = [...dimensions.map(({ column, i }) => `${dimensionSql(column, expressions[i]!, run)} as ${q(column.name)}`), ...measures('rows')];
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
        sql: `select ${dimensionSql(column, expressions[i]!, run)} as ${q(column.name)}, ${measures('subtotal').join(', ')} ${w.sql} group by 1 order by 1 ${direction} nulls last`,
        params: w.params,
      };
    },
    totals(run) {
      const w = where(run);
      return { sql: `select ${measures('total').join(', ')} ${w.sql}`, params: w.params };
    },
    currencies(run) {
      if (!isDocumentSource(definition.source)) return undefined;
      const w = where(run);
      return { sql: `select distinct ${aggregate ? 't' : 'd'}.currency as currency ${w.sql} limit 2`, params: w.params };
    },
    summary(run, limit) {
      if (dimensions.length === 0) return undefined;
      const w = where(run);
      const select = dimensions.map(({ column, i }) => dimensionSql(column, expressions[i]!, run));
      const all = select.join(', ');
      const sets = [`(${all})`];
      // grouping(...) has a bit per dimension, set when the row is not grouped by it (the first dimension is the highest).
      const full = 2 ** dimensions.length - 1;
      let subtotalMask = -1;
      if (subtotalAt >= 0) {
        subtotalMask = full - 2 ** (dimensions.length - 1 - subtotalAt);
        // With one dimension its subtotals are the rows themselves (mask 0): a second, equal set would double them.
        if (dimensions.length > 1) sets.push(`(${select[subtotalAt]})`);
      }
      sets.push('()');
      const named = [...dimensions.map(({ column }, n) => `${select[n]} as ${q(column.name)}`), ...measures('summary'), `grouping(${all}) as _level`];
      const subtotal = subtotalAt >= 0 ? dimensions[subtotalAt]!.column : undefined;
      const subtotalDirection = subtotal ? (definition.sort?.find((s) => s.column === subtotal.name)?.direction ?? 'asc') : 'asc';
      const params = [...w.params, limit];
      const part = (set: number, level: number, order: string) =>
        `select ${set} as _set, row_number() over (order by ${order}) as _n, g.* from g where _level = ${level}`;
      const parts = [`select * from (${part(0, 0, orderByNames(selectedRows))}) r where _n <= $${params.length}`];
      if (subtotal) parts.push(part(1, subtotalMask, `${q(subtotal.name)} ${subtotalDirection} nulls last`));
      parts.push(part(2, full, '1'));
      return {
        sql: `with g as (select ${named.join(', ')} ${w.sql} group by grouping sets (${sets.join(', ')})) ${parts.join(' union all ')} order by 1, 2`,
        params,
      };
    },
    fromTotals: aggregate !== undefined,
  };
}

/**
 * The whole calendar months of a range of days (`from` inclusive, `to` exclusive, YYYY-MM-DD): the first month start
 * on or after `from` and the last on or before `to`, or undefined when no whole month lies between them.
 */
export function wholeMonths(from: string, to: string): { first: string; end: string } | undefined {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const end = `${to.slice(0, 7)}-01`;
  return first < end ? { first, end } : undefined;
}

function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${day.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Which statement a measure is for: grouped rows, a subtotal, the grand total, or all three in one (GROUPING SETS). */
type Level = 'rows' | 'subtotal' | 'total' | 'summary';

/** What an aggregated column is called in AggregateSql.measures: `sum:total`, `count:`. */
const measureKey = (column: ReportColumn) => `${column.aggregate!}:${column.field ?? ''}`;

/**
 * The first pre-aggregated totals that can answer the definition, or undefined: every dimension is one the totals keep
 * (day, kind, location, and the tax rate or payment method of their facet, or the article) and every measure one they
 * can sum up. A keyed measure (receipts per article) also needs each level to group by all of its key or by none: the
 * rows group by every dimension, a subtotal by its column, the total by nothing.
 */
function aggregateFor(definition: ReportDefinition): AggregateSql | undefined {
  const dimensionFields = new Set(definition.columns.filter(isDimension).map((column) => column.field));
  const levels = [dimensionFields, new Set(definition.subtotal === undefined ? [] : [definition.columns.find((c) => c.name === definition.subtotal)?.field]), new Set()];
  const keyedFits = (measure: KeyedMeasure) =>
    levels.every((grouped) => measure.key.every((field) => grouped.has(field)) || measure.key.every((field) => !grouped.has(field)));
  return AGGREGATE_SQL[definition.source]?.find((aggregate) =>
    definition.columns.every((column) => {
      if (isDimension(column)) return column.field !== undefined && aggregate.fields[column.field] !== undefined;
      const measure = aggregate.measures[measureKey(column)];
      return measure !== undefined && (typeof measure === 'string' || keyedFits(measure));
    }),
  );
}

/** The subtotal column of a definition and the measures: what a subtotal row holds. */
export function subtotalColumns(definition: ReportDefinition): ReportColumn[] {
  return definition.columns.filter((c) => c.name === definition.subtotal || !isDimension(c));
}

/** The measures: what the grand total holds. */
export function measureColumns(definition: ReportDefinition): ReportColumn[] {
  return definition.columns.filter((c) => !isDimension(c));
}
