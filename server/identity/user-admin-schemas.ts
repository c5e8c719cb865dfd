// The contracts of what the Users grid cannot do by itself (user-admin-routes.ts, docs/auth.md): set a user's
// password, invite a user or send a password reset by mail, create an API key; also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts). The handlers check the path's oid and the bodies themselves, each refusal naming
// the field with the handler's message: the oid is named without a type, and the bodies are described in OpenAPI's
// form only. The answers name every property their handlers send, in the handlers' order.

import { bodyCheckedInCode, errorResponses } from '../api-docs/openapi-fragments';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

const tags = ['users'];
const OID_PARAMS = { type: 'object', properties: { oid: { description: "the user's oid, a positive whole number" } } } as const;

/** Invitations and resets take no fields: no body, `null` or `{}`. */
const NO_FIELDS = bodyCheckedInCode({ type: 'object', additionalProperties: false, properties: {}, description: 'no fields; the body may be left out' }, false);

/** The refusals of a call on one user (Update on /data/identity/user, the user in your reach). */
const userRefusals = (action: string) =>
  errorResponses({
    400: `A bad oid, an unknown field${action === 'password' ? ' or a password breaking the rules' : ''} (errors name it), or a bad scope header`,
    401: 'No valid access token',
    403: 'Needs Update on /data/identity/user; the user is outside your reach (delegated administration); or the x-mate-tenant header names a tenant you do not belong to',
    404: 'No such user',
  });

/** `POST /api/admin/users/{oid}/password`. */
export const SET_PASSWORD_ROUTE_SCHEMA = {
  tags,
  summary: "Set a user's password; ends the user's tokens (Update on /data/identity/user)",
  params: OID_PARAMS,
  requestBody: bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    properties: { newPassword: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH } },
    required: ['newPassword'],
  }),
  response: {
    200: { description: 'Set', type: 'object', properties: { passwordSet: { type: 'boolean', enum: [true] } }, required: ['passwordSet'] },
    ...userRefusals('password'),
  },
} as const;

/** `POST /api/admin/users/{oid}/invite`. */
export const INVITE_ROUTE_SCHEMA = {
  tags,
  summary: 'Mail a user a link to set a password, valid once for seven days (the outbox; Update on /data/identity/user)',
  params: OID_PARAMS,
  requestBody: NO_FIELDS,
  response: {
    200: { description: 'Queued', type: 'object', properties: { invited: { type: 'boolean', enum: [true] }, to: { type: 'string', description: "the user's e-mail address" } }, required: ['invited', 'to'] },
    ...userRefusals('invite'),
    ...errorResponses({ 400: 'A bad oid or an unknown field, or the user has no e-mail address (errors name EmailAddress), or a bad scope header', 409: 'The user is disabled' }),
  },
} as const;

/** `POST /api/admin/users/{oid}/password-reset`. */
export const PASSWORD_RESET_ROUTE_SCHEMA = {
  tags,
  summary: "Mail a user the self-service password reset link (the outbox; Update on /data/identity/user)",
  params: OID_PARAMS,
  requestBody: NO_FIELDS,
  response: {
    200: {
      description: 'Sent or queued',
      type: 'object',
      properties: {
        result: { type: 'string', enum: ['sent', 'queued'], description: 'queued: no MATE_SMTP_URL, the mail only waits in the outbox' },
        to: { type: 'string', description: "the user's e-mail address" },
      },
      required: ['result', 'to'],
    },
    ...userRefusals('reset'),
    ...errorResponses({ 400: 'A bad oid or an unknown field, or the user has no e-mail address (errors name EmailAddress), or a bad scope header', 409: 'The user is disabled' }),
  },
} as const;

const accessLevel = { type: 'string', enum: ['read', 'readWrite'], description: 'read: the key is granted the Read action only' } as const;

/** `POST /api/admin/api-keys`. */
export const CREATE_API_KEY_ROUTE_SCHEMA = {
  tags,
  summary: 'Create an API key acting as a user; the secret is answered this once (Create on /data/identity/api-access)',
  requestBody: bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 60 },
      userOid: { type: 'integer', minimum: 1, description: 'a user in your reach' },
      expiresAt: { type: 'string', format: 'date-time', maxLength: 40, description: 'in the future; absent: never expires' },
      accessLevel: { ...accessLevel, default: 'read' },
      description: { type: 'string', maxLength: 500 },
      allowedIpRanges: { type: ['array', 'null'], items: { type: 'string' }, description: 'CIDR ranges like 10.20.0.0/16 the key may be used from; absent or null: anywhere' },
    },
    required: ['name', 'userOid'],
  }),
  response: {
    201: {
      description: 'Created',
      type: 'object',
      properties: {
        oid: { type: 'integer', description: 'the key\'s record (/api/data/identity/api-access)' },
        name: { type: 'string' },
        userOid: { type: 'integer' },
        keyPrefix: { type: 'string', description: 'mate_ and 6 hexadecimal digits: shown in the grid to tell keys apart' },
        accessLevel,
        expiresAt: { type: ['string', 'null'], format: 'date-time' },
        key: { type: 'string', description: 'the secret, for "Authorization: ApiKey <key>" or X-Api-Key; stored only as a hash' },
      },
      required: ['oid', 'name', 'userOid', 'keyPrefix', 'accessLevel', 'expiresAt', 'key'],
    },
    ...errorResponses({
      400: 'A bad, missing or unknown field, or an unknown user (errors name it), or a bad scope header',
      401: 'No valid access token',
      403: 'Needs Create on /data/identity/api-access; the user is outside your reach (delegated administration); or the x-mate-tenant header names a tenant you do not belong to',
    }),
  },
} as const;
