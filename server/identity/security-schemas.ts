/** Wire schemas of the second-factor, session and security-log routes: their Fastify contracts, from which /api/openapi.json describes them. */
import { listOf } from '../api-docs/openapi-fragments';
import { SECURITY_EVENT_KINDS } from './security-log';

export const SECURITY_LOG_MAX_TAKE = 500;

const timestamp = { type: 'string', format: 'date-time' } as const;
const oid = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

export const OID_PARAMS = { type: 'object', additionalProperties: false, properties: { oid }, required: ['oid'] } as const;
export const CODE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: 64, description: 'a 6-digit code of the app, or (to remove) a recovery code' } },
  required: ['code'],
} as const;

export const SECOND_FACTOR_STATE_SCHEMA = {
  type: 'object',
  properties: {
    enrolled: { type: 'boolean' },
    required: { type: 'boolean', description: 'a role of the user requires a second factor' },
    recoveryCodesLeft: { type: 'integer' },
    passkeys: { type: 'integer', description: 'registered passkeys; each satisfies the second step of sign-in' },
  },
  required: ['enrolled', 'required', 'recoveryCodesLeft', 'passkeys'],
} as const;

export const ENROLMENT_SCHEMA = {
  type: 'object',
  properties: {
    secret: { type: 'string', description: 'base32, for typing into an app that cannot scan' },
    otpauthUri: { type: 'string' },
    qrSvg: { type: 'string', description: 'the otpauth URI as a QR code (SVG), drawn by the server' },
  },
  required: ['secret', 'otpauthUri', 'qrSvg'],
} as const;

export const RECOVERY_CODES_SCHEMA = {
  type: 'object',
  properties: { recoveryCodes: { type: 'array', items: { type: 'string' }, description: 'shown this once; each works once' } },
  required: ['recoveryCodes'],
} as const;

const session = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    userAgent: { type: 'string' },
    address: { type: 'string' },
    createdAt: timestamp,
    lastUsedAt: timestamp,
    expiresAt: timestamp,
    current: { type: 'boolean', description: 'the session of this call' },
  },
  required: ['oid', 'userAgent', 'address', 'createdAt', 'lastUsedAt', 'expiresAt', 'current'],
} as const;

export const SESSION_LIST_SCHEMA = listOf(session);

export const ENDED_SCHEMA = { type: 'object', properties: { ended: { type: 'integer', description: 'sessions ended' } }, required: ['ended'] } as const;

export const SECURITY_LOG_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    userOid: oid,
    // No NUL: PostgreSQL text cannot hold it (a 400 here, not a 500 there).
    username: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[^\\u0000]*$', description: 'case-insensitive' },
    kind: { type: 'string', enum: [...SECURITY_EVENT_KINDS] },
    from: { ...timestamp, description: 'inclusive' },
    to: { ...timestamp, description: 'exclusive' },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    take: { type: 'integer', minimum: 1, maximum: SECURITY_LOG_MAX_TAKE, default: 100 },
  },
} as const;

const securityEvent = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    at: timestamp,
    kind: { type: 'string' },
    userOid: { type: ['integer', 'null'] },
    username: { type: ['string', 'null'] },
    address: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
    actorOid: { type: ['integer', 'null'] },
    actorName: { type: ['string', 'null'] },
    detail: { type: 'object', additionalProperties: true },
  },
  required: ['oid', 'at', 'kind', 'userOid', 'username', 'address', 'userAgent', 'actorOid', 'actorName', 'detail'],
} as const;

export const SECURITY_LOG_SCHEMA = listOf(securityEvent, { total: { type: 'integer' } });

const signedIn = { 401: { description: 'Not signed in, or the session was ended' } } as const;
/** The answer of a signed-in user's call: `schema` with 200, or the 401 of a missing or ended session. */
const answerToSignedIn = <S extends object>(schema: S) => ({ 200: { description: 'OK', ...schema }, ...signedIn }) as const;

// The routes' contracts, also their part of /api/openapi.json (server/api-docs/route-openapi.ts).

export const SECOND_FACTOR_STATE_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "The signed-in user's second factor",
  response: answerToSignedIn(SECOND_FACTOR_STATE_SCHEMA),
} as const;

export const REMOVE_SECOND_FACTOR_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Remove the second factor (needs a current code or a recovery code)',
  body: CODE_BODY,
  response: { 204: { description: 'Removed' }, 400: { description: 'The code is wrong' }, 404: { description: 'No second factor' }, ...signedIn },
} as const;

export const START_ENROLMENT_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Start setting up an authenticator app: a new secret waits for its first code',
  response: { ...answerToSignedIn(ENROLMENT_SCHEMA), 409: { description: 'A second factor is set up already' } },
} as const;

export const CONFIRM_ENROLMENT_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Confirm the waiting secret with a code of the app; answers the recovery codes once',
  body: CODE_BODY,
  response: { ...answerToSignedIn(RECOVERY_CODES_SCHEMA), 400: { description: 'The code is wrong, or nothing waits' } },
} as const;

export const SIGN_IN_ENROLMENT_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Enrolment at sign-in (HTTP Basic) of a user whose role requires a second factor; then sign in with a code',
  security: [{ basic: [] }],
  response: {
    200: { description: 'OK', ...ENROLMENT_SCHEMA },
    401: { description: 'Wrong credentials or a back-off, as at sign-in' },
    409: { description: 'Enrolled already, or no role requires it' },
    429: { description: 'Too many attempts (Retry-After)' },
  },
} as const;

export const SESSIONS_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "The signed-in user's active sessions",
  response: answerToSignedIn(SESSION_LIST_SCHEMA),
} as const;

export const END_SESSION_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "End one of the user's sessions: its token fails on its next call",
  params: OID_PARAMS,
  response: { 204: { description: 'Ended' }, 404: { description: 'No such open session of this user' }, ...signedIn },
} as const;

export const END_USER_SESSIONS_ROUTE_SCHEMA = {
  tags: ['users'],
  summary: "End every session of a user (Update on /data/identity/user, the user's tenants in reach)",
  params: OID_PARAMS,
  response: { ...answerToSignedIn(ENDED_SCHEMA), 403: { description: 'Missing the permission' }, 404: { description: 'No such user' } },
} as const;

export const SECURITY_LOG_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'The security log, newest first (Read on /admin/security-log, Global column)',
  querystring: SECURITY_LOG_QUERYSTRING,
  response: {
    200: { description: 'OK', ...SECURITY_LOG_SCHEMA },
    400: { description: 'A filter is malformed' },
    403: { description: 'Needs Read on /admin/security-log in the Global column' },
    ...signedIn,
  },
} as const;
