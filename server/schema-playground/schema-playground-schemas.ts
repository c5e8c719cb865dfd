import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';

/** The schema playground's path: its permission is given on it (docs/metadata.md "Schema playground"). */
export const SCHEMA_PLAYGROUND_PATH = '/tools/schema-playground';

/** The answer of GET /api/schema-playground/catalogue: every entity document of the catalogue, as loaded. */
export const PLAYGROUND_CATALOGUE_SCHEMA = {
  type: 'object',
  properties: {
    kinds: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', description: '"<area>/<entity>"' },
          document: { type: 'object', additionalProperties: true, description: 'the entity document (docs/metadata.md)' },
        },
        required: ['kind', 'document'],
      },
    },
  },
  required: ['kinds'],
} as const;

/** The route's contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts). */
export const PLAYGROUND_CATALOGUE_ROUTE_SCHEMA = {
  tags: ['tools'],
  summary: "The catalogue's entity documents, read only: what the schema playground checks lookups and detail views against",
  response: {
    200: { description: 'Every entity kind with its document, sorted by kind', ...PLAYGROUND_CATALOGUE_SCHEMA },
    ...TOKEN_REFUSED,
    403: { description: `No Read on ${SCHEMA_PLAYGROUND_PATH}` },
  },
} as const;
