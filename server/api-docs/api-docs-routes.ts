import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../plugins/authenticate-first';
import { API_DOCS_ASSETS, apiDocsAsset, type ApiDocsAssetName } from './api-docs-assets';

/** The asset route's contract, also its part of /api/openapi.json (route-openapi.ts). */
const ASSET_ROUTE_SCHEMA = {
  tags: ['api-docs'],
  summary: "The API documentation viewers' scripts and styles (Swagger UI, Scalar), served by the product; anyone may read them",
  security: [],
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { name: { type: 'string', enum: Object.keys(API_DOCS_ASSETS) } },
    required: ['name'],
  },
  response: {
    200: { description: 'The file', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } },
    304: { description: 'Unchanged (If-None-Match)' },
    400: { description: 'Not one of the files' },
  },
} as const;

/**
 * GET /api/docs/assets/{name}: Swagger UI's and Scalar's bundles from node_modules, so the viewer pages
 * (src/features/api-docs) load nothing from a CDN. Public like the UI's own scripts: they hold no data.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: ApiDocsAssetName } }>('/api/docs/assets/:name', { ...publicRoute(), schema: ASSET_ROUTE_SCHEMA }, async (request, reply) => {
    const asset = await apiDocsAsset(request.params.name);
    reply.header('etag', asset.etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    return reply.type(asset.type).send(asset.body);
  });
}
