/** The monitoring routes' contracts; the OpenAPI document is generated from them (server/api-docs/route-openapi.ts). */

const count = { type: 'integer', minimum: 0 } as const;

export const EMPTY_QUERYSTRING = { type: 'object', additionalProperties: false, properties: {} } as const;

export const FIGURES_SCHEMA = {
  type: 'object',
  properties: {
    readAt: { type: 'string', format: 'date-time' },
    version: { type: 'string' },
    buildDate: { type: 'string' },
    uptimeSeconds: count,
    requests: {
      type: 'object',
      properties: {
        count,
        serverErrors: { ...count, description: 'answers with a 5xx status since the start' },
        clientErrors: { ...count, description: 'answers with a 4xx status since the start' },
        latencyMs: {
          type: ['object', 'null'],
          description: 'of the last 1,000 requests; null before the first',
          properties: { mean: { type: 'number' }, p50: { type: 'number' }, p95: { type: 'number' }, max: { type: 'number' } },
          required: ['mean', 'p50', 'p95', 'max'],
        },
      },
      required: ['count', 'serverErrors', 'clientErrors', 'latencyMs'],
    },
    jobs: { type: 'object', properties: { queued: count, running: count, failed: count }, required: ['queued', 'running', 'failed'] },
    hub: { type: 'object', properties: { connections: { type: ['integer', 'null'], description: 'open hub connections of this instance' } }, required: ['connections'] },
    database: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['pglite', 'postgres'] },
        sizeBytes: { type: ['integer', 'null'] },
        connections: { type: ['object', 'null'], description: 'sessions on the database, PostgreSQL only', properties: { active: count, idle: count, total: count }, required: ['active', 'idle', 'total'] },
      },
      required: ['kind', 'sizeBytes', 'connections'],
    },
    externalUrl: { type: ['string', 'null'], description: 'MATE_MONITORING_URL, framed by the page instead when set' },
  },
  required: ['readAt', 'version', 'buildDate', 'uptimeSeconds', 'requests', 'jobs', 'hub', 'database', 'externalUrl'],
} as const;

/** GET /api/monitoring/figures: its contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts). */
export const FIGURES_ROUTE_SCHEMA = {
  tags: ['monitoring'],
  summary: "The instance's health and metrics (the monitoring page); needs Read on /service/monitoring in the Global column",
  querystring: EMPTY_QUERYSTRING,
  response: { 200: { description: 'The figures', ...FIGURES_SCHEMA }, 401: { description: 'Not signed in' }, 403: { description: 'Missing the permission' } },
} as const;

/** GET /metrics: its contract, also its part of /api/openapi.json. */
export const METRICS_ROUTE_SCHEMA = {
  tags: ['monitoring'],
  summary: 'The same figures in the Prometheus text format: Bearer MATE_METRICS_TOKEN, or a user with Read on /service/monitoring globally',
  querystring: EMPTY_QUERYSTRING,
  response: {
    200: { description: 'Prometheus exposition format 0.0.4', content: { 'text/plain': { schema: { type: 'string' } } } },
    401: { description: 'No or a wrong token' },
    403: { description: 'Missing the permission' },
  },
} as const;
