import type { FastifyInstance } from 'fastify';
import { defaultDateRange } from '../../schemas';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { authorizeRun, resultColumns, runReport, type ReportRunBody } from './report-runner';
import type { ReportCatalogue, ReportEntry } from './report-catalogue';
import { REPORT_DEFINITION_ROUTE_SCHEMA, REPORT_LIST_ROUTE_SCHEMA, REPORT_RUN_BODY, REPORT_RUN_ROUTE_SCHEMA } from './report-schemas';

/** Options of the report routes. */
export interface ReportRoutesOptions {
  db: Database;
  reports: ReportCatalogue;
  resolveContext: ContextResolver;
  /** The clock the date range defaults count from (tests pin it). */
  now?: () => Date;
}

/** The definition as the form and the grid need it (the SQL side stays on the server). */
function describe(report: ReportEntry, now: Date) {
  const def = report.definition;
  return {
    code: report.code,
    path: report.path,
    group: def.group,
    type: def.type,
    title: def.title,
    ...(def.description ? { description: def.description } : {}),
    source: def.source,
    parameters: def.parameters.map((p) => (p.kind === 'dateRange' ? { ...p, default: defaultDateRange(p.default, now) } : p)),
    columns: resultColumns(report),
    sort: def.sort ?? [],
    ...(def.subtotal ? { subtotal: def.subtotal } : {}),
    ...(def.chart ? { chart: def.chart } : {}),
    ...(def.drillDown ? { drillDown: def.drillDown } : {}),
    maxRows: report.compiled.maxRows,
  };
}

/**
 * `GET /api/reports`, `GET /api/reports/{group}/{type}` and `POST /api/reports/{group}/{type}/run` (docs/reports.md).
 * Read on the report's path (`/report/{group}/{type}`) in the tenant decides; the list holds the reports the caller
 * may run in the current tenant.
 */
export async function reportRoutes(app: FastifyInstance, options: ReportRoutesOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const find = (group: string, type: string): ReportEntry => {
    const report = options.reports.find(group, type);
    if (!report) throw new ApiError(404, `There is no report '${group}/${type}'.`);
    return report;
  };

  app.get('/api/reports', { schema: REPORT_LIST_ROUTE_SCHEMA }, async (request) => {
    const context = await options.resolveContext(request);
    const reports = options.reports.reports.filter((r) => context.can(r.path, 'Read'));
    return { items: reports.map((r) => ({ code: r.code, path: r.path, group: r.definition.group, type: r.definition.type, title: r.definition.title, source: r.definition.source })) };
  });

  app.get<{ Params: { group: string; type: string } }>('/api/reports/:group/:type', { schema: REPORT_DEFINITION_ROUTE_SCHEMA }, async (request) => {
    const context = await options.resolveContext(request);
    const report = find(request.params.group, request.params.type);
    if (!context.can(report.path, 'Read')) throw new ApiError(403, `You may not read the report ${report.path}.`);
    return describe(report, now());
  });

  app.post<{ Params: { group: string; type: string }; Body: ReportRunBody }>(
    '/api/reports/:group/:type/run',
    {
      schema: REPORT_RUN_ROUTE_SCHEMA,
      // Fastify's validator drops unknown members silently; a misspelt parameter must be refused, not ignored.
      preValidation: async (request) => {
        const body = request.body;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
        const unknown = Object.keys(body).filter((key) => !(key in REPORT_RUN_BODY.properties));
        if (unknown.length > 0) {
          throw new ApiError(400, `body/${unknown[0]}: unknown parameter; a run takes ${Object.keys(REPORT_RUN_BODY.properties).join(', ')}.`, { errors: Object.fromEntries(unknown.map((k) => [k, ['unknown parameter']])) });
        }
      },
    },
    async (request) => {
      const context = await options.resolveContext(request);
      const report = find(request.params.group, request.params.type);
      // The body schema makes a body required: Fastify answers a missing one with 400 before this runs.
      const authorized = authorizeRun(report, request.body, context, now());
      return runReport(options.db, authorized);
    },
  );
}
