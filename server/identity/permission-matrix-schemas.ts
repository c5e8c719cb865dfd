// The contracts of the permission matrix (the subject lists, one subject's matrix for one action, one decision) and
// of its "why" view (docs/permissions.md "Administration"), also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts). The handlers check their query and body themselves (permission-matrix-input.ts,
// admin-routes.ts), each refusal naming the field with the handler's message: the query parameters are named
// without a type, required or enum, which would let Fastify refuse first with its own words, and the body is
// described in OpenAPI's form only. The answers name every property their handlers send, in the handlers' order.

import { bodyCheckedInCode, errorResponses } from '../api-docs/openapi-fragments';
import { PERMISSION_ACTIONS } from '../lib/request-context';

const tags = ['permissions'];
export const ACTION_SCHEMA = { type: 'string', enum: PERMISSION_ACTIONS } as const;
const ACTIONS = PERMISSION_ACTIONS.join(', ');
/** A cell of the matrix: true allowed, false denied, null inherit (no decision of its own). */
const DECISION = { type: ['boolean', 'null'] } as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;

/** The refusals every call of the permission administration shares (the context resolver's and the right). */
export const PERMISSION_ADMIN_REFUSALS = errorResponses({
  400: 'A bad x-mate-tenant (or other scope) header',
  401: 'No valid access token',
  403: 'Needs Read on /admin/permissions (changes Update too), or the x-mate-tenant header names a tenant you do not belong to',
});

/** A tenant column: oid, business key (Id) and country (ISO 3166-1 alpha-2, for the flag), ordered by Id. */
export const TENANT_COLUMN_PROPERTIES = {
  oid: { type: 'integer' },
  id: { type: 'string', description: "the tenant's Id" },
  country: { ...NULLABLE_STRING, description: "the tenant's country (ISO 3166-1 alpha-2), for the flag" },
} as const;

/** A row of the permission tree: the path, its parent row's path and its navigation title. */
export const TREE_NODE_PROPERTIES = {
  p: { type: 'string', description: 'the permission path' },
  pp: { ...NULLABLE_STRING, description: 'the nearest ancestor path that is a row too; null for /' },
  text: { type: 'string', description: "the navigation title in the caller's language (Accept-Language), else the path" },
} as const;

const matrixRow = {
  type: 'object',
  properties: {
    ...TREE_NODE_PROPERTIES,
    e: { ...DECISION, description: 'the Global column' },
    tenants: { type: 'object', additionalProperties: DECISION, description: 'tenant oid to the decision in that column' },
  },
  required: ['p', 'pp', 'text', 'e', 'tenants'],
} as const;

/** `GET /api/admin/permissions/subjects`. */
export const SUBJECTS_ROUTE_SCHEMA = {
  tags,
  summary: 'Roles and users the matrix can show (Read on /admin/permissions)',
  response: {
    200: {
      description: 'Every role by name (disabled ones too), every user by username',
      type: 'object',
      properties: {
        roles: {
          type: 'array',
          items: { type: 'object', properties: { oid: { type: 'integer' }, name: { type: 'string' }, disabled: { type: 'boolean' } }, required: ['oid', 'name', 'disabled'] },
        },
        users: {
          type: 'array',
          items: {
            type: 'object',
            properties: { oid: { type: 'integer' }, username: { type: 'string' }, firstName: NULLABLE_STRING, lastName: NULLABLE_STRING, disabled: { type: 'boolean' } },
            required: ['oid', 'username', 'firstName', 'lastName', 'disabled'],
          },
        },
      },
      required: ['roles', 'users'],
    },
    ...PERMISSION_ADMIN_REFUSALS,
  },
} as const;

