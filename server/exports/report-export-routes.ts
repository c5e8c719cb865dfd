import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LOCALES, localize } from '../../schemas';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import type { ReportCatalogue } from '../reports/report-catalogue';
import { REPORT_PARAMS, REPORT_RUN_BODY } from '../reports/report-schemas';
import { authorizeRun, type ReportRunBody } from '../reports/report-runner';
import { csvFailureLine, writeCsv } from './csv-writer';
import type { ExportInput } from './export-columns';
import { PDF_ROW_LIMIT } from './pdf-row-limit';
import { countRows, exportColumns, exportRows, reportTotals } from './report-export-source';

/** The formats of `GET /api/reports/{group}/{type}/export.{format}` and their media types. */
export const EXPORT_FORMATS = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** The query: the report's run parameters (as the run body) and the language of titles and PDF formats. */
export const REPORT_EXPORT_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { ...REPORT_RUN_BODY.properties, lang: { type: 'string', enum: [...LOCALES], description: 'language of titles and PDF formats; default the first of Accept-Language the product speaks, else en' } },
} as const;
export const REPORT_EXPORT_PARAMS = {
  type: 'object',
  required: ['group', 'type', 'format'],
  properties: { ...REPORT_PARAMS.properties, format: { type: 'string', enum: Object.keys(EXPORT_FORMATS) } },
} as const;

const BINARY = { type: 'string', format: 'binary' } as const;

/** The export route's contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts). */
const REPORT_EXPORT_ROUTE_SCHEMA = {
  tags: ['reports'],
  summary: "Stream a report's whole result as CSV, XLSX or PDF (Read on /report/{group}/{type} in the tenant)",
  description: `CSV (UTF-8 with BOM, comma, CRLF) and XLSX stream every row; PDF holds the first ${PDF_ROW_LIMIT} rows and says so. Text that a spreadsheet would run as a formula is written with a leading apostrophe. X-Total-Rows gives the count before the first row. A failure after the file began cuts the connection (a CSV ends with a line saying the export failed).`,
  params: REPORT_EXPORT_PARAMS,
  querystring: REPORT_EXPORT_QUERY,
  response: {
    200: {
      description: 'The file, as an attachment named after the report and its range',
      headers: {
        'X-Total-Rows': { schema: { type: 'integer' }, description: 'rows the file will hold (for a PDF at most its limit)' },
        'X-Export-Capped': { schema: { type: 'integer' }, description: 'PDF only: present when rows were left out; the limit' },
      },
      content: Object.fromEntries(Object.values(EXPORT_FORMATS).map((type) => [type.split(';')[0], { schema: BINARY }])),
    },
    400: { description: 'An unknown format or parameter, a parameter the report does not have, a date that is not a calendar day, to before from, a range over ten years, a grouping not offered' },
    401: { description: 'No caller' },
    403: { description: "No Read on the report path in the tenant, a tenant not the caller's, or a location other than the x-mate-location header's" },
    404: { description: 'No such report' },
  },
};

/** The header that tells the browser how many rows are coming, before the first one (the progress bar's total). */
export const TOTAL_ROWS_HEADER = 'x-total-rows';

interface ExportQuery extends ReportRunBody {
  lang?: string;
}

/** Options of the export route: those of the report routes. */
export interface ReportExportRoutesOptions {
  db: Database;
  reports: ReportCatalogue;
  resolveContext: ContextResolver;
  now?: () => Date;
}

/** The language asked for, else the first of Accept-Language the product speaks, else English. */
function languageOf(lang: string | undefined, acceptLanguage: string | undefined): string {
  if (lang) return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().split('-')[0]!.toLowerCase();
    if ((LOCALES as readonly string[]).includes(tag)) return tag;
  }
  return 'en';
}

/**
 * The caller's rights with Read on the export page standing in for Read on the report's path (docs/reports.md
 * "Routes"): whoever may open `/report/export/{group}/{type}` in a tenant may export the report there, whoever may read
 * the report may too. Every other check of a run stays as it is.
 */
function exportRights(context: RequestContext, reportPath: string, exportPath: string): RequestContext {
  return { ...context, can: (path, action, tenantOid) => context.can(path, action, tenantOid) || (path === reportPath && action === 'Read' && context.can(exportPath, 'Read', tenantOid)) };
}

/** `sales-daily_2026-03-02_2026-03-31.csv`: the report and its range, so that two exports do not overwrite each other. */
function fileName(group: string, type: string, parameters: { from?: string; to?: string }, format: ExportFormat): string {
  return `${[`${group}-${type}`, parameters.from, parameters.to].filter(Boolean).join('_')}.${format}`;
}

