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

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** The playground's route in the OpenAPI document. */
export const SCHEMA_PLAYGROUND_OPENAPI_PATHS = {
  '/api/schema-playground/catalogue': {
    get: {
      tags: ['tools'],
      summary: "The catalogue's entity documents, read only: what the schema playground checks lookups and detail views against",
      responses: {
        200: { description: 'Every entity kind with its document, sorted by kind', content: { 'application/json': { schema: PLAYGROUND_CATALOGUE_SCHEMA } } },
        401: errorResponse('No valid access token'),
        403: errorResponse(`No Read on ${SCHEMA_PLAYGROUND_PATH}`),
      },
    },
  },
} as const;
