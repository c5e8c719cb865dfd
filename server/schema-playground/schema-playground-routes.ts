import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { PLAYGROUND_CATALOGUE_ROUTE_SCHEMA, SCHEMA_PLAYGROUND_PATH } from './schema-playground-schemas';

export interface SchemaPlaygroundRoutesOptions {
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

/**
 * The schema playground's one route (docs/metadata.md "Schema playground"): GET /api/schema-playground/catalogue
 * answers the loaded entity documents, so the page checks a document's lookups and detail views against the real
 * catalogue in the browser. It only reads what the server loaded at start: the playground never writes, and the
 * document being edited never reaches the server. Read on /tools/schema-playground, in the scope's tenant or Global.
 */
export const schemaPlaygroundRoutes = fastifyPlugin<SchemaPlaygroundRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const kinds = [...options.catalogue.kinds].sort((a, b) => a.kind.localeCompare(b.kind)).map((kind) => ({ kind: kind.kind, document: kind.doc }));
    app.get('/api/schema-playground/catalogue', { schema: PLAYGROUND_CATALOGUE_ROUTE_SCHEMA }, async (request, reply) => {
      const context = await options.resolveContext(request);
      if (!context.can(SCHEMA_PLAYGROUND_PATH, 'Read', context.tenantOid)) throw new ApiError(403, `The schema playground needs Read on ${SCHEMA_PLAYGROUND_PATH}.`);
      reply.header('cache-control', 'private, no-store');
      return { kinds };
    });
  },
  { name: 'mate-schema-playground', fastify: '5.x' },
);
