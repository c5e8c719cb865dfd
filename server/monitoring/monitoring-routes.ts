import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { Registry } from 'prom-client';
import type { BuildInfo } from '../build-info';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { publicRoute } from '../plugins/authenticate-first';
import { readMonitoringFigures } from './monitoring-figures';
import { FIGURES_ROUTE_SCHEMA, METRICS_ROUTE_SCHEMA } from './monitoring-schemas';
import { figureGauges } from './prometheus-metrics';
import type { RequestTally } from './request-tally';

/** The navigation path whose Read right opens the page, the figures and /metrics (in the Global column). */
export const MONITORING_PATH = '/service/monitoring';

export interface MonitoringRoutesOptions {
  db: Database;
  buildInfo: BuildInfo;
  resolveContext: ContextResolver;
  /** The app's request tally and the registry its counters live in. */
  tally: RequestTally;
  registry: Registry;
  /** MATE_METRICS_TOKEN: a scraper presenting it as a bearer token may read /metrics without a user. */
  metricsToken?: string;
  /** MATE_MONITORING_URL. */
  externalUrl?: string;
}

/** The figures cover the whole instance: Read on the page in the Global column is needed. */
function requireGlobalRead(context: RequestContext): void {
  const may = context.canGlobally ? context.canGlobally(MONITORING_PATH, 'Read') : context.can(MONITORING_PATH, 'Read');
  if (!may) throw new ApiError(403, `Reading the monitoring figures needs Read on ${MONITORING_PATH} in the Global column: they cover the whole installation.`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/monitoring/figures (the monitoring page) and GET /metrics (Prometheus; docs/monitoring.md). /metrics is
 * declared public so that a scraper's static token is judged here rather than by the user-token check; without it
 * the caller must be a user who holds the right.
 */
export const monitoringRoutes = fastifyPlugin<MonitoringRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const setGauges = figureGauges(options.registry);
    const figures = () =>
      readMonitoringFigures({
        db: options.db,
        buildInfo: options.buildInfo,
        requests: () => options.tally.figures(),
        hubConnections: () => (app.hasDecorator('hub') ? app.hub.connectionCount() : undefined),
        externalUrl: options.externalUrl ?? null,
      });

    app.get('/api/monitoring/figures', { schema: FIGURES_ROUTE_SCHEMA }, async (request, reply) => {
      requireGlobalRead(await options.resolveContext(request));
      reply.header('cache-control', 'no-store');
      return figures();
    });

    async function authoriseScrape(request: FastifyRequest): Promise<void> {
      const header = request.headers.authorization;
      if (!header) throw new ApiError(401, 'Reading /metrics needs Authorization: Bearer with MATE_METRICS_TOKEN or a user token.');
      const bearer = /^Bearer (.+)$/i.exec(header)?.[1];
      if (options.metricsToken && bearer !== undefined && sameSecret(bearer, options.metricsToken)) return;
      requireGlobalRead(await options.resolveContext(request));
    }

    app.get('/metrics', { ...publicRoute(), schema: METRICS_ROUTE_SCHEMA }, async (request, reply) => {
      await authoriseScrape(request);
      setGauges(await figures());
      return reply.header('cache-control', 'no-store').type(options.registry.contentType).send(await options.registry.metrics());
    });
  },
  { name: 'mate-monitoring', fastify: '5.x' },
);

/** A registry per app: two apps in one process (tests) keep their own counters. */
export function monitoringRegistry(): Registry {
  return new Registry();
}
