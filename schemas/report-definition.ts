import Ajv, { type ValidateFunction } from 'ajv';
import { LOCALES, type LocalizedText } from './entity-document';
import type { DocumentIssue } from './document-issue';
import { DOCUMENT_KINDS, REPORT_SOURCE_FIELDS, REPORT_SOURCES, hasLocation, isDocumentSource, type DocumentKind, type ReportSource, type ReportValueType } from './report-sources';

/** The aggregations a measure column may use. */
export const REPORT_AGGREGATIONS = ['sum', 'count', 'countDistinct', 'avg', 'min', 'max'] as const;
/** One aggregation. */
export type ReportAggregation = (typeof REPORT_AGGREGATIONS)[number];

/** How the date dimension is bucketed (the grouping parameter). */
export const REPORT_GROUPINGS = ['day', 'week', 'month', 'year'] as const;
/** One date bucket size. */
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The kinds of parameter a report form can ask for; each appears at most once and fills one member of the run body. */
export const REPORT_PARAMETER_KINDS = ['dateRange', 'tenant', 'location', 'grouping'] as const;
/** One parameter kind. */
export type ReportParameterKind = (typeof REPORT_PARAMETER_KINDS)[number];

/** The default of a date range: the last N days up to today, or the calendar month (current or previous). */
export type DateRangeDefault = { lastDays: number } | 'currentMonth' | 'previousMonth';

/** One parameter of the form. */
export type ReportParameter =
  | { kind: 'dateRange'; required?: boolean; default?: DateRangeDefault }
  | { kind: 'tenant' }
  | { kind: 'location' }
  | { kind: 'grouping'; options: ReportGrouping[]; default: ReportGrouping };

/** One column: a dimension (grouped by) or a measure (aggregated). */
export interface ReportColumn {
  /** The column's key in result rows (camelCase). */
  name: string;
  title: LocalizedText;
  /** The source field it reads (absent only for `count`, which then counts rows). */
  field?: string;
  /** Set on measures; dimensions have none. */
  aggregate?: ReportAggregation;
  /** Overrides the type taken from the field (e.g. `percent` for a ratio). */
  type?: ReportValueType;
  /** Fraction digits of numbers (money follows its currency). */
  decimals?: number;
  /** Grouped by and passed on to drill-down, not shown (the oid beside a name). */
  hidden?: boolean;
}

/** One sort key. */
export interface ReportSort {
  column: string;
  direction: 'asc' | 'desc';
}

/** A chart drawn over the rows. */
export interface ReportChart {
  type: 'bar' | 'line';
  /** A dimension column on the category axis. */
  x: string;
  /** Measure columns drawn. */
  y: string[];
}

/** A report definition: metadata that compiles to parameterised SQL (docs/reports.md). */
export interface ReportDefinition {
  $schema?: string;
  /** Route `/report/{group}/{type}`. */
  group: string;
  type: string;
  /** The code the report-engine records name it by: `{group}/{type}`. */
  title: LocalizedText;
  description?: LocalizedText;
  source: ReportSource;
  /** Only documents of these kinds (document sources). */
  kinds?: DocumentKind[];
  parameters: ReportParameter[];
  columns: ReportColumn[];
  sort?: ReportSort[];
  /** A dimension column whose groups get a subtotal row. */
  subtotal?: string;
  chart?: ReportChart;
  /**
   * The viewer's document type drill-down opens (document sources); with a `kind` column, the row's kind decides.
   * `filters`: the viewer's text filters the row fills besides date, location, terminal and operator, source field ->
   * the viewer's query member, as the shipped report metadata declares them: the link names no entity kind in code.
   */
  drillDown?: { documentType: string; filters?: Record<string, string> };
  /** At most this many rows (default 5,000; at most 50,000). */
  maxRows?: number;
}

/** The row cap when a definition names none, and the highest it may name. */
export const DEFAULT_REPORT_MAX_ROWS = 5000;
export const REPORT_MAX_ROWS_LIMIT = 50_000;

const localizedText = {
  type: 'object',
  required: [...LOCALES],
  properties: Object.fromEntries(LOCALES.map((l) => [l, { type: 'string', minLength: 1, maxLength: 120 }])),
  additionalProperties: false,
} as const;

