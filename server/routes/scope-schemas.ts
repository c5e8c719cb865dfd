// The scope tree's contract (docs/api.md), also its part of /api/openapi.json (server/api-docs/route-openapi.ts).
// The handler checks its parameters itself (terminalKind in any case, lang falling back to Accept-Language): the
// query schema only names them, without a type that would let Fastify refuse first with its own message. The
// handler sends the tree as JSON text (its ETag is a digest of it), which the serialiser passes through as it is.

import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';

/** `GET /api/settings/scope`. */
export const SCOPE_ROUTE_SCHEMA = {
  tags: ['ui'],
  summary: "The scope tree of the user's tenants: GLOBAL, countries, tenants, locations, terminals (ETag; 304 on If-None-Match)",
  querystring: {
    type: 'object',
    properties: {
      terminalKind: { description: 'ANY, POS or PAN (any case): which terminals the tree holds; default ANY' },
      lang: { description: 'the language of the countries\' names (e.g. de, en-GB); default the first of Accept-Language' },
    },
  },
  response: {
    200: {
      description: 'The items, depth first, parents before children',
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', additionalProperties: true, description: 'index, parentIndex, id, type, oid, parentOid, text, description, disabled, deleted, visibility, country, kind (terminals only)' },
        },
      },
      required: ['items'],
    },
    304: { description: 'Unchanged (If-None-Match named the current ETag); no body' },
    400: { description: 'A bad terminalKind, or a bad scope header' },
    ...TOKEN_REFUSED,
    403: { description: 'The x-mate-tenant header names a tenant you do not belong to' },
  },
} as const;
