import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { Catalogue, EntityKind } from '../data/catalogue';
import { permissionPath, RECORD_PARAMS, type RecordParams } from '../data/data-request';
import { dataAccess } from '../data/data-access';
import { rowScopeOf } from '../data/row-scope';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { ACTIVITY_ROUTE_SCHEMA, HISTORY_QUERYSTRING, HISTORY_SCHEMA } from './audit-schemas';
import { activity, recordHistory } from './audit-store';

export interface AuditRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

interface ActivityQuery {
  user?: string;
  kind?: string;
  from?: string;
  to?: string;
  take: number;
  before?: number;
  tenantOid?: string;
}

/** The caller's context with the `tenantOid` query checked as the data service checks it. */
async function contextOf(request: FastifyRequest, resolve: ContextResolver, tenantOid: string | undefined): Promise<RequestContext> {
  const context = await resolve(request);
  if (tenantOid !== undefined && tenantOid !== '') {
    if (!/^\d+$/.test(tenantOid)) throw new ApiError(400, "Invalid query parameter 'tenantOid': must be a tenant's oid.", { errors: { tenantOid: ['must be a whole number'] } });
    if (Number(tenantOid) !== context.tenantOid) throw new ApiError(403, `Tenant ${tenantOid} is not the tenant of this request.`);
  }
  return context;
}

/** Whether the caller may read the kind's records in the request's tenant (the right the record's history needs). */
function readable(kind: EntityKind, context: RequestContext): boolean {
  if (!kind.operations.has('read') && !kind.operations.has('list')) return false;
  if (kind.tenantScoped && context.tenantOid === undefined) return false;
  return context.can(permissionPath(kind), 'Read', context.tenantOid);
}

/**
 * The audit trail's reads (docs/audit.md): a record's history under the data service's path, and the activity across
 * kinds. Both show only what the caller could read: kinds they hold Read on, rows of their tenant, and within a
 * pinned location or terminal only records that are there now.
 */
export async function auditRoutes(app: FastifyInstance, options: AuditRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext } = options;
  const access = dataAccess(app, catalogue, resolveContext);

  app.get<{ Params: RecordParams; Querystring: { take: number; before?: number } }>(
    '/api/data/:area/:entity/:id/history',
    { ...access('read'), schema: { params: RECORD_PARAMS, querystring: HISTORY_QUERYSTRING, response: { 200: HISTORY_SCHEMA } } },
    async (request) => {
      const { dataKind: kind, dataContext: context } = request;
      return recordHistory(db, kind, rowScopeOf(kind, context), request.params.id, request.query);
    },
  );

  app.get<{ Querystring: ActivityQuery }>('/api/audit/activity', { schema: ACTIVITY_ROUTE_SCHEMA }, async (request) => {
    const query = request.query;
    const context = await contextOf(request, resolveContext, query.tenantOid);
    let kinds = catalogue.kinds;
    if (query.kind !== undefined) {
      const [area = '', entity = ''] = query.kind.split('/');
      const kind = catalogue.find(area, entity);
      if (!kind) throw new ApiError(400, `Unknown kind '${query.kind}' in query parameter 'kind'.`, { errors: { kind: ['not a kind of the catalogue'] } });
      if (!readable(kind, context)) throw new ApiError(403, `Not permitted: Read on ${permissionPath(kind)}.`);
      kinds = [kind];
    }
    if (query.from !== undefined && query.to !== undefined && Date.parse(query.from) > Date.parse(query.to)) {
      throw new ApiError(400, "Query parameter 'from' is after 'to'.", { errors: { from: ['must not be after to'] } });
    }
    const visible = kinds.filter((kind) => readable(kind, context)).map((kind) => ({ kind, scope: rowScopeOf(kind, context) }));
    return activity(db, visible, query);
  });
}
