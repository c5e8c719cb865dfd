// The contracts of the permission checkbox trees per tenant column (permission-matrix-checkbox-routes.ts): a user's
// roles, a role's and a user's own permissions for one action; also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts). The handlers check the path's oid, the query and the body themselves, each
// refusal naming the field with the handler's message: the parameters are named without a type, and the bodies are
// described in OpenAPI's form only. The answers name every property their handlers send, in the handlers' order.

import { bodyCheckedInCode, errorResponses } from '../api-docs/openapi-fragments';
import { ACTION_SCHEMA, PERMISSION_ADMIN_REFUSALS, TENANT_COLUMN_PROPERTIES, TREE_NODE_PROPERTIES } from './permission-matrix-schemas';

const tags = ['permissions'];
const ACTIONS = ACTION_SCHEMA.enum.join(', ');

const oidParams = (whose: string) => ({ type: 'object', properties: { oid: { description: `the ${whose}'s oid, a whole number` } } }) as const;

/**
 * A column of a tree: Global (`oid` null, nothing else), or a tenant with its Id and country. No `required`: the
 * serialiser writes required members first, and a tenant's id and country come between its oid and its rows.
 */
const column = <P extends Record<string, unknown>>(what: P, always: string) =>
  ({
    type: 'object',
    description: `Global (oid null, no id or country), then the caller's tenants by Id (for a user, only the user's); oid and ${always} always there`,
    properties: { ...TENANT_COLUMN_PROPERTIES, oid: { type: ['integer', 'null'], description: 'null: Global, every tenant' }, ...what },
  }) as const;

/** The `tenants` a PUT replaces, each entry naming its column; columns left out stay as they are. */
const replacedColumns = <E extends Record<string, unknown>>(entry: E, entryRequired: string, other: Record<string, unknown> = {}) =>
  bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    properties: {
      ...other,
      tenants: {
        type: 'array',
        items: { type: 'object', properties: { oid: { type: ['integer', 'null'], minimum: 1, description: 'the column: a tenant of yours, or null (absent) for Global' }, ...entry }, required: [entryRequired] },
      },
    },
    required: ['tenants'],
  });

const ROLES_ANSWER = {
  description: "The user's columns, each with every role and whether the user holds it there",
  type: 'object',
  properties: {
    tenants: {
      type: 'array',
      items: column(
        {
          roles: {
            type: 'array',
            items: { type: 'object', properties: { oid: { type: 'integer' }, name: { type: 'string' }, disabled: { type: 'boolean' }, held: { type: 'boolean' } }, required: ['oid', 'name', 'disabled', 'held'] },
          },
        },
        'roles',
      ),
    },
  },
  required: ['tenants'],
} as const;

const PERMISSIONS_ANSWER = {
  description: 'The columns, each with the whole tree: what the subject\'s own decisions give there, and the decision of its own',
  type: 'object',
  properties: {
    subject: { type: 'string', description: "'role:<oid>' or 'user:<oid>'" },
    action: ACTION_SCHEMA,
    tenants: {
      type: 'array',
      items: column(
        {
          paths: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                ...TREE_NODE_PROPERTIES,
                allowed: { type: 'boolean', description: "what the subject's own decisions give: the nearest path with one, the tenant's before Global" },
                decision: { type: ['boolean', 'null'], description: 'the decision stored at this path and column; null: inherited' },
              },
              required: ['p', 'pp', 'text', 'allowed', 'decision'],
            },
          },
        },
        'paths',
      ),
    },
  },
  required: ['subject', 'action', 'tenants'],
} as const;

const unknown = (what: string) => ({ description: `No such ${what}` });

/** `GET /api/admin/users/{oid}/roles`. */
export const USER_ROLES_ROUTE_SCHEMA = {
  tags,
  summary: "A user's roles per tenant column (Read on /admin/permissions)",
  params: oidParams('user'),
  response: { 200: ROLES_ANSWER, ...PERMISSION_ADMIN_REFUSALS, 400: { description: 'A bad oid, or a bad scope header' }, 404: unknown('user') },
} as const;

/** `PUT /api/admin/users/{oid}/roles`. */
export const SET_USER_ROLES_ROUTE_SCHEMA = {
  tags,
  summary: "Replace a user's roles in the columns named; ends the user's tokens (Update on /admin/permissions)",
  params: oidParams('user'),
  requestBody: replacedColumns(
    { roles: { type: 'array', items: { type: 'object', properties: { oid: { type: 'integer', description: 'an existing role' }, held: { type: 'boolean', description: 'only true grants' } }, required: ['oid'] } } },
    'roles',
  ),
  response: {
    200: { ...ROLES_ANSWER, description: 'The roles as they are now' },
    ...PERMISSION_ADMIN_REFUSALS,
    ...errorResponses({
      400: 'A bad oid or field, a column you cannot change or an unknown role (errors name it), or a bad scope header',
      403: 'Needs Read and Update on /admin/permissions in each column; a role or user outside your reach (delegated administration); or a bad x-mate-tenant header',
      404: 'No such user',
      409: 'The change would leave no administrator',
    }),
  },
} as const;

/** `GET /api/admin/roles/{oid}/permissions` and `GET /api/admin/users/{oid}/permissions`. */
export const permissionsRouteSchema = (kind: 'role' | 'user') =>
  ({
    tags,
    summary: `The checkbox tree of a ${kind}'s own permissions for one action, per tenant column (Read on /admin/permissions)`,
    params: oidParams(kind),
    querystring: { type: 'object', properties: { action: { description: `${ACTIONS}; default Read` } } },
    response: { 200: PERMISSIONS_ANSWER, ...PERMISSION_ADMIN_REFUSALS, 400: { description: 'A bad oid or action (errors name it), or a bad scope header' }, 404: unknown(kind) },
  }) as const;

/** `PUT /api/admin/roles/{oid}/permissions` and `PUT /api/admin/users/{oid}/permissions`. */
export const setPermissionsRouteSchema = (kind: 'role' | 'user') =>
  ({
    tags,
    summary: `Make a ${kind}'s checkbox tree read as given in the columns named, storing only decisions that differ from what is inherited (Update on /admin/permissions)`,
    params: oidParams(kind),
    requestBody: replacedColumns(
      { paths: { type: 'array', items: { type: 'object', properties: { p: { type: 'string', description: 'a permission path like /data/area' }, allowed: { type: 'boolean' } }, required: ['p', 'allowed'] }, description: 'paths left out keep their decisions' } },
      'paths',
      { action: { ...ACTION_SCHEMA, default: 'Read' } },
    ),
    response: {
      200: { ...PERMISSIONS_ANSWER, description: 'The tree as it is now' },
      ...PERMISSION_ADMIN_REFUSALS,
      ...errorResponses({
        400: 'A bad oid, action or field, or a column you cannot change (errors name it), or a bad scope header',
        403: 'Needs Read and Update on /admin/permissions in each column; the subject or a right outside your reach (delegated administration); or a bad x-mate-tenant header',
        404: `No such ${kind}`,
      }),
      ...(kind === 'role' ? errorResponses({ 409: 'The role is a system role, whose decisions are fixed' }) : {}),
    },
  }) as const;
