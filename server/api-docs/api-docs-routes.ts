import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../plugins/authenticate-first';
import { apiDocsAsset, type ApiDocsAssetName } from './api-docs-assets';
import { ASSET_PARAMS } from './api-docs-openapi';

/**
 * GET /api/docs/assets/{name}: Swagger UI's and Scalar's bundles from node_modules, so the viewer pages
 * (src/features/api-docs) load nothing from a CDN. Public like the UI's own scripts: they hold no data.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: ApiDocsAssetName } }>('/api/docs/assets/:name', { ...publicRoute(), schema: { params: ASSET_PARAMS } }, async (request, reply) => {
    const asset = await apiDocsAsset(request.params.name);
    reply.header('etag', asset.etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    return reply.type(asset.type).send(asset.body);
  });
}
