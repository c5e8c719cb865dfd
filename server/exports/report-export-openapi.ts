import { EXPORT_FORMATS, REPORT_EXPORT_PARAMS, REPORT_EXPORT_QUERY } from './report-export-routes';
import { PDF_ROW_LIMIT } from './pdf-row-limit';

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const binary = { type: 'string', format: 'binary' } as const;

/** `GET /api/reports/{group}/{type}/export.{format}` in the OpenAPI document (docs/reports.md "Export"). */
export const REPORT_EXPORT_OPENAPI_PATHS = {
  '/api/reports/{group}/{type}/export.{format}': {
    get: {
      tags: ['reports'],
      summary: "Stream a report's whole result as CSV, XLSX or PDF (Read on /report/{group}/{type} in the tenant)",
      description: `CSV (UTF-8 with BOM, comma, CRLF) and XLSX stream every row; PDF holds the first ${PDF_ROW_LIMIT} rows and says so. Text that a spreadsheet would run as a formula is written with a leading apostrophe. X-Total-Rows gives the count before the first row. A failure after the file began cuts the connection (a CSV ends with a line saying the export failed).`,
      parameters: [
        ...Object.entries(REPORT_EXPORT_PARAMS.properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
        ...Object.entries(REPORT_EXPORT_QUERY.properties).map(([name, schema]) => ({ name, in: 'query', schema })),
      ],
      responses: {
        200: {
          description: 'The file, as an attachment named after the report and its range',
          headers: {
            'X-Total-Rows': { schema: { type: 'integer' }, description: 'rows the file will hold (for a PDF at most its limit)' },
            'X-Export-Capped': { schema: { type: 'integer' }, description: 'PDF only: present when rows were left out; the limit' },
          },
          content: Object.fromEntries(Object.values(EXPORT_FORMATS).map((type) => [type.split(';')[0], { schema: binary }])),
        },
        400: error('An unknown format or parameter, a parameter the report does not have, a date that is not a calendar day, to before from, a range over ten years, a grouping not offered'),
        401: error('No caller'),
        403: error("No Read on the report path in the tenant, a tenant not the caller's, or a location other than the x-mate-location header's"),
        404: error('No such report'),
      },
    },
  },
} as const;
