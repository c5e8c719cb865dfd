import { NULLABLE_INTEGER, NULLABLE_STRING, OID, pageSchema, TENANT_ROW_PROPERTIES, tenantPageQuerystring, TOKEN_REFUSED } from '../api-docs/openapi-fragments';
/** Most tables the summary answers. */
export const SUMMARY_MAX_TAKE = 100;
/** Most locks one page answers. */
export const LOCKS_MAX_TAKE = 500;

const oid = OID;
const nullableString = NULLABLE_STRING;
const nullableInteger = NULLABLE_INTEGER;

export const SUMMARY_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: { take: { type: 'integer', minimum: 1, maximum: SUMMARY_MAX_TAKE, default: 5, description: 'how many of the largest tables' } },
} as const;

export const EMPTY_QUERYSTRING = { type: 'object', additionalProperties: false, properties: {} } as const;

export const SUMMARY_SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer', description: 'how many tables' },
    total: { type: 'integer', description: 'all tables together, in KB (the card shows it times 1024)' },
    topTables: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, total: { type: 'integer', description: 'in KB' } }, required: ['name', 'total'] } },
  },
  required: ['count', 'total', 'topTables'],
} as const;

export const TABLES_SCHEMA = {
  type: 'object',
  properties: {
    sampledAt: { type: 'string', format: 'date-time', description: 'when these figures were read' },
    growthWindowDays: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          rows: { type: 'integer' },
          rowsEstimated: { type: 'boolean', description: "the planner's estimate (large tables), not an exact count" },
          totalBytes: { type: 'integer', description: 'table, indexes and TOAST' },
          tableBytes: { type: 'integer' },
          indexBytes: { type: 'integer' },
          growthBytes: { ...nullableInteger, description: 'totalBytes minus at growthSince; null before an earlier sample exists' },
          growthSince: { type: ['string', 'null'], format: 'date-time' },
        },
        required: ['name', 'rows', 'rowsEstimated', 'totalBytes', 'tableBytes', 'indexBytes', 'growthBytes', 'growthSince'],
      },
    },
  },
  required: ['sampledAt', 'growthWindowDays', 'items'],
} as const;

export const LOCKS_QUERYSTRING = tenantPageQuerystring('one of yours with Read on /diagnostics/document-locks', LOCKS_MAX_TAKE);

export const LOCK_PARAMS = { type: 'object', additionalProperties: false, properties: { oid }, required: ['oid'] } as const;

const lock = {
  type: 'object',
  properties: {
    ...TENANT_ROW_PROPERTIES,
    documentUid: { type: 'string' },
    documentType: nullableInteger,
    documentNumber: nullableString,
    locationOid: nullableInteger,
    locationName: nullableString,
    terminalOid: nullableInteger,
    terminalName: nullableString,
    terminalNumber: nullableInteger,
    reason: nullableString,
    lockedBy: { ...nullableString, description: 'a user name, or the terminal (pos-<number>)' },
    lockedAt: nullableString,
    expiresAt: { ...nullableString, description: 'when the lease runs out' },
    stale: { type: 'boolean', description: 'the lease has run out: releasing the lock is safe' },
  },
  required: ['oid', 'country', 'tenantOid', 'tenantName', 'documentUid', 'documentType', 'documentNumber', 'locationOid', 'locationName', 'terminalOid', 'terminalName', 'terminalNumber', 'reason', 'lockedBy', 'lockedAt', 'expiresAt', 'stale'],
} as const;

export const LOCKS_SCHEMA = pageSchema(lock);

/** Longest lease a lock may ask for: a day. */
export const MAX_LEASE_SECONDS = 86_400;

export const TAKE_LOCK_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tenantOid: { ...oid, description: "the document's tenant; default: the one the scope headers name" },
    documentUid: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' },
    documentNumber: { type: 'string', minLength: 1, maxLength: 40 },
    documentType: { type: 'integer', minimum: 1, maximum: 9 },
    terminalOid: { ...oid, description: 'the terminal the document is corrected on' },
    reason: { type: 'string', enum: ['Editing', 'Processing', 'Export'], default: 'Editing' },
    leaseSeconds: { type: 'integer', minimum: 30, maximum: MAX_LEASE_SECONDS, default: 900, description: 'how long the lock holds without a renewal' },
  },
  required: ['documentUid'],
} as const;

export const LOCK_SCHEMA = lock;

export const RELEASED_SCHEMA = { type: 'object', properties: { released: lock }, required: ['released'] } as const;

