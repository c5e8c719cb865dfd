import type { FastifyInstance } from 'fastify';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import { avatarHash } from './avatar';
import type { IdentityContext } from './context-resolver';
import type { IdentityServices } from './identity-services';
import { navigationForUser, owningPage } from './navigation-for-user';
import { navigationPaths, navigationProgress } from './navigation-paths';
import { NAVIGATION_ROUTE_SCHEMA, PAGE_ACCESS_ROUTE_SCHEMA, PERMISSIONS_ROUTE_SCHEMA, PROFILE_ROUTE_SCHEMA, PROGRESS_ROUTE_SCHEMA } from './ui-schemas';

/** The path whose rights allow test mode (spec 1 §6); only its holders learn of in-progress pages. */
const TEST_MODE_PATH = '/internal/test-mode';

/** Profile, permissions, navigation and progress of the signed-in user. */
export function registerUiRoutes(app: FastifyInstance, services: IdentityServices): void {
  app.get('/api/user/profile', { schema: PROFILE_ROUTE_SCHEMA }, async (request) => {
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
  app.get('/api/ui/permissions', { schema: PERMISSIONS_ROUTE_SCHEMA }, async (request) => {
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

  // What this user may know of the navigation in the current tenant (navigation-for-user.ts): the browser builds its
  // menu and routes from it, so a page outside it is 'not found' until /api/ui/page-access says it is forbidden.
  const userNavigation = (context: IdentityContext) =>
    navigationForUser(services.navigation, {
      mayOpen: (path) => PERMISSION_ACTIONS.some((action) => context.can(path, action)),
      mayTest: PERMISSION_ACTIONS.some((action) => context.can(TEST_MODE_PATH, action)),
    });

  app.get('/api/ui/navigation', { schema: NAVIGATION_ROUTE_SCHEMA }, async (request) => userNavigation(await services.resolve(request)));

  // A browser path outside the user's navigation: is it a page they may not open (spec 1 §4: go to 'forbidden' with
  // the requested path) or no page at all? Answers only the owning page's path, never its title or its neighbours,
  // so what a user learns is what the spec's forbidden page tells them anyway: that the address they typed exists.
  app.get<{ Querystring: { path: string } }>('/api/ui/page-access', { schema: PAGE_ACCESS_ROUTE_SCHEMA }, async (request) => {
    await services.resolve(request);
    return { page: owningPage(services.navigation, request.query.path)?.path ?? null };
  });

  app.get('/api/ui/progress', { schema: PROGRESS_ROUTE_SCHEMA }, async (request) => {
    return navigationProgress(userNavigation(await services.resolve(request)));
  });
}
