import { errorResponses, listOf, TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { BRIDGE_JOB_LIMIT } from './bridge-state';

const job = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    name: { type: 'string' },
    state: { type: 'integer', enum: [1, 2, 3, 4, 5], description: '1 queued, 2 running, 3 success, 4 failed, 5 cancelled' },
    startedAt: { type: ['string', 'null'], format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
    countMax: { type: ['integer', 'null'] },
    count: { type: 'integer' },
    error: { type: ['string', 'null'] },
    category: { type: 'string' },
    tenant: { type: ['string', 'null'], description: "the tenant's Id; null for an installation-wide job" },
    tenantOid: { type: ['integer', 'null'] },
    countryCode: { type: ['string', 'null'] },
    description: { type: 'string' },
    countUnit: { type: ['string', 'null'] },
    isManualStarted: { type: 'boolean' },
    startedBy: { type: ['string', 'null'], description: 'the login of the user who started the run by hand; "schedule" for a scheduled run' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** The finished states the history may be filtered by (GET /api/bridge/jobs?state=). */
export const HISTORY_STATE_SCHEMA = { type: 'integer', enum: [3, 4, 5] } as const;

/** A bridge job run, as the REST reads and the hub messages carry it (docs/jobs.md). */
export const BRIDGE_JOB_SCHEMA = job;

/** The bridge state (docs/jobs.md), as GET /api/bridge and UpdateBridgeState carry it. */
export const BRIDGE_STATE_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    version: { type: 'string' },
    buildDate: { type: 'string' },
    state: { type: 'string', enum: ['CONNECTING', 'ON', 'OFF'] },
    jobCount: { type: 'integer' },
    jobFailedCount: { type: 'integer' },
    jobs: { type: 'array', items: job },
    definitions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          category: { type: 'string' },
          description: { type: 'string' },
          countUnit: { type: 'string' },
          scope: { type: 'string', enum: ['tenant', 'global'] },
          parameters: { type: 'object', additionalProperties: true },
          texts: {
            type: 'object',
            description: "The job's words per UI language code; the page falls back to the English category, description and countUnit.",
            additionalProperties: {
              type: 'object',
              properties: {
                category: { type: 'string' },
                description: { type: 'string' },
                countUnit: { type: 'string' },
                parameters: { type: 'object', additionalProperties: { type: 'object', properties: { title: { type: 'string' }, description: { type: 'string' } } } },
              },
            },
          },
        },
      },
    },
  },
} as const;

const TAGS = ['bridge'];

// The bridge's REST reads: their contracts, also their part of /api/openapi.json (server/api-docs/route-openapi.ts).
// Starting and cancelling go through the hub (docs/hub.md).

export const BRIDGE_STATE_ROUTE_SCHEMA = {
  tags: TAGS,
  summary: `The bridge state in the current tenant: runner state, counts of the last 24 hours, up to ${BRIDGE_JOB_LIMIT} runs, the jobs that may be started`,
  response: {
    200: { description: 'The bridge state', ...BRIDGE_STATE_SCHEMA },
    ...errorResponses({ 403: 'No Read on /service/bridge in the tenant' }),
    ...TOKEN_REFUSED,
  },
} as const;

export const BRIDGE_JOBS_ROUTE_SCHEMA = {
  tags: TAGS,
  summary: 'The history of job runs in the current tenant (and installation-wide ones for global readers), newest first',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
      take: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      state: { ...HISTORY_STATE_SCHEMA, description: 'only runs that ended so: 3 success, 4 failed, 5 cancelled' },
    },
  },
  response: {
    200: { description: 'One page of runs', ...listOf(job, { skip: { type: 'integer' }, take: { type: 'integer' }, hasMore: { type: 'boolean' } }, []) },
    ...errorResponses({ 400: 'A bad skip, take or state', 403: 'No Read on /service/bridge in the tenant' }),
    ...TOKEN_REFUSED,
  },
} as const;
