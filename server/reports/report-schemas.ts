import { REPORT_GROUPINGS } from '../../schemas';

// The report routes' contracts (docs/reports.md), also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts). The answers' objects keep members the schema does not name
// (`additionalProperties: true`): a definition grows with the report format, and the serializer must not drop it.

const SEGMENT = { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', maxLength: 40 } as const;
/** Path parameters of a report's routes. */
export const REPORT_PARAMS = { type: 'object', required: ['group', 'type'], properties: { group: SEGMENT, type: SEGMENT } } as const;
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a calendar day YYYY-MM-DD (UTC)' } as const;
/** The run body: every member optional, each allowed only when the report has that parameter. */
export const REPORT_RUN_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: DATE,
    to: DATE,
    tenant: { type: 'integer', minimum: 1, maximum: 9007199254740991, description: 'tenant oid; default the current tenant' },
    location: { type: 'integer', minimum: 1, maximum: 9007199254740991, description: 'location oid; the x-mate-location header pins it' },
    grouping: { type: 'string', enum: [...REPORT_GROUPINGS] },
  },
} as const;

const localized = { type: 'object', additionalProperties: { type: 'string' }, description: 'text per language (en de ja it ru ar cs es fr)' } as const;
const row = { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] }, description: 'column name -> value' } as const;
const loose = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const;
const column = {
  type: 'object',
  additionalProperties: true,
  required: ['name', 'title', 'type', 'role'],
  properties: {
    name: { type: 'string' },
    title: localized,
    field: { type: 'string' },
    type: { type: 'string', enum: ['text', 'integer', 'number', 'money', 'percent', 'date', 'oid'] },
    role: { type: 'string', enum: ['dimension', 'measure'] },
    aggregate: { type: 'string', enum: ['sum', 'count', 'countDistinct', 'avg', 'min', 'max'] },
    decimals: { type: 'integer' },
    hidden: { type: 'boolean' },
  },
} as const;

/** `GET /api/reports`. */
export const REPORT_LIST_ROUTE_SCHEMA = {
  tags: ['reports'],
  summary: 'The reports the caller may run in the current tenant (Read on /report/{group}/{type})',
  response: {
    200: {
      description: 'The reports with their titles',
      type: 'object',
      additionalProperties: true,
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', additionalProperties: true, properties: { code: { type: 'string' }, path: { type: 'string' }, group: { type: 'string' }, type: { type: 'string' }, title: localized, source: { type: 'string' } } },
        },
      },
    },
    401: { description: 'No caller' },
  },
} as const;

/** `GET /api/reports/{group}/{type}`. */
export const REPORT_DEFINITION_ROUTE_SCHEMA = {
  tags: ['reports'],
  summary: "A report's definition for the form and the grid: parameters (date defaults resolved), columns, sort, subtotal, chart, drill-down",
  params: REPORT_PARAMS,
  response: {
    200: {
      description: 'The definition',
      type: 'object',
      additionalProperties: true,
      properties: {
        code: { type: 'string' },
        path: { type: 'string' },
        group: { type: 'string' },
        type: { type: 'string' },
        title: localized,
        description: localized,
        source: { type: 'string' },
        parameters: { type: 'array', items: loose('a parameter of the form; a date range with its default resolved to { from, to }') },
        columns: { type: 'array', items: column },
        sort: { type: 'array', items: loose('a sort key') },
        subtotal: { type: 'string', description: 'the dimension column whose groups get a subtotal row' },
        chart: loose('the chart of the result'),
        drillDown: loose('the viewer a row opens'),
        maxRows: { type: 'integer', description: 'the row cap of a run' },
      },
    },
    400: { description: 'A group or type that is not a route segment' },
    401: { description: 'No caller' },
    403: { description: 'No Read on the report path in the current tenant' },
    404: { description: 'No such report' },
  },
} as const;

/** `POST /api/reports/{group}/{type}/run`. */
export const REPORT_RUN_ROUTE_SCHEMA = {
  tags: ['reports'],
  summary: 'Run a report: rows (up to its row cap), subtotals and grand totals over every processed document in range',
  params: REPORT_PARAMS,
  body: REPORT_RUN_BODY,
  response: {
    200: {
      description: 'The result; `truncated` and `message` when there were more rows than the cap (the totals still cover all)',
      type: 'object',
      additionalProperties: true,
      properties: {
        code: { type: 'string' },
        parameters: { ...REPORT_RUN_BODY, additionalProperties: true, description: 'the run parameters, defaults filled in' },
        columns: { type: 'array', items: column },
        rows: { type: 'array', items: row },
        subtotals: { type: 'array', items: row },
        totals: row,
        currency: { type: ['string', 'null'] },
        maxRows: { type: 'integer' },
        truncated: { type: 'boolean' },
        message: { type: 'string' },
      },
    },
    400: { description: 'A parameter the report does not have, an unknown member, a date that is not a calendar day, to before from, a range over ten years, a grouping not offered' },
    401: { description: 'No caller' },
    403: { description: "No Read on the report path in the tenant, a tenant not the caller's, or a location other than the x-mate-location header's" },
    404: { description: 'No such report' },
  },
} as const;
