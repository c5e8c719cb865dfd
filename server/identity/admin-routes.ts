import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import { explainPermission } from './effective-permission';
import type { IdentityServices } from './identity-services';
import { WHY_ROUTE_SCHEMA } from './permission-matrix-schemas';
import { decisionsInTenant, loadUserPermissions } from './permission-store';
import { findUserByOid } from './user-store';

function wholeNumber(raw: string | undefined, field: string): number {
  if (raw === undefined || raw === '') throw new ApiError(400, `The query parameter ${field} is required.`, { errors: { [field]: ['is required'] } });
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(400, `The query parameter ${field} must be a whole number.`, { errors: { [field]: ['must be a whole number'] } });
  return Number(raw);
}

/** Administrators' views: the "why" of a permission (the outbox: outbox-routes.ts). */
export function registerAdminRoutes(app: FastifyInstance, services: IdentityServices): void {

  // `?userOid=&path=&action=&tenantOid=` (tenantOid absent: Global only): which decision decides, for the "why" view.
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/admin/permissions/why', { schema: WHY_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    if (!context.can('/admin/permissions', 'Read')) throw new ApiError(403, 'Explaining permissions needs the permission Read on /admin/permissions.');
    const { path, action } = request.query;
    const userOid = wholeNumber(request.query.userOid, 'userOid');
    const tenantOid = request.query.tenantOid ? wholeNumber(request.query.tenantOid, 'tenantOid') : null;
    if (!path || !path.startsWith('/')) throw new ApiError(400, 'The query parameter path must be a path like /data/area.', { errors: { path: ['must start with /'] } });
    if (!(PERMISSION_ACTIONS as readonly string[]).includes(action ?? '')) {
      throw new ApiError(400, `The query parameter action must be one of ${PERMISSION_ACTIONS.join(', ')}.`, { errors: { action: [`must be one of ${PERMISSION_ACTIONS.join(', ')}`] } });
    }
    if (!(await findUserByOid(services.db, userOid))) throw new ApiError(404, `There is no user with oid ${userOid}.`);
    const permissions = await loadUserPermissions(services.db, userOid);
    return explainPermission(decisionsInTenant(permissions, tenantOid), path, action as PermissionAction, tenantOid);
  });
}
