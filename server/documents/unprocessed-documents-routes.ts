import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { overviewTablesOf, readUnprocessedDocuments, summariseUnprocessedDocuments, UNPROCESSED_DOCUMENTS_PATH } from './unprocessed-documents';
import { UNPROCESSED_OVERVIEW_ROUTE_SCHEMA, UNPROCESSED_SUMMARY_ROUTE_SCHEMA } from './unprocessed-documents-schemas';

export interface UnprocessedDocumentRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

/**
 * Fastify's schema coercion turns `1e309` into Infinity and lets it through `maximum`: such a number is refused here,
 * naming the member, before it reaches SQL.
 */
function refuseInfinite(query: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new ApiError(400, `The query parameter ${name} must be a finite whole number.`, { errors: { [name]: ['must be a finite whole number'] } });
  }
}

/** The caller's tenants in which they may read the unprocessed documents. */
const readableTenants = (context: RequestContext) => context.tenantOids.filter((tenantOid) => context.can(UNPROCESSED_DOCUMENTS_PATH, 'Read', tenantOid));

/**
 * GET /api/documents/unprocessed (the dashboard's count and newest rows) and GET /api/diagnostics/unprocessed-documents
 * (the overview page): the documents that stay unprocessed, per tenant of the caller with Read on
 * /diagnostics/unprocessed-documents there. Reading only; reprocessing is the job reprocess-unprocessed-documents.
 */
export const unprocessedDocumentRoutes = fastifyPlugin<UnprocessedDocumentRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const tables = overviewTablesOf(options.catalogue);
    app.get<{ Querystring: { newest: number } }>(
      '/api/documents/unprocessed',
      { schema: UNPROCESSED_SUMMARY_ROUTE_SCHEMA },
      async (request) => {
        refuseInfinite(request.query);
        const context = await options.resolveContext(request);
        // A user without the right anywhere sees nothing rather than an error: the dashboard card asks every user.
        return summariseUnprocessedDocuments(options.db, tables, readableTenants(context), request.query.newest);
      },
    );
    app.get<{ Querystring: { entityOid?: number; skip: number; take: number } }>(
      '/api/diagnostics/unprocessed-documents',
      { schema: UNPROCESSED_OVERVIEW_ROUTE_SCHEMA },
      async (request) => {
        refuseInfinite(request.query);
        const context = await options.resolveContext(request);
        const { entityOid, skip, take } = request.query;
        let tenants = readableTenants(context);
        if (entityOid !== undefined) {
          if (!context.tenantOids.includes(entityOid)) throw new ApiError(403, `entityOid ${entityOid} is not one of your tenants.`, { errors: { entityOid: ['is not one of your tenants'] } });
          if (!tenants.includes(entityOid)) throw new ApiError(403, `Reading the unprocessed documents of tenant ${entityOid} needs Read on ${UNPROCESSED_DOCUMENTS_PATH} there.`);
          tenants = [entityOid];
        } else if (tenants.length === 0) {
          throw new ApiError(403, `Reading the unprocessed documents needs Read on ${UNPROCESSED_DOCUMENTS_PATH} in one of your tenants.`);
        }
        return readUnprocessedDocuments(options.db, tables, tenants, { skip, take });
      },
    );
  },
  { name: 'mate-unprocessed-documents', fastify: '5.x' },
);
