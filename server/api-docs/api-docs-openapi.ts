import { API_DOCS_ASSETS } from './api-docs-assets';

/** Wire schemas of the viewers' asset route, shared by the route and the OpenAPI document. */
export const ASSET_PARAMS = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string', enum: Object.keys(API_DOCS_ASSETS) } },
  required: ['name'],
} as const;

export const API_DOCS_OPENAPI_PATHS = {
  '/api/docs/assets/{name}': {
    get: {
      tags: ['api-docs'],
      summary: "The API documentation viewers' scripts and styles (Swagger UI, Scalar), served by the product; anyone may read them",
      security: [],
      parameters: [{ name: 'name', in: 'path', required: true, schema: ASSET_PARAMS.properties.name }],
      responses: {
        200: { description: 'The file', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } },
        304: { description: 'Unchanged (If-None-Match)' },
        400: { description: 'Not one of the files', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  },
} as const;
