/**
 * OpenAPI paths of the routes outside the features' own fragments: the administrators' permission views and user
 * commands (server/identity). The routes check their bodies in code (identity/request-body.ts); these schemas
 * describe what they take and answer (docs/auth.md, docs/api.md).
 */

type Json = Record<string, unknown>;

const json = (schema: Json, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json({ $ref: '#/components/schemas/Error' }, description);
const body = (properties: Record<string, Json>, required: string[] = []) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties, required } } },
});
const str = (maxLength?: number, description?: string): Json => ({ type: 'string', ...(maxLength ? { maxLength } : {}), ...(description ? { description } : {}) });
const oidPath = { name: 'oid', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const query = (name: string, schema: Json, description?: string, required = false) => ({ name, in: 'query', required, schema, ...(description ? { description } : {}) });
const signedIn = { 401: error('Not signed in') };
const admin = { ...signedIn, 403: error('Missing the permission') };
const permissionAction = { type: 'string', enum: ['Read', 'Create', 'Update', 'Delete', 'Demand', 'Patch'] };
const tenantColumns = { type: 'array', items: { type: 'object', properties: { oid: { type: ['integer', 'null'], description: 'null: the Global column' } }, required: ['oid'] } };

const op = (tags: string[], summary: string, rest: Json) => ({ tags, summary, ...rest });

export const OTHER_ROUTES_OPENAPI_PATHS: Record<string, Json> = {
  '/api/admin/permissions/subjects': { get: op(['permissions'], 'Roles and users the matrix can show', { responses: { 200: json({ type: 'object', properties: { roles: { type: 'array', items: { type: 'object' } }, users: { type: 'array', items: { type: 'object' } } } }), ...admin } }) },
  '/api/admin/permissions/matrix': {
    get: op(['permissions'], 'The permission matrix of a role or user for one action', {
      parameters: [query('subject', { type: 'string' }, "'role:<oid>' or 'user:<oid>'", true), query('action', permissionAction, undefined, true)],
      responses: { 200: json({ type: 'object', properties: { subject: { type: 'string' }, action: permissionAction, rows: { type: 'array', items: { type: 'object' } }, tenants: { type: 'array', items: { type: 'object' } } } }), 400: error('A bad parameter'), ...admin },
    }),
    put: op(['permissions'], 'Set or clear one decision of the matrix', {
      requestBody: body({ subject: { type: 'string' }, path: { type: 'string' }, action: permissionAction, tenantOid: { type: ['integer', 'null'] }, value: { type: ['boolean', 'null'], description: 'null clears (inherit)' } }, ['subject', 'path', 'action', 'value']),
      responses: { 200: json({ type: 'object' }), 400: error('Invalid fields'), ...admin },
    }),
  },
  '/api/admin/permissions/why': {
    get: op(['permissions'], 'Which decision decides a permission, for the "why" view', {
      parameters: [query('userOid', { type: 'integer' }, undefined, true), query('path', { type: 'string' }, undefined, true), query('action', permissionAction, undefined, true), query('tenantOid', { type: 'integer' }, 'absent: the Global column')],
      responses: { 200: json({ type: 'object', properties: { allowed: { type: 'boolean' }, text: { type: 'string' }, decidedBy: { type: ['object', 'null'] } } }), 400: error('A bad parameter'), 404: error('No such user'), ...admin },
    }),
  },
  '/api/admin/users/{oid}/roles': {
    get: op(['permissions'], "A user's roles per tenant column", { parameters: [oidPath], responses: { 200: json({ type: 'object' }), 404: error('No such user'), ...admin } }),
    put: op(['permissions'], "Set a user's roles per tenant column", { parameters: [oidPath], requestBody: body({ tenants: tenantColumns }, ['tenants']), responses: { 200: json({ type: 'object' }), 400: error('Invalid fields'), 404: error('No such user'), ...admin } }),
  },
  ...Object.fromEntries(
    (['roles', 'users'] as const).map((kind) => [
      `/api/admin/${kind}/{oid}/permissions`,
      {
        get: op(['permissions'], `The checkbox tree of a ${kind === 'roles' ? 'role' : 'user'}'s permissions`, { parameters: [oidPath, query('tenantOid', { type: 'integer' })], responses: { 200: json({ type: 'object' }), 404: error('Not found'), ...admin } }),
        put: op(['permissions'], `Set a ${kind === 'roles' ? 'role' : 'user'}'s permissions per tenant column`, { parameters: [oidPath], requestBody: body({ tenants: tenantColumns }, ['tenants']), responses: { 200: json({ type: 'object' }), 400: error('Invalid fields'), 404: error('Not found'), ...admin } }),
      },
    ]),
  ),
  '/api/admin/users/{oid}/password': {
    post: op(['users'], "Set a user's password (Update on the users' page)", { parameters: [oidPath], requestBody: body({ password: str(1024) }, ['password']), responses: { 200: json({ type: 'object' }), 400: error('Too weak'), 404: error('No such user'), ...admin } }),
  },
  '/api/admin/users/{oid}/invite': {
    post: op(['users'], 'Mail a user an invitation to set a password (the outbox)', { parameters: [oidPath], responses: { 200: json({ type: 'object', properties: { invited: { const: true }, to: { type: 'string' } } }), 400: error('The user has no e-mail address'), 404: error('No such user'), 409: error('The user is disabled'), ...admin } }),
  },
  '/api/admin/users/{oid}/password-reset': {
    post: op(['users'], 'Mail a user a password reset link (the outbox)', { parameters: [oidPath], responses: { 200: json({ type: 'object', properties: { result: { type: 'string', enum: ['sent', 'queued'] }, to: { type: 'string' } } }), 400: error('The user has no e-mail address'), 404: error('No such user'), ...admin } }),
  },
  '/api/admin/api-keys': {
    post: op(['users'], 'Create an API key for a user; the key is answered once', {
      requestBody: body({ name: str(60), userOid: { type: 'integer' }, expiresAt: str(40), accessLevel: { type: 'string', enum: ['read', 'readWrite'], default: 'read' }, description: str(500), allowedIpRanges: { type: 'array', items: { type: 'string' } } }, ['name', 'userOid']),
      responses: { 201: json({ type: 'object' }, 'Created'), 400: error('Invalid fields'), ...admin },
    }),
  },
};
