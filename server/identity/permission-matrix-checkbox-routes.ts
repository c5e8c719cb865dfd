import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { PermissionAction } from '../lib/request-context';
import type { IdentityContext } from './context-resolver';
import { reachOf, requireDecisionInReach, requireSubjectInReach } from './delegation';
import { requireRoleChangesInReach } from './role-changes';
import { publishIdentityEvent } from './identity-data-events';
import type { IdentityServices } from './identity-services';
import { navigationPaths } from './navigation-paths';
import { permissionsRouteSchema, SET_USER_ROLES_ROUTE_SCHEMA, setPermissionsRouteSchema, USER_ROLES_ROUTE_SCHEMA } from './permission-checkbox-schemas';
import { ADMIN_PERMISSIONS_PATH, parseAction, parseOid, parseTenantOid, requirePermissionAdmin, subjectKey } from './permission-matrix-input';
import { listRoles, subjectDecisions, subjectExists, tenantColumns, userRoleAssignments, type PermissionSubject, type TenantColumn } from './permission-matrix-store';
import { buildPermissionTree, checkboxChanges, subjectAllows, titleLanguages } from './permission-matrix-tree';
import { bodyObject, refuseUnknownFields } from './request-body';
import { setPermission, setUserRoles } from './user-admin';
import { userTenantOids } from './user-store';

/** A checkbox tree column: null is "every tenant" / Global. */
type Column = { oid: null } | TenantColumn;

/** The columns of a checkbox tree: Global, then the caller's tenants (for a user, only those the user belongs to). */
async function columnsFor(services: IdentityServices, context: IdentityContext, userOid?: number): Promise<Column[]> {
  const userTenants = userOid === undefined ? undefined : new Set(await userTenantOids(services.db, userOid));
  const visible = context.tenantOids.filter((oid) => !userTenants || userTenants.has(oid));
  return [{ oid: null }, ...(await tenantColumns(services.db, visible))];
}

/** The `tenants` array of a PUT body, each entry's oid checked to be a column the caller may change. */
function bodyColumns(request: FastifyRequest, context: IdentityContext, columns: Column[], known: string[]): { oid: number | null; entry: Record<string, unknown> }[] {
  const body = bodyObject(request.body);
  refuseUnknownFields(body, known);
  if (!Array.isArray(body.tenants)) throw new ApiError(400, 'The field tenants must be a list.', { errors: { tenants: ['must be a list'] } });
  return body.tenants.map((raw: unknown, index) => {
    const entry = bodyObject(raw);
    const oid = parseTenantOid(entry.oid, `tenants[${index}].oid`);
    if (!columns.some((column) => column.oid === oid)) {
      throw new ApiError(400, `The tenant ${oid} is not one of the columns you can change.`, { errors: { [`tenants[${index}].oid`]: ['is not a column you can change'] } });
    }
    requirePermissionAdmin(context, true, oid);
    return { oid, entry };
  });
}

async function userRolesAnswer(services: IdentityServices, context: IdentityContext, userOid: number) {
  const [columns, roles, held] = await Promise.all([columnsFor(services, context, userOid), listRoles(services.db), userRoleAssignments(services.db, userOid)]);
  return {
    tenants: columns.map((column) => ({
      ...column,
      roles: roles.map((role) => ({ ...role, held: held.some((a) => a.roleOid === role.oid && a.tenantOid === column.oid) })),
    })),
  };
}

async function permissionsAnswer(services: IdentityServices, context: IdentityContext, request: FastifyRequest, subject: PermissionSubject, action: PermissionAction) {
  const columns = await columnsFor(services, context, 'userOid' in subject ? subject.userOid : undefined);
  const decisions = await subjectDecisions(services.db, subject, action);
  const tree = buildPermissionTree(services.navigation, titleLanguages(request.headers['accept-language']), decisions.map((d) => d.path));
  return {
    subject: subjectKey(subject),
    action,
    tenants: columns.map((column) => ({
      ...column,
      paths: tree.map((node) => ({
        ...node,
        allowed: subjectAllows(decisions, node.p, column.oid),
        decision: decisions.find((d) => d.path === node.p && d.tenantOid === column.oid)?.allowed ?? null,
      })),
    })),
  };
}

/**
 * The checkbox trees of spec 1 §6 per tenant: a user's roles, a role's and a user's own permissions for one action.
 * A PUT names the columns it replaces; columns it leaves out, and tenants the caller cannot see, stay as they are.
 */
