// The UI's start calls' contracts (docs/auth.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).
// Fastify's serialiser writes only the properties an answer's schema names: the profile names every property its
// handler sends, in its order; answers keyed by navigation path, and the navigation itself (items as the navigation
// files declare them, their keys in the files' order), are open objects the serialiser passes through unchanged.

import { errorResponses } from '../api-docs/openapi-fragments';

const tags = ['ui'];
/** The refusals of a signed-in call with the scope headers (the UI's start calls, logout). */
export const SIGNED_IN_REFUSALS = errorResponses({
  400: 'A bad x-mate-tenant (or other scope) header',
  401: 'No valid access token',
  403: 'The x-mate-tenant header names a tenant you do not belong to',
});

const NULLABLE_STRING = { type: ['string', 'null'] } as const;
const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;

/** `GET /api/user/profile`. */
export const PROFILE_ROUTE_SCHEMA = {
  tags: ['user'],
  summary: 'The signed-in user',
  response: {
    200: {
      description: 'The user and their tenants',
      type: 'object',
      properties: {
        userOid: { type: 'integer' },
        username: { type: 'string' },
        emailAddress: NULLABLE_STRING,
        firstname: NULLABLE_STRING,
        lastname: NULLABLE_STRING,
        avatarHash: { ...NULLABLE_STRING, description: 'for /api/avatar/{hash}; null without an e-mail address' },
        rootTenantOid: NULLABLE_INTEGER,
        tenantOids: { type: 'array', items: { type: 'integer' } },
        primaryTenantOid: NULLABLE_INTEGER,
      },
      required: ['userOid', 'username', 'emailAddress', 'firstname', 'lastname', 'avatarHash', 'rootTenantOid', 'tenantOids', 'primaryTenantOid'],
    },
    ...SIGNED_IN_REFUSALS,
  },
} as const;

/** `GET /api/ui/permissions`. */
export const PERMISSIONS_ROUTE_SCHEMA = {
  tags,
  summary: 'Per navigation path, the actions the user may take in the current tenant (paths with at least one)',
  response: {
    200: {
      description: 'Navigation path to action (Read, Create, Update, Delete, Demand, Patch) to allowed',
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'boolean' } },
    },
    ...SIGNED_IN_REFUSALS,
  },
} as const;

/** `GET /api/ui/navigation`. */
export const NAVIGATION_ROUTE_SCHEMA = {
  tags,
  summary: 'The navigation the user may know in the current tenant: pages they hold a right on, in-progress pages only with the test-mode right, groups with something left',
  response: {
    200: {
      description: 'The navigation items: path, title, icon, component, entity, state, ignorePermissions, children (the same shape)',
      type: 'array',
      items: { type: 'object', additionalProperties: true },
    },
    ...SIGNED_IN_REFUSALS,
  },
} as const;

/** `GET /api/ui/page-access`. */
export const PAGE_ACCESS_ROUTE_SCHEMA = {
  tags,
  summary: "The navigation page a browser path belongs to (null: no page), so the browser can tell 'forbidden' from 'not found'",
  querystring: {
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^/', description: 'A browser path, e.g. /admin/permissions' } },
  },
  response: {
    200: { description: 'The owning page', type: 'object', additionalProperties: false, required: ['page'], properties: { page: { type: ['string', 'null'] } } },
    ...SIGNED_IN_REFUSALS,
    400: { description: 'A missing or relative path, another parameter, or a bad scope header' },
  },
} as const;

/** `GET /api/ui/progress`. */
export const PROGRESS_ROUTE_SCHEMA = {
  tags,
  summary: 'The items with a state (in progress) of the navigation the user may know, by path',
  response: {
    200: { description: 'Navigation path to its state', type: 'object', additionalProperties: { type: 'boolean' } },
    ...SIGNED_IN_REFUSALS,
  },
} as const;
