import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { PermissionAction } from '../lib/request-context';
import { reachOf, requireDecisionInReach, requireSubjectInReach } from './delegation';
import type { IdentityServices } from './identity-services';
import { navigationPaths } from './navigation-paths';
import { registerPermissionMatrixCheckboxRoutes } from './permission-matrix-checkbox-routes';
import { ADMIN_PERMISSIONS_PATH, parseAction, parseDecision, parsePath, parseSubject, parseTenantOid, requirePermissionAdmin, subjectKey } from './permission-matrix-input';
import { listRoles, listUsers, subjectDecisions, subjectExists, tenantColumns, type PermissionSubject } from './permission-matrix-store';
import { buildPermissionTree, matrixRow, permissionMatrixRows, titleLanguages, type PermissionTreeNode } from './permission-matrix-tree';
import { MATRIX_CELL_ROUTE_SCHEMA, MATRIX_ROUTE_SCHEMA, SUBJECTS_ROUTE_SCHEMA } from './permission-matrix-schemas';
import { bodyObject, refuseUnknownFields } from './request-body';
import { setPermission } from './user-admin';

/** The permission tree for a request: navigation titles in its language, plus paths the decisions name. */
export function requestTree(services: IdentityServices, request: FastifyRequest, extraPaths: readonly string[]): PermissionTreeNode[] {
  return buildPermissionTree(services.navigation, titleLanguages(request.headers['accept-language']), extraPaths);
}

async function existingSubject(services: IdentityServices, raw: unknown): Promise<PermissionSubject> {
  const subject = parseSubject(raw);
  if (!(await subjectExists(services.db, subject))) throw new ApiError(404, `There is no ${subjectKey(subject).replace(':', ' with oid ')}.`);
  return subject;
}

/**
 * The permission administration (docs/permissions.md "Administration"): the subject lists, the matrix of one role or
 * user for one action, and the checkbox trees. Everything needs Read on /admin/permissions, changes Update too; a
 * tenant column is only shown and changed in the caller's own tenants.
 */
export function permissionMatrixRoutes(app: FastifyInstance, services: IdentityServices): void {
  app.get('/api/admin/permissions/subjects', { schema: SUBJECTS_ROUTE_SCHEMA }, async (request) => {
    requirePermissionAdmin(await services.resolve(request), false);
    const [roles, users] = await Promise.all([listRoles(services.db), listUsers(services.db)]);
    return { roles, users };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/admin/permissions/matrix', { schema: MATRIX_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    requirePermissionAdmin(context, false);
    const action = parseAction(request.query.action);
    const subject = await existingSubject(services, request.query.subject);
    const decisions = await subjectDecisions(services.db, subject, action);
    const tenants = await tenantColumns(services.db, context.tenantOids);
    const tenantOids = tenants.map((tenant) => tenant.oid);
    const tree = requestTree(services, request, decisions.map((d) => d.path));
    return { subject: subjectKey(subject), action, rows: permissionMatrixRows(tree, decisions, tenantOids), tenants };
  });

  app.put('/api/admin/permissions/matrix', { schema: MATRIX_CELL_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    requirePermissionAdmin(context, true);
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['subject', 'path', 'tenantOid', 'action', 'value']);
    const subject = parseSubject(body.subject);
    const path = parsePath(body.path);
    const action: PermissionAction = parseAction(body.action);
    const tenantOid = parseTenantOid(body.tenantOid);
    const value = parseDecision(body.value);
    // A tenant column can only be changed by someone who administers permissions in that tenant (and belongs to it).
    requirePermissionAdmin(context, true, tenantOid);
    if (!(await subjectExists(services.db, subject))) throw new ApiError(404, `There is no ${subjectKey(subject).replace(':', ' with oid ')}.`);
    // Delegated administration: only subjects, columns and rights inside the caller's own reach (docs/permissions.md).
    const reach = reachOf(context, ADMIN_PERMISSIONS_PATH, 'Update');
    await requireSubjectInReach(services.db, context, reach, subject, navigationPaths(services.navigation));
    requireDecisionInReach(context, reach, path, action, tenantOid);
    await setPermission(services.db, { subject, path, tenantOid, action, allowed: value });
    const decisions = await subjectDecisions(services.db, subject, action);
    const tree = requestTree(services, request, [path]);
    const node = tree.find((candidate) => candidate.p === path)!;
    return { subject: subjectKey(subject), action, row: matrixRow(node, decisions, context.tenantOids) };
  });

  registerPermissionMatrixCheckboxRoutes(app, services);
}
