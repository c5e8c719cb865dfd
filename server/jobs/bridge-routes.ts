import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { audienceOf, BRIDGE_PATH, readBridgeState, type BridgeSource } from './bridge-state';
import { listJobs, toBridgeJob } from './job-store';
import type { JobState } from './job-definition';
import { BRIDGE_JOB_SCHEMA, BRIDGE_STATE_SCHEMA, HISTORY_STATE_SCHEMA } from './jobs-openapi';

/** GET /api/bridge and GET /api/bridge/jobs: what the bridge page reads before the hub pushes changes. */
export function registerBridgeRoutes(app: FastifyInstance, source: BridgeSource, resolve: ContextResolver): void {
  const readable = async (request: Parameters<ContextResolver>[0]) => {
    const context = await resolve(request);
    if (!context.can(BRIDGE_PATH, 'Read')) throw new ApiError(403, `Reading the bridge needs the permission Read on ${BRIDGE_PATH}.`);
    return context;
  };

  app.get('/api/bridge', { schema: { response: { 200: BRIDGE_STATE_SCHEMA } } }, async (request) => {
    const context = await readable(request);
    return readBridgeState(source, audienceOf(context));
  });

  app.get<{ Querystring: { skip: number; take: number; state?: JobState } }>(
    '/api/bridge/jobs',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 }, take: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, state: HISTORY_STATE_SCHEMA },
        },
        response: { 200: { type: 'object', properties: { items: { type: 'array', items: BRIDGE_JOB_SCHEMA }, skip: { type: 'integer' }, take: { type: 'integer' }, hasMore: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      const context = await readable(request);
      const { skip, take, state } = request.query;
      const rows = await listJobs(source.db, audienceOf(context), 0, take + 1, skip, state);
      return { items: rows.slice(0, take).map(toBridgeJob), skip, take, hasMore: rows.length > take };
    },
  );
}
