// The document viewer's route contracts (docs/documents.md); the OpenAPI document is generated from them
// (server/api-docs/route-openapi.ts).
import { errorResponses } from '../api-docs/openapi-fragments';
import { RECEIPT_DOWNLOAD_FORMATS } from './document-links';
import { DOCUMENT_LIST_QUERY } from './document-query';
import { DOCUMENT_GROUP, DOCUMENT_TYPE_NAMES } from './document-types';

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

/** One document of the list (docs/documents.md). */
export const DOCUMENT_SUMMARY_SCHEMA = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    uid: { type: 'string', description: 'Uid: the receipt id the terminal gave (a uuid)' },
    id: nullable('integer', { description: 'Id: the receipt number' }),
    tenantOid: { type: 'integer' },
    kind: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    businessDay: { type: 'string', format: 'date', description: "The document's day in its location's time zone (docs/documents.md \"Business day\")" },
    timeZone: { type: 'string', description: "The IANA zone of the document's location (else its tenant's, else UTC)" },
    currency: { type: 'string' },
    total: { type: 'number' },
    terminalOid: { type: 'integer' },
    terminalName: nullable('string'),
    locationOid: nullable('integer'),
    locationName: nullable('string'),
    operator: nullable('string'),
    references: nullable('string', { description: 'Uid of the original a return or cancellation corrects' }),
    processed: { type: 'boolean' },
    processingError: nullable('string', { description: 'Why processing refused the document' }),
    path: { type: 'string', description: "The viewer page of the document's type, e.g. /document/receipt/sales" },
  },
} as const;

/** A document with its lines, payments, taxes per rate, copies, original and corrections. */
export const DOCUMENT_DETAIL_SCHEMA = {
  type: 'object',
  properties: {
    ...DOCUMENT_SUMMARY_SCHEMA.properties,
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          lineNo: { type: 'integer' },
          articleNumber: nullable('string'),
          gtin: nullable('string'),
          text: { type: 'string' },
          quantity: { type: 'number' },
          unitPrice: { type: 'number' },
          amount: { type: 'number' },
          taxRate: { type: 'number' },
          articleLink: nullable('string', { description: "The article's page searching for it (navigation path and query, without the layout prefix); null when there is none the caller may read" }),
        },
      },
    },
    payments: { type: 'array', items: { type: 'object', properties: { lineNo: { type: 'integer' }, method: { type: 'string' }, amount: { type: 'number' } } } },
    taxes: { type: 'array', items: { type: 'object', properties: { rate: { type: 'number' }, gross: { type: 'number' }, net: { type: 'number' }, tax: { type: 'number' } } } },
    parts: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, variant: { type: 'string' }, printed: { type: 'boolean' } } } },
    attachments: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, contentType: nullable('string') } } },
    original: { anyOf: [DOCUMENT_SUMMARY_SCHEMA, { type: 'null' }] },
    corrections: { type: 'array', items: DOCUMENT_SUMMARY_SCHEMA },
    downloads: {
      type: 'array',
      description: 'The receipt in each download format',
      items: { type: 'object', properties: { format: { type: 'string', enum: [...RECEIPT_DOWNLOAD_FORMATS] }, href: { type: 'string' }, fileName: { type: 'string' } } },
    },
  },
} as const;

const option = { oid: { type: 'integer' }, tenantOid: { type: 'integer' }, text: { type: 'string', description: 'business key and name' } } as const;

/** The query form's pickers: the locations and POS terminals of the tenants whose documents the caller may read. */
export const SCOPE_OPTIONS_SCHEMA = {
  type: 'object',
  properties: {
    locations: { type: 'array', items: { type: 'object', properties: option } },
    terminals: { type: 'array', items: { type: 'object', properties: { ...option, locationOid: { type: 'integer' } } } },
    textFilters: {
      type: 'array',
      description: 'The text boxes the form shows besides its fixed members: each a member of the list query, with the label of the field it searches',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, maxLength: { type: 'integer' }, label: { type: 'object', additionalProperties: { type: 'string' }, description: 'the label by language code' } },
      },
    },
  },
} as const;

export const DOCUMENT_PAGE_SCHEMA = {
  type: 'object',
  properties: {
    items: { type: 'array', items: DOCUMENT_SUMMARY_SCHEMA },
    total: { type: 'integer', description: 'documents matching the query in all, counted up to 10,000 (see exact)' },
    exact: { type: 'boolean', description: 'false: more than `total` (10,000) documents match; the count stops there' },
  },
} as const;

export const DOCUMENT_UID_PARAMS = { type: 'object', required: ['uid'], properties: { uid: { type: 'string', format: 'uuid', maxLength: 36 } } } as const;
export const DOCUMENT_DETAIL_QUERY = { type: 'object', additionalProperties: false, properties: { tenant: DOCUMENT_LIST_QUERY.properties.tenant } } as const;

/** The list's path: the group and one of its types. */
export const DOCUMENT_LIST_PARAMS = {
  type: 'object',
  required: ['group', 'type'],
  properties: { group: { type: 'string', enum: [DOCUMENT_GROUP] }, type: { type: 'string', enum: DOCUMENT_TYPE_NAMES } },
} as const;

/** The scope headers the reads honour (server/identity/scope-headers.ts), documented; the resolver decodes them. */
const SCOPE_HEADERS_SCHEMA = {
  type: 'object',
  properties: {
    'x-mate-location': { type: 'string', description: 'only documents of this location' },
    'x-mate-terminal': { type: 'string', description: 'only documents of this terminal' },
  },
} as const;

const TAGS = ['documents'];

export const DOCUMENT_LIST_ROUTE_SCHEMA = {
  tags: TAGS,
  summary: 'List the documents of a type (Read on /document/{group}/{type} in their tenant)',
  params: DOCUMENT_LIST_PARAMS,
  querystring: DOCUMENT_LIST_QUERY,
  headers: SCOPE_HEADERS_SCHEMA,
  response: {
    200: { description: 'One page and the count (exact up to 10,000)', ...DOCUMENT_PAGE_SCHEMA },
    ...errorResponses({
      400: 'A query value out of its bounds, an unknown group or type',
      401: 'No caller',
      403: 'No Read on the type in any tenant of the caller, or a tenant the caller does not belong to',
    }),
  },
} as const;

export const SCOPE_OPTIONS_ROUTE_SCHEMA = {
  tags: TAGS,
  summary: 'The locations and POS terminals for the viewer query form (and its text boxes beyond the fixed members): those of every tenant where the caller may read a document type (or the one `tenant` names), inside the scope headers',
  querystring: DOCUMENT_DETAIL_QUERY,
  headers: SCOPE_HEADERS_SCHEMA,
  response: {
    200: { description: 'The options', ...SCOPE_OPTIONS_SCHEMA },
    ...errorResponses({ 400: 'A tenant that is no oid', 401: 'No caller', 403: 'A tenant the caller does not belong to' }),
  },
} as const;

export const DOCUMENT_DETAIL_ROUTE_SCHEMA = {
  tags: TAGS,
  summary: 'A document with its lines, payments, taxes per rate, copies, original and corrections',
  params: DOCUMENT_UID_PARAMS,
  querystring: DOCUMENT_DETAIL_QUERY,
  headers: SCOPE_HEADERS_SCHEMA,
  response: {
    200: { description: 'The document', ...DOCUMENT_DETAIL_SCHEMA },
    ...errorResponses({
      400: 'Not a uuid',
      401: 'No caller',
      403: 'No Read on the type of the document in its tenant',
      404: 'No such document in the tenants and scope of the caller',
    }),
  },
} as const;
