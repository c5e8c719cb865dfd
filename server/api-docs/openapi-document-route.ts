import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../data/catalogue';
import { buildOpenApi } from '../data/openapi';
import { publicRoute } from '../plugins/authenticate-first';
import { openApiPathsOf, type RegisteredRoute } from './route-openapi';

type Json = Record<string, unknown>;

const DOCUMENT_SCHEMA = {
  tags: ['system'],
  summary: 'This document',
  description: 'The data routes are generated from the entity catalogue; every other route from its own Fastify schema.',
  security: [],
  response: { 200: { description: 'The OpenAPI 3.1 document', type: 'object', additionalProperties: true } },
} as const;

/**
 * GET /api/openapi.json: the catalogue's data routes (server/data/openapi.ts) and the paths of every route that
 * describes itself (route-openapi.ts). Built at the first request, when every route is registered; a route's own
 * schema wins over a hand-written fragment of the same path and method.
 */
export async function openApiDocumentRoute(app: FastifyInstance, options: { catalogue: Catalogue; routes: readonly RegisteredRoute[] }): Promise<void> {
  let document: Json | undefined;
  const build = (): Json => {
    const base = buildOpenApi(options.catalogue) as Json & { paths: Record<string, Json> };
    const paths = { ...base.paths };
    for (const [path, operations] of Object.entries(openApiPathsOf(options.routes))) paths[path] = { ...paths[path], ...operations };
    return { ...base, paths };
  };
  app.get('/api/openapi.json', { ...publicRoute(), schema: DOCUMENT_SCHEMA }, async () => (document ??= build()));
}
