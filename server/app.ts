import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import fastifyPlugin from 'fastify-plugin';
import type { BuildInfo } from './build-info';
import { DEFAULT_AUDIT_RETENTION_DAYS, type Config } from './config';
import type { Database } from './db/database';
import { lazyRouteSchemaCompilers } from './lazy-route-schemas';
import type { Catalogue } from './data/catalogue';
import type { DataEventBus } from './data/data-event-bus';
import { dataRoutes } from './data/data-routes';
import { barcodeRoutes } from './documents/barcode-routes';
import { documentRoutes } from './documents/document-routes';
import { downloadRoutes } from './documents/download-routes';
import { loadReportCatalogue, type ReportCatalogue } from './reports/report-catalogue';
import { reportRoutes } from './reports/report-routes';
import { reportExportRoutes } from './exports/report-export-routes';
import { REPORT_ENGINE_KIND, reportEngineGuard } from './reports/report-engine-guard';
import { importRoutes } from './data/import-routes';
import { bulkDeleteRoute } from './data/bulk-delete';
import type { HubTimings } from './hub/hub-connection';
import { hubRoutes } from './hub/hub-routes';
import { jobsPlugin, type JobsOptions } from './jobs/jobs-plugin';
import { scopeRoutes } from './routes/scope-routes';
import { terminalRoutes } from './terminals/terminal-routes';
import { unprocessedDocumentRoutes } from './documents/unprocessed-documents-routes';
import { posSettingsRoutes } from './pos-settings/pos-settings-routes';
import { posLayoutRoutes } from './quick-access/layout-routes';
import { receiptTemplateRoutes } from './receipt-templates/template-routes';
import { diagnosticsRoutes } from './diagnostics/diagnostics-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { shoppingCartRoutes } from './shopping-cart/shopping-cart-routes';
import { scanSheetRoutes } from './scan-sheet/scan-sheet-routes';
import { schemaPlaygroundRoutes } from './schema-playground/schema-playground-routes';
import { exchangeRateRoutes } from './exchange-rates/exchange-rate-routes';
import { messageRoutes } from './messages/message-routes';
import { imageRoutes } from './uploads/image-routes';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../schemas/image-upload';
import type { TerminalTimings } from './terminals/terminal-session';
import { createContextResolver } from './identity/context-resolver';
import { forgetOnIdentityWrite } from './identity/forget-on-identity-write';
import { createErrorDetailAccess } from './identity/error-detail-access';
import { identityRoutes, type IdentityRoutesOptions } from './identity/identity-routes';
import { identityWriteGuards } from './identity/identity-write-guards';
import { identityExternalFields } from './identity/user-roles-field';
import { loadJwtSecret } from './identity/token-service';
import { navigationPaths } from './identity/navigation-paths';
import type { ContextResolver } from './lib/request-context';
import type { NavigationItem } from '../schemas/entity-document';
import { REDACT_PATHS, redactUrl } from './lib/redact';
import { registerErrorHandling } from './plugins/error-handling';
import type { ErrorRowThrottle } from './plugins/error-row-throttle';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerSecurityHeaders } from './plugins/security-headers';
import { DEFAULT_BODY_LIMIT, registerAuthenticateFirst, resolvingOnce } from './plugins/authenticate-first';
import { answerFrameworkError, registerInputGuard } from './plugins/input-guard';
import { registerStaticUi } from './plugins/static-ui';
import { serverTimeoutOptions } from './plugins/request-timeouts';
import { systemRoutes } from './routes/system-routes';
import { DEFAULT_SERVER_LOG_SIZE, ServerLogBuffer } from './logs/server-log-buffer';
import { describeInstance, type ServerLogInstance } from './logs/server-log-instance';
import { serverLogRoutes } from './logs/server-log-routes';
import { apiDocsRoutes } from './api-docs/api-docs-routes';
import { collectRoutes } from './api-docs/route-collector';
import { openApiDocumentRoute } from './api-docs/openapi-document-route';
import { auditRoutes } from './audit/audit-routes';
import { auditRetention } from './audit/audit-retention';
import { monitoringRegistry, monitoringRoutes } from './monitoring/monitoring-routes';
import { registerRequestTally, RequestTally } from './monitoring/request-tally';

