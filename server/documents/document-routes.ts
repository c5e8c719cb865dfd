import type { FastifyInstance } from 'fastify';
import type { NavigationItem } from '../../schemas/entity-document';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { entityTableName } from '../data/sql-names';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { documentDetail, findDocumentsByUid } from './document-detail';
import { articleLinker, receiptDownloads } from './document-links';
import { DOCUMENT_DETAIL_ROUTE_SCHEMA, DOCUMENT_LIST_ROUTE_SCHEMA, SCOPE_OPTIONS_ROUTE_SCHEMA } from './document-schemas';
import { documentScopeOptions } from './document-scope-options';
import { listDocuments, type DocumentListQuery, type DocumentSummary, type DocumentTables } from './document-query';
import { documentPathOfKind, documentTypeNamed, documentTypePath } from './document-types';

export interface DocumentRoutesOptions {
  db: Database;
  resolveContext: ContextResolver;
  catalogue: Catalogue;
  /** The navigation: where a receipt line's article links to. */
  navigation: readonly NavigationItem[];
}

/** The tenants named by `tenant` (checked to be the caller's) or all of the caller's. */
function tenantsAsked(context: RequestContext, tenant: number | undefined): number[] {
  if (tenant === undefined) return context.tenantOids;
  if (!context.tenantOids.includes(tenant)) throw new ApiError(403, `You do not belong to tenant ${tenant}.`, { errors: { tenant: [`is not one of your tenants`] } });
  return [tenant];
}

/** Whether a document lies in the location and terminal the scope headers pin (as the data API pins records). */
const inScope = (context: RequestContext, document: DocumentSummary) =>
  (context.locationOid === undefined || document.locationOid === context.locationOid) && (context.terminalOid === undefined || document.terminalOid === context.terminalOid);

/** Whether the caller may read a document: Read on its type's path in its tenant. */
const mayRead = (context: RequestContext, document: DocumentSummary) => context.can(documentPathOfKind(document.kind), 'Read', document.tenantOid);

/**
 * The document viewer's reads (docs/documents.md): `GET /api/documents/{group}/{type}` lists the documents of a type
 * with the query of the data grids, `GET /api/documents/receipt/by-uid/{uid}` answers one with its content. Only
 * documents of the caller's tenants where the caller holds Read on the type's path, inside the scope headers.
 * `GET /api/documents/scope-options` answers the query form's locations and terminals.
 */
export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): Promise<void> {
  const { db, resolveContext, catalogue } = options;
  const articleLink = articleLinker(options.navigation);

  app.get<{ Querystring: { tenant?: number } }>(
    '/api/documents/scope-options',
    { schema: SCOPE_OPTIONS_ROUTE_SCHEMA },
    async (request) => {
      const context = await resolveContext(request);
      return documentScopeOptions(db, catalogue, context, tenantsAsked(context, request.query.tenant));
    },
  );
  const tables: DocumentTables = { locationTable: entityTableName('tenancy', 'location'), terminalTable: entityTableName('tenancy', 'pos-terminal') };

  app.get<{ Params: { group: string; type: string }; Querystring: DocumentListQuery }>(
    '/api/documents/:group/:type',
    { schema: DOCUMENT_LIST_ROUTE_SCHEMA },
    async (request) => {
      const context = await resolveContext(request);
      const type = documentTypeNamed(request.params.type)!;
      const path = documentTypePath(type.type);
      const readable = tenantsAsked(context, request.query.tenant).filter((tenantOid) => context.can(path, 'Read', tenantOid));
      if (readable.length === 0) throw new ApiError(403, `Not permitted: Read on ${path}.`);
      const { amountMin, amountMax } = request.query;
      if (amountMin !== undefined && amountMax !== undefined && amountMin > amountMax) throw new ApiError(400, 'amountMin must not be above amountMax.', { errors: { amountMin: ['must not be above amountMax'] } });
      const { from, to } = request.query;
      if (from !== undefined && to !== undefined && from > to) throw new ApiError(400, 'from must not be after to.', { errors: { from: ['must not be after to'] } });
      return listDocuments(db, tables, { tenantOids: readable, kind: type.kind, locationOid: context.locationOid, terminalOid: context.terminalOid }, request.query);
    },
  );

  app.get<{ Params: { uid: string }; Querystring: { tenant?: number } }>(
    '/api/documents/receipt/by-uid/:uid',
    { schema: DOCUMENT_DETAIL_ROUTE_SCHEMA },
    async (request) => {
      const context = await resolveContext(request);
      const { uid } = request.params;
      const found = (await findDocumentsByUid(db, tables, uid, tenantsAsked(context, request.query.tenant))).filter((document) => inScope(context, document));
      if (found.length === 0) throw new ApiError(404, `Document ${uid} does not exist.`);
      const document = found.find((candidate) => mayRead(context, candidate));
      if (!document) throw new ApiError(403, `Not permitted: Read on ${documentPathOfKind(found[0]!.kind)}.`);
      const detail = await documentDetail(db, tables, document);
      // The original and the corrections are documents of other types: shown only where the caller may read them.
      const visible = (other: DocumentSummary) => inScope(context, other) && mayRead(context, other);
      return {
        ...detail,
        lines: detail.lines.map((line) => ({ ...line, articleLink: articleLink(context, document.tenantOid, line.articleNumber) })),
        original: detail.original && visible(detail.original) ? detail.original : null,
        corrections: detail.corrections.filter(visible),
        downloads: receiptDownloads(detail.uid, detail.id),
      };
    },
  );
}