/**
 * `GET /api/reports/{group}/{type}/export.{csv|xlsx|pdf}?from&to&tenant&location&grouping&lang` streams a report's
 * whole result as a file (docs/reports.md "Export"). The same checks as a run (Read on the report's path, or on the
 * export page's, in the tenant; the location pinned by the scope header): every refusal answers the product's error body before any byte of
 * the file. `X-Total-Rows` tells the count first. A failure after the file began cannot change the status any more:
 * a CSV then ends with a line saying the export failed, and the connection is cut (no final chunk), so the browser
 * reports a failed download rather than a complete file; an XLSX is cut (a truncated zip opens as broken).
 */
export async function reportExportRoutes(app: FastifyInstance, options: ReportExportRoutesOptions): Promise<void> {
  const now = options.now ?? (() => new Date());

  app.get<{ Params: { group: string; type: string; format: ExportFormat }; Querystring: ExportQuery }>(
    '/api/reports/:group/:type/export.:format',
    {
      schema: REPORT_EXPORT_ROUTE_SCHEMA,
      // The validator drops unknown members silently; a misspelt parameter must be refused, not ignored.
      preValidation: async (request) => {
        const unknown = Object.keys(request.query ?? {}).filter((key) => !(key in REPORT_EXPORT_QUERY.properties));
        if (unknown.length > 0) {
          throw new ApiError(400, `querystring/${unknown[0]}: unknown parameter; an export takes ${Object.keys(REPORT_EXPORT_QUERY.properties).join(', ')}.`, {
            errors: Object.fromEntries(unknown.map((k) => [k, ['unknown parameter']])),
          });
        }
      },
    },
    async (request, reply) => {
      const { group, type, format } = request.params;
      const context = await options.resolveContext(request);
      const report = options.reports.find(group, type);
      if (!report) throw new ApiError(404, `There is no report '${group}/${type}'.`);
      const { lang, ...runParameters } = request.query;
      const authorized = authorizeRun(report, runParameters, exportRights(context, report.path, `/report/export/${group}/${type}`), now());
      const locale = languageOf(lang, request.headers['accept-language']);
      const [total, totals] = await Promise.all([countRows(options.db, authorized), reportTotals(options.db, authorized)]);
      const input: ExportInput = {
        title: localize(report.definition.title, locale),
        locale,
        columns: exportColumns(authorized, locale),
        rows: exportRows(options.db, authorized),
        totals,
        totalRows: total,
      };
      const name = fileName(group, type, authorized.parameters, format);
      reply
        .type(EXPORT_FORMATS[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header(TOTAL_ROWS_HEADER, String(format === 'pdf' ? Math.min(total, PDF_ROW_LIMIT) : total))
        .header('cache-control', 'no-store');
      if (format === 'pdf') return sendPdf(reply, input);
      return streamFile(request.log, reply, format, input);
    },
  );
}

/** The PDF is laid out whole anyway (and capped), so it is written before the answer: a failure is a normal error. */
async function sendPdf(reply: FastifyReply, input: ExportInput) {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The PDF and XLSX writers load react-pdf and exceljs (seconds of module loading) at their first export, not at start.
  const { writePdf } = await import('./pdf-writer');
  const { capped } = await writePdf(input, out);
  out.end();
  if (capped) reply.header('x-export-capped', String(PDF_ROW_LIMIT));
  return reply.send(Buffer.concat(chunks));
}

/** CSV and XLSX stream: the answer starts at once and rows follow as the client takes them. */
function streamFile(log: FastifyReply['log'], reply: FastifyReply, format: 'csv' | 'xlsx', input: ExportInput) {
  const out = new PassThrough();
  // A client that went away stops the reading (the writers wait for a drain that would never come).
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) out.destroy();
  });
  pipeExport(format, input, out, (error, rows) => log.error({ err: error, rows }, 'report export failed after it began'));
  return reply.send(out);
}

/**
 * Writes a streamed export into `out` and ends it; when reading or writing fails after the start, a CSV gets a last line
 * saying so, and once that line has been read, `out` is destroyed with the error: Fastify then cuts the connection
 * instead of ending the answer, and the browser's reader fails.
 */
export function pipeExport(format: 'csv' | 'xlsx', input: ExportInput, out: PassThrough, onFailure: (error: unknown, rows: number) => void): void {
  let rows = 0;
  const counted: ExportInput = {
    ...input,
    rows: (async function* () {
      for await (const batch of input.rows) {
        rows += batch.length;
        yield batch;
      }
    })(),
  };
  const write = format === 'csv' ? writeCsv(counted, out) : import('./xlsx-writer').then(({ writeXlsx }) => writeXlsx(counted, out));
  write.then(
    () => {
      if (!out.writableEnded) out.end();
    },
    async (error: unknown) => {
      if (out.destroyed) return;
      onFailure(error, rows);
      if (format === 'csv') {
        out.write(csvFailureLine(`The export failed after ${rows} rows; this file is incomplete.`));
        while (out.readableLength > 0 && !out.destroyed) await once(out, 'data');
      }
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
}
