import { listOf, TOKEN_REFUSED } from '../api-docs/openapi-fragments';

/** Most entries one page of a history or of the activity answers. */
export const AUDIT_PAGE_MAX = 200;

const oid = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
const timestamp = { type: 'string', format: 'date-time' } as const;

export const AUDIT_ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'the entry; a version to restore from' },
    at: timestamp,
    kind: { type: 'string', description: 'area/entity' },
    recordOid: { type: 'integer' },
    operation: { type: 'string', enum: ['create', 'update', 'delete'] },
    actor: {
      type: 'object',
      properties: { type: { type: 'string', enum: ['user', 'job', 'terminal', 'system'] }, id: { type: ['integer', 'null'] }, name: { type: 'string' } },
      required: ['type', 'id', 'name'],
    },
    source: { type: ['string', 'null'], description: 'api, import, restore, job:<name>; null for a lone statement without a named actor' },
    changes: {
      type: 'array',
      description: 'a create: every field (old null); an update: the changed fields; a delete: every field (new null)',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, old: {}, new: {}, writeOnly: { type: 'boolean', description: 'a write-only field: it changed, its values are never shown' } },
        required: ['field', 'old', 'new'],
      },
    },
  },
  required: ['id', 'at', 'kind', 'recordOid', 'operation', 'actor', 'source', 'changes'],
} as const;

export const HISTORY_QUERYSTRING = {
  type: 'object',
  properties: {
    take: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX, default: 50 },
    before: { ...oid, description: 'the id of the last entry of the previous page' },
    tenantOid: { type: 'string', maxLength: 20 },
  },
} as const;

export const HISTORY_SCHEMA = listOf(AUDIT_ENTRY_SCHEMA, { hasMore: { type: 'boolean' } });

export const ACTIVITY_QUERYSTRING = {
  type: 'object',
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 200, description: 'the user name of the actor' },
    kind: { type: 'string', minLength: 3, maxLength: 200, pattern: '^[^/]+/[^/]+$', description: 'area/entity' },
    from: { ...timestamp, description: 'entries at or after this time' },
    to: { ...timestamp, description: 'entries before this time' },
    take: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX, default: 50 },
    before: { ...oid, description: '`next` of the previous page' },
    tenantOid: { type: 'string', maxLength: 20 },
  },
  additionalProperties: false,
} as const;

export const ACTIVITY_SCHEMA = listOf(AUDIT_ENTRY_SCHEMA, { next: { type: 'integer', description: 'pass as `before` for the next page' } }, ['items']);

export const RESTORE_BODY = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: {
    version: { ...oid, description: 'the id of a history entry of this record' },
    side: { type: 'string', enum: ['after', 'before'], default: 'after', description: 'the values right after the entry (its version) or right before it (the old values of an update)' },
    fields: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 200 }, description: 'only these fields; all when left out' },
  },
} as const;

/**
 * `GET /api/audit/activity`'s contract, also its part of /api/openapi.json (server/api-docs/route-openapi.ts). The
 * per-kind routes (history, restore) are registered once for every kind and documented per kind by the data
 * service's document (server/data/openapi.ts), from HISTORY_QUERYSTRING, HISTORY_SCHEMA and RESTORE_BODY above.
 */
export const ACTIVITY_ROUTE_SCHEMA = {
  tags: ['audit'],
  summary: 'Every recorded change the caller may read (kinds they hold Read on, in their tenant), newest first',
  querystring: ACTIVITY_QUERYSTRING,
  response: {
    200: { description: 'One page', ...ACTIVITY_SCHEMA },
    400: { description: 'A bad filter (the parameter named)' },
    ...TOKEN_REFUSED,
    403: { description: "The tenant named is not the request's" },
  },
} as const;