export const REPROCESS_SCHEMA = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    processed: { type: 'boolean', description: 'booked now; false: it stays unprocessed, with the reason' },
    reason: nullableString,
  },
  required: ['oid', 'processed', 'reason'],
} as const;

const tags = ['diagnostics'];
const signedIn = TOKEN_REFUSED;
const GLOBAL_403 = { 403: { description: 'You lack Read on /diagnostics/database-usage in the Global column: the figures cover the whole installation' } } as const;

// The diagnostics routes' contracts (docs/diagnostics.md), also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts).

/** `GET /api/db-info/summary`. */
export const SUMMARY_ROUTE_SCHEMA = {
  tags,
  summary: 'How many tables, their total size and the largest ones, in KB (getDatabaseUsageSummary)',
  querystring: SUMMARY_QUERYSTRING,
  response: { 200: { description: 'The summary', ...SUMMARY_SCHEMA }, 400: { description: 'A bad take' }, ...signedIn, ...GLOBAL_403 },
} as const;

const tablesResponse = { 200: { description: 'The tables, largest first', ...TABLES_SCHEMA }, 400: { description: 'A query parameter' }, ...signedIn, ...GLOBAL_403 } as const;

/** `GET /api/db-info/tables` and its other name, `GET /api/db-info/database-usage`. */
export const TABLES_ROUTE_SCHEMAS = {
  '/api/db-info/tables': {
    tags,
    summary: 'Every table with rows, size, index size and growth; takes a size sample when the newest is older than an hour',
    querystring: EMPTY_QUERYSTRING,
    response: tablesResponse,
  },
  '/api/db-info/database-usage': {
    tags,
    summary: 'The same as /api/db-info/tables (the name spec 2 §7 gives it)',
    querystring: EMPTY_QUERYSTRING,
    response: tablesResponse,
  },
} as const;

/** `GET /api/diagnostics/document-locks`. */
export const LOCKS_ROUTE_SCHEMA = {
  tags,
  summary: 'The locks held on documents, longest held first; every tenant where you have Read on /diagnostics/document-locks, or the one entityOid names',
  querystring: LOCKS_QUERYSTRING,
  response: {
    200: { description: 'One page of locks and the count in all', ...LOCKS_SCHEMA },
    400: { description: 'A bad entityOid, skip or take' },
    ...signedIn,
    403: { description: 'entityOid is not one of your tenants, or you lack Read on /diagnostics/document-locks there' },
  },
} as const;

/** `POST /api/diagnostics/document-locks/take`. */
export const TAKE_LOCK_ROUTE_SCHEMA = {
  tags,
  summary: 'Takes the lock on a document for correction, or renews it (same holder, or a stale lock); needs Create on /diagnostics/document-locks in its tenant',
  body: TAKE_LOCK_BODY,
  response: {
    200: { description: 'Renewed: the lock with its new lease', ...lock },
    201: { description: 'Taken: the new lock', ...lock },
    400: { description: 'A bad member, naming it' },
    ...signedIn,
    403: { description: 'You lack Create on /diagnostics/document-locks in that tenant, or it is not yours' },
    409: { description: 'Somebody else holds the lock and its lease still runs; current is the lock' },
  },
} as const;

/** `DELETE /api/diagnostics/document-locks/{oid}`. */
export const RELEASE_LOCK_ROUTE_SCHEMA = {
  tags,
  summary: 'Releases a lock (a stale one, whose holder is gone); needs Delete on /diagnostics/document-locks in its tenant',
  params: LOCK_PARAMS,
  response: {
    200: { description: 'The lock that was released', ...RELEASED_SCHEMA },
    400: { description: 'A bad oid' },
    ...signedIn,
    403: { description: 'You lack Delete on /diagnostics/document-locks in its tenant' },
    404: { description: 'No such lock among those you may read' },
  },
} as const;

/** `POST /api/diagnostics/unprocessed-documents/{oid}/reprocess`. */
export const REPROCESS_ROUTE_SCHEMA = {
  tags,
  summary: 'Processes one unprocessed document again now; needs Update on /diagnostics/unprocessed-documents in its tenant (all of a tenant: ResetProcessQueue through the hub)',
  params: LOCK_PARAMS,
  response: {
    200: { description: 'Booked, or still unprocessed with the reason', ...REPROCESS_SCHEMA },
    400: { description: 'A bad oid' },
    ...signedIn,
    403: { description: 'You lack Update on /diagnostics/unprocessed-documents in its tenant' },
    404: { description: 'No such unprocessed document among those you may read' },
  },
} as const;