/** Everything the app needs from outside: configuration, an open and migrated database, build info. */
export interface AppOptions {
  config: Config;
  db: Database;
  buildInfo: BuildInfo;
  installationId: string;
  /** The navigation definition (server/metadata/navigation.json). */
  navigation: NavigationItem[];
  /** Clock, environment, throttle limits and background work of identity, for tests and benchmarks. */
  identity?: Pick<IdentityRoutesOptions, 'now' | 'env' | 'throttleLimits' | 'background'>;
  /** Which server faults get an error row (default: ERROR_ROW_LIMITS on the real clock); for tests. */
  errorRows?: ErrorRowThrottle;
  /** The entity catalogue and its event bus; without it no data routes are served (tests of other parts). */
  data?: {
    catalogue: Catalogue;
    events: DataEventBus;
    /** Who is calling; default: identity's resolver (tokens, scope headers, permissions). */
    resolveContext?: ContextResolver;
    /** The database of the entity tables; default: the app's. */
    db?: Database;
  };
  /** The hub's clocks and limits (tests make them short instead of sleeping). */
  hub?: { timings?: Partial<HubTimings> };
  /** The report definitions (default: the built-in ones, server/reports/definitions) and the clock of their date defaults. */
  reports?: { catalogue?: ReportCatalogue; now?: () => Date };
  /** The terminal endpoint's clocks (tests make them short instead of sleeping). */
  terminals?: { timings?: Partial<TerminalTimings> };
  /** The job runner's clock, timings and jobs (tests); default: the built-in jobs on the real clock. */
  jobs?: JobsOptions;
  /**
   * This instance's recent log lines (server/logs) and who the instance is; createApp tees its logger into the
   * buffer. Default: an empty buffer that nothing feeds (an app built without createApp's logger).
   */
  serverLog?: { buffer: ServerLogBuffer; instance: ServerLogInstance; pushIntervalMs?: number };
}

/**
 * The whole product as one Fastify plugin; server.ts only listens, tests call it through inject.
 * Not encapsulated, so its error and not-found handling cover the host's routes too.
 */
