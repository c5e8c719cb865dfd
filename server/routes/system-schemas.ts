// The system routes' contracts (docs/api.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).
// None takes input. Fastify's serialiser writes only the properties an answer's schema names, so each JSON answer
// names every property its handler sends, in the handler's order; the XML ping is a string and is sent as it is.

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