const name = { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,39}$' } as const;
const segment = { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', maxLength: 40 } as const;

/** The JSON Schema (draft-07) of a report definition; `additionalProperties: false` everywhere. */
export const REPORT_DEFINITION_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://mate.local/schemas/report-definition.json',
  title: 'Mate report definition',
  type: 'object',
  required: ['group', 'type', 'title', 'source', 'parameters', 'columns'],
  additionalProperties: false,
  definitions: { localizedText },
  properties: {
    $schema: { type: 'string' },
    group: segment,
    type: segment,
    title: { $ref: '#/definitions/localizedText' },
    description: { $ref: '#/definitions/localizedText' },
    source: { enum: [...REPORT_SOURCES] },
    kinds: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...DOCUMENT_KINDS] } },
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { enum: [...REPORT_PARAMETER_KINDS] } },
        allOf: [
          {
            if: { properties: { kind: { const: 'dateRange' } } },
            then: {
              additionalProperties: false,
              properties: {
                kind: {},
                required: { type: 'boolean' },
                default: {
                  oneOf: [
                    { enum: ['currentMonth', 'previousMonth'] },
                    { type: 'object', required: ['lastDays'], additionalProperties: false, properties: { lastDays: { type: 'integer', minimum: 1, maximum: 366 } } },
                  ],
                },
              },
            },
          },
          { if: { properties: { kind: { enum: ['tenant', 'location'] } } }, then: { additionalProperties: false, properties: { kind: {} } } },
          {
            if: { properties: { kind: { const: 'grouping' } } },
            then: {
              required: ['options', 'default'],
              additionalProperties: false,
              properties: {
                kind: {},
                options: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...REPORT_GROUPINGS] } },
                default: { enum: [...REPORT_GROUPINGS] },
              },
            },
          },
        ],
      },
    },
    columns: {
      type: 'array',
      minItems: 1,
      maxItems: 40,
      items: {
        type: 'object',
        required: ['name', 'title'],
        additionalProperties: false,
        properties: {
          name,
          title: { $ref: '#/definitions/localizedText' },
          field: name,
          aggregate: { enum: [...REPORT_AGGREGATIONS] },
          type: { enum: ['text', 'integer', 'number', 'money', 'percent', 'date', 'oid'] },
          decimals: { type: 'integer', minimum: 0, maximum: 6 },
          hidden: { type: 'boolean' },
        },
      },
    },
    sort: {
      type: 'array',
      items: { type: 'object', required: ['column', 'direction'], additionalProperties: false, properties: { column: name, direction: { enum: ['asc', 'desc'] } } },
    },
    subtotal: name,
    chart: {
      type: 'object',
      required: ['type', 'x', 'y'],
      additionalProperties: false,
      properties: { type: { enum: ['bar', 'line'] }, x: name, y: { type: 'array', minItems: 1, maxItems: 4, items: name } },
    },
    drillDown: {
      type: 'object',
      required: ['documentType'],
      additionalProperties: false,
      properties: { documentType: segment, filters: { type: 'object', maxProperties: 8, propertyNames: name, additionalProperties: name } },
    },
    maxRows: { type: 'integer', minimum: 1, maximum: REPORT_MAX_ROWS_LIMIT },
  },
} as const;

let validateShape: ValidateFunction | undefined;

/** The code a report is referenced by (report-engine records, exports): `{group}/{type}`. */
export function reportCode(definition: Pick<ReportDefinition, 'group' | 'type'>): string {
  return `${definition.group}/${definition.type}`;
}

/** The navigation path of a report, on which Read is checked. */
export function reportPath(definition: Pick<ReportDefinition, 'group' | 'type'>): string {
  return `/report/${definition.group}/${definition.type}`;
}

/** The type a column's values have: its own, else its aggregation's (count) or its field's. */
export function columnType(definition: Pick<ReportDefinition, 'source'>, column: ReportColumn): ReportValueType {
  if (column.type) return column.type;
  if (column.aggregate === 'count' || column.aggregate === 'countDistinct') return 'integer';
  return REPORT_SOURCE_FIELDS[definition.source][column.field ?? '']?.type ?? 'text';
}

/** Whether a column is grouped by (no aggregation). */
export function isDimension(column: ReportColumn): boolean {
  return column.aggregate === undefined;
}

/**
 * Checks a report definition: its shape against REPORT_DEFINITION_SCHEMA, then (once the shape holds) that every
 * field is one its source offers, sums and averages read numbers, parameters fit the source, and sort, subtotal and
 * chart name columns of the right role. Returns the issues with file, JSON pointer and what is expected.
 */
export function validateReportDefinition(doc: unknown, file: string): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const report = (path: string, message: string) => issues.push({ file, path, message });
  validateShape ??= new Ajv({ allErrors: true, allowUnionTypes: true }).compile(REPORT_DEFINITION_SCHEMA);
  if (!validateShape(doc)) {
    for (const error of validateShape.errors ?? []) {
      if (error.keyword === 'if') continue;
      const detail = error.keyword === 'additionalProperties' ? `unknown member '${String(error.params.additionalProperty)}'` : error.keyword === 'enum' ? `${error.message}: ${(error.params.allowedValues as unknown[]).join(', ')}` : error.message;
      report(error.instancePath, detail ?? 'invalid');
    }
    return issues;
  }
  checkSemantics(doc as ReportDefinition, report);
  checkFileName(doc as ReportDefinition, file, report);
  return issues;
}

const NUMERIC: ReadonlySet<ReportValueType> = new Set(['integer', 'number', 'money', 'percent']);

