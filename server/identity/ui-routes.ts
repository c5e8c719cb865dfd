import type { FastifyInstance } from 'fastify';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import { avatarHash } from './avatar';
import type { IdentityServices } from './identity-services';
import { navigationPaths, navigationProgress } from './navigation-paths';

/** Profile, permissions, navigation and progress of the signed-in user. */
export function registerUiRoutes(app: FastifyInstance, services: IdentityServices): void {
  app.get('/api/user/profile', async (request) => {
    const { user, tenantOids } = await services.resolve(request);
    return {
      userOid: user.oid,
      username: user.username,
      emailAddress: user.email,
      firstname: user.firstName,
      lastname: user.lastName,
      avatarHash: user.email ? avatarHash(user.email) : null,
      rootTenantOid: user.rootTenantOid,
      tenantOids,
      primaryTenantOid: user.primaryTenantOid,
    };
  });

  // Per path with any allowed action in the current tenant; paths are the navigation's and those with decisions.
  app.get('/api/ui/permissions', async (request) => {
    const context = await services.resolve(request);
    const decided = [...context.permissions.userDecisions, ...context.permissions.roleDecisions].map((d) => d.path);
    const paths = [...new Set([...navigationPaths(services.navigation), ...decided])].sort();
    const entries: Record<string, Record<PermissionAction, boolean>> = {};
    for (const path of paths) {
      const entry = Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, context.can(path, action)])) as Record<PermissionAction, boolean>;
      if (Object.values(entry).some(Boolean)) entries[path] = entry;
    }
    return entries;
  });

  // The whole list: the browser hides what /api/ui/permissions does not allow in the current tenant, and must know a
  // page it may not open to send the user to 'forbidden' rather than 'not found' (spec 1 §4 "Page access"). What a
  // page shows is authorised on the server by every call it makes.
  app.get('/api/ui/navigation', async (request) => {
    await services.resolve(request);
    return services.navigation;
  });

  app.get('/api/ui/progress', async (request) => {
    await services.resolve(request);
    return navigationProgress(services.navigation);
  });
}
