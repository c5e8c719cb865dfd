// The sign-in's contract (docs/auth.md), also its part of /api/openapi.json (server/api-docs/route-openapi.ts), and
// the token answer it shares with a password change. The sign-in reads only headers: the Basic one (its security)
// and those of the second step, which the schema describes and does not limit: a header always arrives as text, so
// it refuses nothing the route took before, and the sign-in judges the value. Fastify names headers in lower case.

import { RETRY_AFTER_HEADER } from '../api-docs/openapi-fragments';

/**
 * The token answer (sign-in.ts, token-service.ts): its members in the handler's order, since Fastify's serialiser
 * writes only these, required ones first.
 */
export const ACCESS_TOKEN_SCHEMA = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer', description: 'seconds until the token expires' },
  },
  required: ['access_token', 'token_type', 'expires_in'],
} as const;

/** `GET /api/v1-pub/auth/user/token.json`. */
export const SIGN_IN_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Sign in: HTTP Basic for a bearer token',
  security: [{ basic: [] }],
  headers: {
    type: 'object',
    properties: {
      'x-mate-second-factor': {
        type: 'string',
        description: 'after 40106: the code of the authenticator app, or a recovery code; with secondFactor "enrol", the first code of the app just set up',
      },
      'x-mate-passkey': {
        type: 'string',
        description: "after 40106 with passkey: true, instead of a code: the browser's assertion (AuthenticationResponseJSON as JSON, base64url) answering the challenge of /api/v1-pub/auth/passkey/options",
      },
    },
  },
  response: {
    200: {
      description: 'A token (Cache-Control: no-store)',
      ...ACCESS_TOKEN_SCHEMA,
      properties: {
        ...ACCESS_TOKEN_SCHEMA.properties,
        recoveryCodes: { type: 'array', items: { type: 'string' }, description: 'only when this sign-in completed the enrolment (secondFactor "enrol"): shown this once, each works once' },
      },
    },
    401: {
      description:
        'error_code 40101 no or a malformed Basic header (also a username or password over 256 characters); 40102 wrong credentials; 40103 a back-off (Retry-After, retryAfterSeconds); 40104 disabled; 40105 beyond the licence; 40106 a second factor is needed (secondFactor: "code", "passkey" or "enrol"; passkey: whether the user has one); 40107 a wrong or used code; 40108 the passkey was refused',
      headers: RETRY_AFTER_HEADER,
    },
    429: { description: 'Too many attempts from this address (Retry-After, retryAfterSeconds)', headers: RETRY_AFTER_HEADER },
  },
} as const;
