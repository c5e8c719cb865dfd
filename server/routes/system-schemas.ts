// The system routes' contracts (docs/api.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).
// Only the stored fault's lookup takes input, the id in its path. Fastify's serialiser writes only the properties an
// answer's schema names, so each JSON answer names every property its handler sends, in the handler's order; the XML
// ping is a string and is sent as it is.

const tags = ['system'];
const anyone: readonly Record<string, unknown>[] = [];

/** `GET /api/v1/ping`. */
export const PING_ROUTE_SCHEMA = {
  tags,
  summary: 'Availability check (XML: Status, Version, Time)',
  security: anyone,
  response: { 200: { description: 'Pong', content: { 'application/xml': { schema: { type: 'string' } } } } },
} as const;

/** `GET /api/info`. */
export const INFO_ROUTE_SCHEMA = {
  tags,
  summary: 'Name, versions, database kind, installation id',
  security: anyone,
  response: {
    200: {
      description: 'About this installation',
      type: 'object',
      properties: { name: { type: 'string' }, apiVersion: { type: 'string' }, version: { type: 'string' }, buildDate: { type: 'string' }, database: { type: 'string' }, installationId: { type: 'string' } },
      required: ['name', 'apiVersion', 'version', 'buildDate', 'database', 'installationId'],
    },
  },
} as const;

/** `GET /version.json`. */
export const VERSION_ROUTE_SCHEMA = {
  tags,
  summary: 'The build version',
  security: anyone,
  response: { 200: { description: 'The build', type: 'object', properties: { version: { type: 'string' }, buildDate: { type: 'string' } }, required: ['version', 'buildDate'] } },
} as const;

/** `GET /api/health`. */
export const HEALTH_ROUTE_SCHEMA = {
  tags,
  summary: 'For load balancers: 200 while the database answers',
  security: anyone,
  response: {
    200: { description: 'The database answers', type: 'object', properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string' } }, required: ['status', 'database'] },
    // Untyped and open: should anything else ever answer 503 here (the error handler's { status: 503, message }),
    // the serialiser passes it through unchanged.
    503: { description: 'The database does not answer', type: 'object', additionalProperties: true, properties: { status: { enum: ['unavailable'] }, database: { type: 'string' } } },
  },
} as const;

/**
 * `GET /api/error({id})`, registered as `GET /api/:call` (parentheses are no Fastify path) whose handler reads the id
 * itself: `documentedPath` names it. Fastify's router cuts `:call` at 100 characters, `error(` and `)` included.
 */
export const ERROR_ROUTE_SCHEMA = {
  tags,
  summary: 'A stored server fault by the id of its error header; details for administrators only',
  description: 'An administrator (Read on /diagnostics/logs in the Global column) gets what the fault said, the method and the URL; everyone else, also an anonymous caller, the id, status and time with a generic message.',
  security: anyone,
  documentedPath: {
    path: '/api/error({id})',
    params: { properties: { id: { type: 'string', minLength: 1, maxLength: 93, pattern: '^[^)]+$', description: 'the x-mate-error-id header of a 5xx answer' } }, required: ['id'] },
  },
  response: {
    200: {
      description: 'The stored fault',
      type: 'object',
      // Required first, then the rest in this order: the serialiser keeps the handler's order (id, status, message,
      // method, url, createdAt) only while method and url, which an administrator alone gets, stay optional.
      properties: {
        id: { type: 'string' },
        status: { type: 'integer' },
        message: { type: 'string', description: 'for anyone but an administrator a generic message' },
        method: { type: 'string', description: 'administrators only' },
        url: { type: 'string', description: 'administrators only' },
        createdAt: { type: 'string', format: 'date-time', description: 'always given' },
      },
      required: ['id', 'status', 'message'],
    },
    404: { description: 'No such error' },
  },
} as const;
