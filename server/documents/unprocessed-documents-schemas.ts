// The unprocessed documents' route contracts (docs/terminals.md "Processing"); the OpenAPI document is generated from them.
import { errorResponses, NULLABLE_INTEGER, NULLABLE_STRING, pageSchema, TENANT_ROW_PROPERTIES, tenantPageQuerystring, TOKEN_REFUSED } from '../api-docs/openapi-fragments';

/** Most rows one overview page answers. */
export const UNPROCESSED_MAX_TAKE = 500;
/** Most newest rows per tenant the summary answers. */
export const UNPROCESSED_MAX_NEWEST = 20;

/** The query string of GET /api/diagnostics/unprocessed-documents. */
export const UNPROCESSED_OVERVIEW_QUERYSTRING = tenantPageQuerystring('one of yours with Read on /diagnostics/unprocessed-documents', UNPROCESSED_MAX_TAKE);

/** The query string of GET /api/documents/unprocessed. */
export const UNPROCESSED_SUMMARY_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: { newest: { type: 'integer', minimum: 0, maximum: UNPROCESSED_MAX_NEWEST, default: 5, description: 'how many of the newest documents per tenant' } },
} as const;

const nullableString = NULLABLE_STRING;
const nullableInteger = NULLABLE_INTEGER;

const row = {
  type: 'object',
  properties: {
    ...TENANT_ROW_PROPERTIES,
    terminalOid: { type: 'integer' },
    terminalName: nullableString,
    terminalNumber: nullableInteger,
    locationOid: nullableInteger,
    uid: { type: 'string', description: "Uid: the receipt's id" },
    id: { ...nullableInteger, description: 'Id: the receipt number' },
    kind: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    receivedAt: { type: 'string', format: 'date-time' },
    currency: { type: 'string' },
    total: { type: 'number' },
    reason: { ...nullableString, description: 'why it could not be processed; null: not processed yet' },
  },
  required: ['oid', 'country', 'tenantOid', 'tenantName', 'terminalOid', 'terminalName', 'terminalNumber', 'locationOid', 'uid', 'id', 'kind', 'createdAt', 'receivedAt', 'currency', 'total', 'reason'],
} as const;

/** The answer of GET /api/diagnostics/unprocessed-documents. */
export const UNPROCESSED_OVERVIEW_SCHEMA = pageSchema(row, 'all unprocessed documents of the tenants asked for');

/** The answer of GET /api/documents/unprocessed. */
export const UNPROCESSED_SUMMARY_SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer', description: 'unprocessed documents in every tenant of the caller that they may see' },
    tenants: {
      type: 'array',
      items: {
        type: 'object',
        properties: { tenantOid: { type: 'integer' }, tenantName: nullableString, country: nullableString, count: { type: 'integer' }, newest: { type: 'array', items: row } },
        required: ['tenantOid', 'tenantName', 'country', 'count', 'newest'],
      },
    },
  },
  required: ['count', 'tenants'],
} as const;


/** GET /api/documents/unprocessed: also its part of /api/openapi.json (server/api-docs/route-openapi.ts). */
export const UNPROCESSED_SUMMARY_ROUTE_SCHEMA = {
  tags: ['documents'],
  summary: 'How many documents stay unprocessed, in all and per tenant, with the newest of each (getUnprocessedDocuments); tenants where you have Read on /diagnostics/unprocessed-documents',
  querystring: UNPROCESSED_SUMMARY_QUERYSTRING,
  response: {
    200: { description: 'The count and the newest per tenant', ...UNPROCESSED_SUMMARY_SCHEMA },
    ...errorResponses({ 400: 'A bad newest' }),
    ...TOKEN_REFUSED,
  },
} as const;

/** GET /api/diagnostics/unprocessed-documents: also its part of /api/openapi.json. */
export const UNPROCESSED_OVERVIEW_ROUTE_SCHEMA = {
  tags: ['diagnostics'],
  summary: 'The unprocessed documents, newest first, with the reason; every tenant where you have Read on /diagnostics/unprocessed-documents, or the one entityOid names',
  querystring: UNPROCESSED_OVERVIEW_QUERYSTRING,
  response: {
    200: { description: 'One page of rows and the count in all', ...UNPROCESSED_OVERVIEW_SCHEMA },
    ...errorResponses({
      400: 'A bad entityOid, skip or take',
      403: 'entityOid is not one of your tenants, or you lack Read on /diagnostics/unprocessed-documents there',
    }),
    ...TOKEN_REFUSED,
  },
} as const;