export const mateApp = fastifyPlugin<AppOptions>(
  async (app, options) => {
    // First, so the OpenAPI document sees every route and documents it from its own schema (server/api-docs).
    const routes = collectRoutes(app);
    registerErrorHandling(app, options.db, options.errorRows);
    registerGracefulClose(app);
    registerSecurityHeaders(app, options.config.frameAncestors, options.config.monitoringUrl ? [new URL(options.config.monitoringUrl).origin] : []);
    registerInputGuard(app);
    // Before every route, so the monitoring figures count every answer (server/monitoring).
    const metrics = monitoringRegistry();
    const tally = new RequestTally(metrics);
    registerRequestTally(app, tally);
    // One resolution per request (it caches per request), shared by the authenticate-first hook and the routes.
    const resolveCaller = createContextResolver(options.db, options.config, { now: options.identity?.now });
    app.addHook('onClose', () => resolveCaller.cache.close());
    forgetOnIdentityWrite(app, resolveCaller.cache);
    // A stand-in resolver of data tests stands in for the hook too: their callers carry no real token.
    const resolveContext = options.data?.resolveContext ? resolvingOnce(options.data.resolveContext) : resolveCaller;
    registerAuthenticateFirst(app, resolveContext);
    const serverLog = options.serverLog ?? { buffer: new ServerLogBuffer(options.config.serverLogSize ?? DEFAULT_SERVER_LOG_SIZE), instance: describeInstance(randomUUID()) };
    const canSeeErrorDetails = createErrorDetailAccess(resolveCaller);
    await app.register(systemRoutes, { db: options.db, buildInfo: options.buildInfo, installationId: options.installationId, canSeeErrorDetails });
    await app.register(identityRoutes, { db: options.db, config: options.config, navigation: options.navigation, events: options.data?.events, resolve: resolveCaller, ...options.identity });
    await app.register(barcodeRoutes);
    await app.register(apiDocsRoutes);
    if (options.data) {
      // Identity's rules over users, roles and API keys need identity's context; a stand-in resolver goes without.
      // The report definitions are checked and compiled here, so a broken one stops the start naming file and path.
      const reports = options.reports?.catalogue ?? (await loadReportCatalogue());
      const identityGuards = options.data.resolveContext ? undefined : identityWriteGuards(options.db, navigationPaths(options.navigation));
      const guards = new Map([...(identityGuards ?? []), [REPORT_ENGINE_KIND, reportEngineGuard(reports)]]);
      const externalFields = options.data.resolveContext ? undefined : identityExternalFields(navigationPaths(options.navigation));
      const data = { db: options.data.db ?? options.db, catalogue: options.data.catalogue, events: options.data.events, resolveContext, guards, externalFields };
      await app.register(dataRoutes, data);
      await app.register(openApiDocumentRoute, { catalogue: options.data.catalogue, routes });
      await app.register(importRoutes, data);
      await app.register(bulkDeleteRoute, data);
      await app.register(auditRoutes, data);
      await app.register(auditRetention, { db: data.db, days: options.config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS });
      await app.register(reportRoutes, { db: data.db, reports, resolveContext, now: options.reports?.now });
      await app.register(reportExportRoutes, { db: data.db, reports, resolveContext, now: options.reports?.now });
      await app.register(scopeRoutes, { db: options.data.db ?? options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(hubRoutes, { db: options.db, catalogue: options.data.catalogue, events: options.data.events, resolveContext, allowedOrigins: options.config.allowedOrigins, timings: options.hub?.timings, instanceId: serverLog.instance.id, secret: () => loadJwtSecret(options.db) });
      await app.register(serverLogRoutes, { ...serverLog, resolveContext });
      // The viewer names terminals and locations: served when the catalogue has them, as the OpenAPI document says.
      if (options.data.catalogue.find('tenancy', 'pos-terminal') && options.data.catalogue.find('tenancy', 'location')) await app.register(documentRoutes, { db: options.db, resolveContext, catalogue: options.data.catalogue, navigation: options.navigation });
      // After the hub: it adds SubscribeTerminalMonitoring to the hub's methods.
      // Not encapsulated, so that `app.terminals` (the sweep, and the kill of tests) is the app's.
      await app.register(fastifyPlugin(terminalRoutes, { name: 'mate-terminals', fastify: '5.x' }), { db: options.db, catalogue: options.data.catalogue, resolveContext, timings: options.terminals?.timings });
      await app.register(downloadRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(unprocessedDocumentRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      // The settings document is checked here: a broken one stops the start naming file, path and reason.
      await app.register(posSettingsRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext, pushToTerminals: options.data.catalogue.find('tenancy', 'pos-terminal') !== undefined });
      await app.register(posLayoutRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext, pushToTerminals: options.data.catalogue.find('tenancy', 'pos-terminal') !== undefined });
      await app.register(receiptTemplateRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(diagnosticsRoutes, { db: options.db, catalogue: options.data.catalogue, events: options.data.events, resolveContext });
      await app.register(dashboardRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(shoppingCartRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(scanSheetRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(schemaPlaygroundRoutes, { catalogue: options.data.catalogue, resolveContext });
      await app.register(exchangeRateRoutes, { db: options.db, catalogue: options.data.catalogue, resolveContext });
      await app.register(messageRoutes, { db: options.db, resolveContext });
      await app.register(imageRoutes, { db: data.db, catalogue: options.data.catalogue, resolveContext, maxBytes: options.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES });
      await app.register(jobsPlugin, { importDir: options.config.importDir, ...options.jobs, db: options.db, catalogue: options.data.catalogue, buildInfo: options.buildInfo, resolveContext });
      await app.register(monitoringRoutes, { db: options.db, buildInfo: options.buildInfo, resolveContext, tally, registry: metrics, metricsToken: options.config.metricsToken, externalUrl: options.config.monitoringUrl });
    }
    await registerStaticUi(app, options.config.staticDir);
  },
  { name: 'mate', fastify: '5.x' },
);

/** Builds a Fastify instance with logging set up and the app registered. */
export async function createApp(options: AppOptions, logger: boolean | { stream: NodeJS.WritableStream } = true): Promise<FastifyInstance> {
  const serverLog = options.serverLog ?? { buffer: new ServerLogBuffer(options.config.serverLogSize ?? DEFAULT_SERVER_LOG_SIZE), instance: describeInstance(randomUUID()) };
  // One logger, two destinations: its usual output and the log page's buffer, both after the same redaction. Every
  // destination takes every level the logger lets through (multistream's own default would drop debug lines).
  const destinations = () => [
    { level: 'trace' as const, stream: typeof logger === 'object' ? logger.stream : pino.destination(1) },
    { level: 'trace' as const, stream: serverLog.buffer.stream },
  ];
  // Route schemas compile at their first request, not at ready (lazy-route-schemas.ts: about 2 s of every start).
  const routeSchemas = lazyRouteSchemaCompilers();
  const app = Fastify({
    schemaController: { compilersFactory: routeSchemas.compilersFactory },
    logger:
      logger === false
        ? false
        : {
            level: options.config.logLevel,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
              // The completion line names its request too, so a line read alone (the log page, a filter) says what it was.
              res: (reply: { statusCode: number; request?: { method?: string; url?: string; routeOptions?: { url?: string } } }) => ({
                statusCode: reply.statusCode,
                method: reply.request?.method,
                url: reply.request?.url === undefined ? undefined : redactUrl(reply.request.url),
                route: reply.request?.routeOptions?.url,
              }),
            },
            stream: pino.multistream(destinations()),
          },
    // Only behind a proxy that sets X-Forwarded-For: otherwise clients could pick their own address.
    trustProxy: options.config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Slow clients (a body sent a byte at a time) are answered 408 and dropped within the configured seconds.
    ...serverTimeoutOptions(options.config.timeouts),
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    // Fastify's Ajv default drops members a schema does not allow (removeAdditional: true): a caller who misspells a
    // member would get a 200 and find nothing changed. Refused instead, with a 400 that names the member.
    ajv: { customOptions: { removeAdditional: false } },
  });
  routeSchemas.remember(app);
  await app.register(mateApp, { ...options, serverLog });
  return app;
}
