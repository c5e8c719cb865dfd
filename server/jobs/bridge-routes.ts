import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { audienceOf, BRIDGE_PATH, readBridgeState, type BridgeSource } from './bridge-state';
import { listJobs, toBridgeJob } from './job-store';
import type { JobState } from './job-definition';
import { BRIDGE_JOBS_ROUTE_SCHEMA, BRIDGE_STATE_ROUTE_SCHEMA } from './jobs-schemas';

/** GET /api/bridge and GET /api/bridge/jobs: what the bridge page reads before the hub pushes changes. */
export function registerBridgeRoutes(app: FastifyInstance, source: BridgeSource, resolve: ContextResolver): void {
  const readable = async (request: Parameters<ContextResolver>[0]) => {
    const context = await resolve(request);
    if (!context.can(BRIDGE_PATH, 'Read')) throw new ApiError(403, `Reading the bridge needs the permission Read on ${BRIDGE_PATH}.`);
    return context;
  };

  app.get('/api/bridge', { schema: BRIDGE_STATE_ROUTE_SCHEMA }, async (request) => {
    const context = await readable(request);
    return readBridgeState(source, audienceOf(context));
  });

  app.get<{ Querystring: { skip: number; take: number; state?: JobState } }>(
    '/api/bridge/jobs',
    { schema: BRIDGE_JOBS_ROUTE_SCHEMA },
    async (request) => {
      const context = await readable(request);
      const { skip, take, state } = request.query;
      const rows = await listJobs(source.db, audienceOf(context), 0, take + 1, skip, state);
      return { items: rows.slice(0, take).map(toBridgeJob), skip, take, hasMore: rows.length > take };
    },
  );
}
