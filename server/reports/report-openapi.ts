import { REPORT_PARAMS, REPORT_RUN_BODY } from './report-routes';

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const pathParameters = Object.entries(REPORT_PARAMS.properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema }));
const localized = { type: 'object', additionalProperties: { type: 'string' }, description: 'text per language (en de ja it ru ar cs es fr)' };
const row = { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] }, description: 'column name -> value' };
const column = {
  type: 'object',
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
};

/** The report routes in the OpenAPI document (docs/reports.md). */
export const REPORT_OPENAPI_PATHS = {
  '/api/reports': {
    get: {
      tags: ['reports'],
      summary: 'The reports the caller may run in the current tenant (Read on /report/{group}/{type})',
      responses: {
        200: {
          description: 'The reports with their titles',
          content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, path: { type: 'string' }, group: { type: 'string' }, type: { type: 'string' }, title: localized, source: { type: 'string' } } } } } } } },
        },
        401: error('No caller'),
      },
    },
  },
  '/api/reports/{group}/{type}': {
    get: {
      tags: ['reports'],
      summary: "A report's definition for the form and the grid: parameters (date defaults resolved), columns, sort, subtotal, chart, drill-down",
      parameters: pathParameters,
      responses: {
        200: { description: 'The definition', content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'string' }, title: localized, parameters: { type: 'array', items: { type: 'object' } }, columns: { type: 'array', items: column } } } } } },
        400: error('A group or type that is not a route segment'),
        401: error('No caller'),
        403: error('No Read on the report path in the current tenant'),
        404: error('No such report'),
      },
    },
  },
  '/api/reports/{group}/{type}/run': {
    post: {
      tags: ['reports'],
      summary: 'Run a report: rows (up to its row cap), subtotals and grand totals over every processed document in range',
      parameters: pathParameters,
      requestBody: { content: { 'application/json': { schema: REPORT_RUN_BODY } } },
      responses: {
        200: {
          description: 'The result; `truncated` and `message` when there were more rows than the cap (the totals still cover all)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  code: { type: 'string' },
                  parameters: REPORT_RUN_BODY,
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
            },
          },
        },
        400: error('A parameter the report does not have, an unknown member, a date that is not a calendar day, to before from, a range over ten years, a grouping not offered'),
        401: error('No caller'),
        403: error('No Read on the report path in the tenant, a tenant not the caller\'s, or a location other than the x-mate-location header\'s'),
        404: error('No such report'),
      },
    },
  },
} as const;
