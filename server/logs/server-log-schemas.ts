import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { LOG_LEVEL_NAMES } from './server-log-record';

/** Most lines one read answers. */
export const SERVER_LOG_MAX_TAKE = 1_000;
export const SERVER_LOG_DEFAULT_TAKE = 200;
/** Longest text filter. */
export const SERVER_LOG_MAX_QUERY = 200;

/** The query string of GET /api/diagnostics/server-log, as a Fastify schema. */
export const SERVER_LOG_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'only lines with a higher seq, oldest first; without it the newest lines' },
    level: { type: 'string', enum: LOG_LEVEL_NAMES, description: 'the lowest level shown' },
    q: { type: 'string', maxLength: SERVER_LOG_MAX_QUERY, description: 'case-insensitive text in the message, request id, method, URL, route or details' },
    take: { type: 'integer', minimum: 1, maximum: SERVER_LOG_MAX_TAKE, default: SERVER_LOG_DEFAULT_TAKE },
  },
} as const;

const record = {
  type: 'object',
  properties: {
    seq: { type: 'integer' },
    time: { type: 'string', format: 'date-time' },
    level: { type: 'string', enum: LOG_LEVEL_NAMES },
    message: { type: 'string' },
    reqId: { type: 'string' },
    method: { type: 'string' },
    url: { type: 'string' },
    route: { type: 'string' },
    status: { type: 'integer' },
    details: { type: 'string' },
  },
  required: ['seq', 'time', 'level', 'message'],
} as const;

const instance = {
  type: 'object',
  properties: { id: { type: 'string' }, hostname: { type: 'string' }, pid: { type: 'integer' }, startedAt: { type: 'string', format: 'date-time' } },
  required: ['id', 'hostname', 'pid', 'startedAt'],
} as const;

/** The answer of GET /api/diagnostics/server-log. */
export const SERVER_LOG_PAGE_SCHEMA = {
  type: 'object',
  properties: {
    instance,
    capacity: { type: 'integer', description: 'how many lines this instance keeps (MATE_SERVER_LOG_SIZE)' },
    items: { type: 'array', items: record },
    lastSeq: { type: 'integer', description: "the newest line's seq; page on with after=lastSeq" },
    firstSeq: { type: 'integer', description: 'the oldest line still kept' },
    hasMore: { type: 'boolean', description: 'more matching lines than take: after the page (with after) or before it' },
  },
  required: ['instance', 'capacity', 'items', 'lastSeq', 'firstSeq', 'hasMore'],
} as const;

/**
 * GET /api/diagnostics/server-log: its contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts).
 * Live lines come through the hub (SubscribeServerLog, docs/hub.md).
 */
export const SERVER_LOG_ROUTE_SCHEMA = {
  tags: ['diagnostics'],
  summary: "This instance's most recent log lines (redacted), oldest first; needs Read on /diagnostics/logs globally",
  querystring: SERVER_LOG_QUERYSTRING,
  response: {
    200: { description: 'One page of lines and which instance they are of', ...SERVER_LOG_PAGE_SCHEMA },
    400: { description: 'A bad after, level, q or take' },
    ...TOKEN_REFUSED,
    403: { description: 'No Read on /diagnostics/logs in the Global column' },
  },
} as const;