export function registerPermissionMatrixCheckboxRoutes(app: FastifyInstance, services: IdentityServices): void {
  const knownPaths = navigationPaths(services.navigation);
  app.get<{ Params: { oid: string } }>('/api/admin/users/:oid/roles', { schema: USER_ROLES_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    requirePermissionAdmin(context, false);
    const userOid = parseOid(request.params.oid);
    if (!(await subjectExists(services.db, { userOid }))) throw new ApiError(404, `There is no user with oid ${userOid}.`);
    return userRolesAnswer(services, context, userOid);
  });

  app.put<{ Params: { oid: string } }>('/api/admin/users/:oid/roles', { schema: SET_USER_ROLES_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    requirePermissionAdmin(context, true);
    const userOid = parseOid(request.params.oid);
    if (!(await subjectExists(services.db, { userOid }))) throw new ApiError(404, `There is no user with oid ${userOid}.`);
    const columns = await columnsFor(services, context, userOid);
    const roleOids = new Set((await listRoles(services.db)).map((role) => role.oid));
    const replaced = bodyColumns(request, context, columns, ['tenants']);
    const wanted = replaced.flatMap(({ oid, entry }, index) => {
      if (!Array.isArray(entry.roles)) throw new ApiError(400, `The field tenants[${index}].roles must be a list.`, { errors: { [`tenants[${index}].roles`]: ['must be a list'] } });
      return entry.roles.flatMap((raw: unknown) => {
        const role = bodyObject(raw);
        const roleOid = Number(role.oid);
        if (!roleOids.has(roleOid)) throw new ApiError(400, `There is no role with oid ${String(role.oid)}.`, { errors: { [`tenants[${index}].roles`]: [`role ${String(role.oid)} does not exist`] } });
        return role.held === true ? [{ roleOid, tenantOid: oid }] : [];
      });
    });
    const replacedOids = new Set(replaced.map((column) => column.oid));
    const held = await userRoleAssignments(services.db, userOid);
    const kept = held.filter((a) => !replacedOids.has(a.tenantOid));
    await requireRoleChangesInReach(services.db, context, userOid, held, wanted.filter((a) => replacedOids.has(a.tenantOid)), replacedOids, knownPaths);
    // setUserRoles replaces all and revokes the user's tokens, so a removed role cannot outlive the change.
    await setUserRoles(services.db, userOid, [...kept, ...wanted]);
    // The user's record got a new ETag (its Roles tab changed): open editors and grids hear of it like any write.
    await publishIdentityEvent(services.db, services.events, 'DataServiceUpdate', 'user', userOid).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not publish a data event'),
    );
    return userRolesAnswer(services, context, userOid);
  });

  for (const kind of ['roles', 'users'] as const) {
    const subjectOf = (oid: number): PermissionSubject => (kind === 'roles' ? { roleOid: oid } : { userOid: oid });

    app.get<{ Params: { oid: string }; Querystring: Record<string, string | undefined> }>(`/api/admin/${kind}/:oid/permissions`, { schema: permissionsRouteSchema(kind === 'roles' ? 'role' : 'user') }, async (request) => {
      const context = await services.resolve(request);
      requirePermissionAdmin(context, false);
      const subject = subjectOf(parseOid(request.params.oid));
      const action = parseAction(request.query.action);
      if (!(await subjectExists(services.db, subject))) throw new ApiError(404, `There is no ${subjectKey(subject).replace(':', ' with oid ')}.`);
      return permissionsAnswer(services, context, request, subject, action);
    });

    app.put<{ Params: { oid: string } }>(`/api/admin/${kind}/:oid/permissions`, { schema: setPermissionsRouteSchema(kind === 'roles' ? 'role' : 'user') }, async (request) => {
      const context = await services.resolve(request);
      requirePermissionAdmin(context, true);
      const subject = subjectOf(parseOid(request.params.oid));
      if (!(await subjectExists(services.db, subject))) throw new ApiError(404, `There is no ${subjectKey(subject).replace(':', ' with oid ')}.`);
      const action = parseAction(bodyObject(request.body).action);
      const columns = await columnsFor(services, context, 'userOid' in subject ? subject.userOid : undefined);
      const replaced = bodyColumns(request, context, columns, ['action', 'tenants']);
      const reach = reachOf(context, ADMIN_PERMISSIONS_PATH, 'Update');
      await requireSubjectInReach(services.db, context, reach, subject, knownPaths);
      await services.db.transaction(async (tx) => {
        // Global first: a tenant column's wish is measured against what it would inherit after Global changed.
        for (const [index, { oid, entry }] of [...replaced.entries()].sort(([, a], [, b]) => (a.oid === null ? 0 : 1) - (b.oid === null ? 0 : 1))) {
          if (!Array.isArray(entry.paths)) throw new ApiError(400, `The field tenants[${index}].paths must be a list.`, { errors: { [`tenants[${index}].paths`]: ['must be a list'] } });
          const wanted = new Map<string, boolean>();
          for (const raw of entry.paths as unknown[]) {
            const item = bodyObject(raw);
            if (typeof item.p !== 'string' || !/^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/.test(item.p) || typeof item.allowed !== 'boolean') {
              throw new ApiError(400, `Each of tenants[${index}].paths needs a path p and allowed true or false.`, { errors: { [`tenants[${index}].paths`]: ['needs p and allowed'] } });
            }
            wanted.set(item.p, item.allowed);
          }
          const decisions = await subjectDecisions(tx, subject, action);
          for (const change of checkboxChanges(decisions, wanted, oid)) {
            requireDecisionInReach(context, reach, change.path, action, oid, `tenants[${index}].paths`);
            await setPermission(tx, { subject, path: change.path, tenantOid: oid, action, allowed: change.allowed });
          }
        }
      });
      return permissionsAnswer(services, context, request, subject, action);
    });
  }
}