function checkSemantics(def: ReportDefinition, report: (path: string, message: string) => void): void {
  const fields = REPORT_SOURCE_FIELDS[def.source];
  const names = new Map<string, ReportColumn>();
  def.columns.forEach((column, i) => {
    if (names.has(column.name)) report(`/columns/${i}/name`, `column '${column.name}' is defined twice: column names must be unique`);
    names.set(column.name, column);
    if (column.field === undefined) {
      if (column.aggregate !== 'count') report(`/columns/${i}`, `column '${column.name}' needs a 'field' (only a count may go without one)`);
      return;
    }
    const field = fields[column.field];
    if (!field) {
      report(`/columns/${i}/field`, `column '${column.name}': source '${def.source}' has no field '${column.field}'; expected one of ${Object.keys(fields).join(', ')}`);
      return;
    }
    if ((column.aggregate === 'sum' || column.aggregate === 'avg') && !NUMERIC.has(field.type)) {
      report(`/columns/${i}/aggregate`, `column '${column.name}': ${column.aggregate} needs a numeric field, and '${column.field}' is ${field.type}`);
    }
  });
  if (!def.columns.some((c) => !isDimension(c))) report('/columns', 'a report needs at least one measure column (with an aggregate)');
  const kinds = new Set<string>();
  def.parameters.forEach((parameter, i) => {
    if (kinds.has(parameter.kind)) report(`/parameters/${i}/kind`, `parameter '${parameter.kind}' is given twice: each kind at most once`);
    kinds.add(parameter.kind);
    if ((parameter.kind === 'dateRange' || parameter.kind === 'grouping') && !isDocumentSource(def.source)) {
      report(`/parameters/${i}/kind`, `parameter '${parameter.kind}' needs a document source (documents, document-lines, payments), not '${def.source}'`);
    }
    if (parameter.kind === 'location' && !hasLocation(def.source)) report(`/parameters/${i}/kind`, `source '${def.source}' has no location to filter by`);
    if (parameter.kind === 'grouping') {
      if (!parameter.options.includes(parameter.default)) report(`/parameters/${i}/default`, `the default '${parameter.default}' must be one of the options ${parameter.options.join(', ')}`);
      if (!def.columns.some((c) => isDimension(c) && c.field === 'date')) report(`/parameters/${i}`, "a grouping needs a dimension column on the field 'date'");
    }
  });
  if (def.kinds && !isDocumentSource(def.source)) report('/kinds', `kinds filter documents; source '${def.source}' has none`);
  if (def.drillDown && !isDocumentSource(def.source)) report('/drillDown', `drill-down opens documents; source '${def.source}' has none`);
  for (const field of Object.keys(def.drillDown?.filters ?? {})) {
    if (!fields[field]) report(`/drillDown/filters/${field}`, `drill-down filter names field '${field}', which source '${def.source}' does not have`);
  }
  def.sort?.forEach((sort, i) => {
    if (!names.has(sort.column)) report(`/sort/${i}/column`, `sort names column '${sort.column}', which the report does not have`);
  });
  const dimension = (column: string, path: string, what: string) => {
    const found = names.get(column);
    if (!found) report(path, `${what} names column '${column}', which the report does not have`);
    else if (!isDimension(found)) report(path, `${what} needs a dimension column (without aggregate); '${column}' is a measure`);
  };
  if (def.subtotal !== undefined) {
    dimension(def.subtotal, '/subtotal', 'subtotal');
    if (def.columns.filter(isDimension).length < 2) report('/subtotal', 'a subtotal needs at least two dimension columns (the subtotal level and one below it)');
  }
  if (def.chart) {
    dimension(def.chart.x, '/chart/x', 'the chart axis');
    def.chart.y.forEach((y, i) => {
      const found = names.get(y);
      if (!found) report(`/chart/y/${i}`, `the chart draws column '${y}', which the report does not have`);
      else if (isDimension(found)) report(`/chart/y/${i}`, `the chart draws measures; '${y}' is a dimension`);
    });
  }
}

function checkFileName(def: ReportDefinition, file: string, report: (path: string, message: string) => void): void {
  const base = file.split(/[\\/]/).at(-1);
  if (!base?.endsWith('.json')) return;
  const expected = `${def.group}.${def.type}.json`;
  if (base !== expected) report('', `the file of report '${reportCode(def)}' must be named '${expected}'`);
}

/** Issues across definitions: a route defined twice. */
export function checkReportCatalogue(entries: readonly { file: string; doc: ReportDefinition }[]): DocumentIssue[] {
  const seen = new Map<string, string>();
  const issues: DocumentIssue[] = [];
  for (const { file, doc } of entries) {
    const code = reportCode(doc);
    const first = seen.get(code);
    if (first) issues.push({ file, path: '', message: `report '${code}' is already defined in ${first}` });
    else seen.set(code, file);
  }
  return issues;
}
