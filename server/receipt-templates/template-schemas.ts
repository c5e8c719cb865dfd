import { errorResponses, TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { TEMPLATE_DOCUMENT_TYPES, TEMPLATE_MAX_LENGTH } from '../../schemas/receipt-template';
import { SCOPE_PATTERN } from '../pos-settings/settings-scope';
import { TEMPLATE_PAGE } from './template-access';

const scopeText = { type: 'string', pattern: SCOPE_PATTERN, maxLength: 40, description: 'GLOBAL, COUNTRY:<ISO code>, TENANT:<oid>, LOCATION:<oid> or TERMINAL:<POS terminal oid>' } as const;
const xml = { type: 'string', minLength: 1, maxLength: TEMPLATE_MAX_LENGTH, description: 'the template (docs/receipt-templates.md)' } as const;
const version = { type: 'integer', minimum: 0, maximum: 2147483647, description: 'the stored version the change starts from (0: none is stored at the scope); another one is a 409' } as const;

export const TYPE_PARAMS = { type: 'object', additionalProperties: false, required: ['documentType'], properties: { documentType: { type: 'string', enum: TEMPLATE_DOCUMENT_TYPES } } } as const;
export const SCOPE_QUERYSTRING = { type: 'object', additionalProperties: false, required: ['scope'], properties: { scope: scopeText } } as const;
export const DELETE_QUERYSTRING = { type: 'object', additionalProperties: false, required: ['scope', 'version'], properties: { scope: scopeText, version: { ...version, minimum: 1 } } } as const;
export const SAVE_BODY = { type: 'object', additionalProperties: false, required: ['scope', 'xml', 'version'], properties: { scope: scopeText, xml, version } } as const;
export const PREVIEW_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['scope', 'xml'],
  properties: { scope: scopeText, xml, merchantCopy: { type: 'boolean', default: false, description: 'render the merchant copy (default: the customer copy)' } },
} as const;

const problem = {
  type: 'object',
  properties: { message: { type: 'string' }, line: { type: 'integer' }, column: { type: 'integer' }, element: { type: 'string' }, attribute: { type: 'string' } },
  required: ['message'],
} as const;
const scopeRef = { type: 'object', properties: { level: { type: 'string' }, key: { type: 'string' }, scope: { type: 'string' }, id: { type: 'string' }, text: { type: 'string' } }, required: ['level', 'key', 'scope', 'id', 'text'] } as const;
const stored = {
  type: ['object', 'null'],
  properties: { xml: { type: 'string' }, version: { type: 'integer' }, modifiedAt: { type: 'string', format: 'date-time' }, modifiedBy: { type: 'string' } },
  required: ['xml', 'version', 'modifiedAt', 'modifiedBy'],
  description: 'the template stored at this scope itself; null when it inherits',
} as const;

export const TEMPLATE_SCHEMA = {
  type: 'object',
  properties: {
    documentType: { type: 'string' },
    scope: scopeRef,
    chain: { type: 'array', items: scopeRef },
    stored,
    inherited: {
      type: 'object',
      properties: { xml: { type: 'string' }, from: { type: ['string', 'null'], description: 'the scope it is stored at; null: the built-in template' } },
      required: ['xml', 'from'],
      description: 'what the scope prints when it has no template of its own',
    },
    canChange: { type: 'boolean' },
  },
  required: ['documentType', 'scope', 'chain', 'stored', 'inherited', 'canChange'],
} as const;

export const PREVIEW_SCHEMA = {
  type: 'object',
  properties: {
    html: { type: ['string', 'null'], description: 'the copy as the download renders it (a whole HTML document); null when the template has problems' },
    document: {
      type: ['object', 'null'],
      properties: { uid: { type: 'string' }, number: { type: 'integer' }, kind: { type: 'string' }, createdAt: { type: 'string' } },
      required: ['uid', 'number', 'kind', 'createdAt'],
      description: 'the stored document shown: the latest of the scope the caller may read; null when there is none (a sample is shown)',
    },
    problems: { type: 'array', items: problem },
  },
  required: ['html', 'document', 'problems'],
} as const;

const common = { ...TOKEN_REFUSED, ...errorResponses({ 403: `No right on ${TEMPLATE_PAGE} at that scope` }) };
const tags = ['receipt-templates'];

// The routes' contracts (docs/receipt-templates.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).

/** `GET /api/receipt-templates/{documentType}`. */
export const READ_TEMPLATE_ROUTE_SCHEMA = {
  tags,
  summary: `The template of a scope and the one it inherits (Read on ${TEMPLATE_PAGE} in the scope's tenant; in one of the caller's tenants for GLOBAL and COUNTRY)`,
  params: TYPE_PARAMS,
  querystring: SCOPE_QUERYSTRING,
  response: { 200: { description: 'The template', ...TEMPLATE_SCHEMA }, 400: { description: 'A bad scope' }, 404: { description: 'No such scope' }, ...common },
} as const;

/** `PUT /api/receipt-templates/{documentType}`. */
export const SAVE_TEMPLATE_ROUTE_SCHEMA = {
  tags,
  summary: `Saves the template of a scope, checked (Update on ${TEMPLATE_PAGE} in the scope's tenant, globally for GLOBAL and COUNTRY)`,
  params: TYPE_PARAMS,
  body: SAVE_BODY,
  response: {
    200: { description: 'Saved', ...TEMPLATE_SCHEMA },
    400: { description: 'The template has problems: `problems` names line, element and attribute' },
    404: { description: 'No such scope' },
    409: { description: 'Saved or reset by someone else meanwhile' },
    ...common,
  },
} as const;

/** `DELETE /api/receipt-templates/{documentType}`. */
export const DELETE_TEMPLATE_ROUTE_SCHEMA = {
  tags,
  summary: 'Removes the template of a scope: it inherits again',
  params: TYPE_PARAMS,
  querystring: DELETE_QUERYSTRING,
  response: {
    200: { description: 'What the scope prints now', ...TEMPLATE_SCHEMA },
    400: { description: 'A bad scope or version' },
    404: { description: 'No such scope' },
    409: { description: 'Changed by someone else meanwhile, or none stored' },
    ...common,
  },
} as const;

/** `POST /api/receipt-templates/{documentType}/preview`. */
export const PREVIEW_TEMPLATE_ROUTE_SCHEMA = {
  tags,
  summary: 'Renders a template (not saved) with the latest stored document of the scope, as the download would',
  params: TYPE_PARAMS,
  body: PREVIEW_BODY,
  response: { 200: { description: 'The preview', ...PREVIEW_SCHEMA }, 400: { description: 'A bad member' }, 404: { description: 'No such scope' }, ...common },
} as const;