/** `GET /api/admin/permissions/matrix`. */
export const MATRIX_ROUTE_SCHEMA = {
  tags,
  summary: 'The permission matrix of a role or user for one action: the tree with its Global and tenant columns',
  querystring: {
    type: 'object',
    properties: {
      subject: { description: "required: 'role:<oid>' or 'user:<oid>'" },
      action: { description: `${ACTIONS}; default Read` },
    },
  },
  response: {
    200: {
      description: "The rows depth first (children in navigation order) and the caller's tenants as columns",
      type: 'object',
      properties: {
        subject: { type: 'string', description: "'role:<oid>' or 'user:<oid>'" },
        action: ACTION_SCHEMA,
        rows: { type: 'array', items: matrixRow },
        tenants: { type: 'array', items: { type: 'object', properties: TENANT_COLUMN_PROPERTIES, required: ['oid', 'id', 'country'] } },
      },
      required: ['subject', 'action', 'rows', 'tenants'],
    },
    ...PERMISSION_ADMIN_REFUSALS,
    400: { description: 'A bad subject or action (errors name it), or a bad scope header' },
    404: { description: 'No such role or user' },
  },
} as const;

/** `PUT /api/admin/permissions/matrix`. */
export const MATRIX_CELL_ROUTE_SCHEMA = {
  tags,
  summary: 'Set or clear one decision of the matrix (Update on /admin/permissions, in the tenant of the column)',
  requestBody: bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    properties: {
      subject: { type: 'string', pattern: '^(role|user):\\d{1,15}$', description: "'role:<oid>' or 'user:<oid>'" },
      path: { type: 'string', maxLength: 300, description: 'a permission path like /data/area, or /' },
      action: { ...ACTION_SCHEMA, default: 'Read' },
      tenantOid: { type: ['integer', 'null'], minimum: 1, description: 'absent or null: the Global column' },
      value: { ...DECISION, description: 'true allow, false deny, null clear (inherit)' },
    },
    required: ['subject', 'path', 'value'],
  }),
  response: {
    200: {
      description: 'The changed row',
      type: 'object',
      properties: { subject: { type: 'string' }, action: ACTION_SCHEMA, row: { ...matrixRow, description: "the row with the caller's tenants as columns" } },
      required: ['subject', 'action', 'row'],
    },
    ...PERMISSION_ADMIN_REFUSALS,
    400: { description: 'A bad or unknown field (errors name it), or a bad scope header' },
    403: { description: 'Needs Read and Update on /admin/permissions in the column\'s tenant; the subject or the right is outside your reach (delegated administration); or a bad x-mate-tenant header' },
    404: { description: 'No such role or user' },
    409: { description: 'The role is a system role, whose decisions are fixed' },
  },
} as const;

const decision = {
  type: 'object',
  properties: {
    subject: { type: 'string', enum: ['user', 'role'], description: "user: the user's own decision" },
    roleName: { type: 'string', description: 'a role decision: the role' },
    roleOid: { type: 'integer', description: 'a role decision: the role' },
    path: { type: 'string' },
    tenantOid: { type: ['integer', 'null'], description: 'null: the Global column' },
    action: ACTION_SCHEMA,
    allowed: { type: 'boolean' },
  },
  // No `required`: the serialiser writes required members first, and a role's two come between subject and path.
  description: 'every member but roleName and roleOid is always there',
} as const;

/** `GET /api/admin/permissions/why`. */
export const WHY_ROUTE_SCHEMA = {
  tags,
  summary: 'Which decision decides a permission of a user, for the "why" view (Read on /admin/permissions)',
  querystring: {
    type: 'object',
    properties: {
      userOid: { description: 'required: the user, a whole number' },
      path: { description: 'required: a path starting with /' },
      action: { description: `required: ${ACTIONS}` },
      tenantOid: { description: 'a tenant oid; absent: the Global column (roles held in every tenant, Global decisions)' },
    },
  },
  response: {
    200: {
      description: 'The outcome, the deciding decision (null: nothing decided, denied) and a sentence saying it',
      type: 'object',
      properties: { allowed: { type: 'boolean' }, decidedBy: { ...decision, type: ['object', 'null'] }, text: { type: 'string' } },
      required: ['allowed', 'decidedBy', 'text'],
    },
    ...PERMISSION_ADMIN_REFUSALS,
    400: { description: 'A missing or bad userOid, path, action or tenantOid (errors name it), or a bad scope header' },
    404: { description: 'No such user' },
  },
} as const;
