/** The route contracts of the sign-in with a directory or Google (oidc-routes.ts; docs/auth.md), from which /api/openapi.json describes them. */
import { AUTHENTICATION_OPTIONS_SCHEMA } from './passkey-schemas';
import { ENROLMENT_SCHEMA } from './security-schemas';
import { OIDC_PROVIDER_IDS } from './oidc-config';

export const PROVIDER_PARAMS = {
  type: 'object',
  properties: { provider: { type: 'string', enum: [...OIDC_PROVIDER_IDS] } },
  required: ['provider'],
} as const;
export const START_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    returnTo: { type: 'string', maxLength: 2000, description: 'the product path to open after the sign-in (default /; another origin is ignored)' },
    remember: { type: 'string', enum: ['0', '1', 'true', 'false'], description: 'keep the session beyond the tab (the sign-in form\'s remember option)' },
  },
} as const;
export const CALLBACK_QUERY = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 4000 },
    state: { type: 'string', maxLength: 1000 },
    error: { type: 'string', maxLength: 200 },
    error_description: { type: 'string', maxLength: 2000 },
  },
} as const;
export const EXCHANGE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id_token: { type: 'string', minLength: 1, maxLength: 16_000, description: "the provider's ID token (a JWT)" },
    provider: { type: 'string', enum: [...OIDC_PROVIDER_IDS], description: 'whose token it is; default directory' },
  },
  required: ['id_token'],
} as const;

/**
 * The exchange's headers. Only described: the values are free text the sign-in checks (a header always arrives as
 * text), so the schema refuses nothing the route took before. Fastify names headers in lower case.
 */
export const EXCHANGE_HEADERS = {
  type: 'object',
  properties: {
    'x-mate-second-factor': { type: 'string', description: 'the code of the authenticator app or a recovery code, after 40106' },
    'x-mate-passkey': {
      type: 'string',
      description: "after 40106 with passkey: true, instead of a code: the browser's assertion (AuthenticationResponseJSON as JSON, base64url) answering the challenge of /api/v1-pub/aad-auth/passkey/options",
    },
  },
} as const;

/** The token answer (docs/auth.md; its members are fixed by the shell's contract): more members pass through unchanged. */
const TOKEN_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: { access_token: { type: 'string' }, token_type: { type: 'string' }, expires_in: { type: 'integer' }, recoveryCodes: { type: 'array', items: { type: 'string' } } },
  required: ['access_token', 'token_type', 'expires_in'],
} as const;

const notConfigured = { 404: { description: 'The provider is not configured' } } as const;
const badBody = { 400: { description: 'A bad body' } } as const;

// The routes' contracts, also their part of /api/openapi.json (server/api-docs/route-openapi.ts); all are public.

export const START_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Start a sign-in with the provider: redirects the browser there (authorization code with PKCE; state in an HttpOnly cookie)',
  security: [],
  params: PROVIDER_PARAMS,
  querystring: START_QUERY,
  response: { 302: { description: "To the provider's authorization endpoint" }, 400: { description: 'An unknown provider or a bad query' }, ...notConfigured, 503: { description: 'The provider cannot be reached' } },
} as const;

export const CALLBACK_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "Where the provider sends the browser back: exchanges the code, then redirects to /auth/login#provider=..&id_token=..&returnTo=.. (or /auth/login?providerError=access_denied|provider_error|state|code|expired|failed)",
  security: [],
  params: PROVIDER_PARAMS,
  querystring: CALLBACK_QUERY,
  response: { 302: { description: 'To the sign-in page' }, 400: { description: 'An unknown provider or a bad query' }, ...notConfigured },
} as const;

export const EXCHANGE_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "Directory token exchange: a provider's ID token for the product's access token (links the user by verified e-mail or provisions one)",
  security: [],
  headers: EXCHANGE_HEADERS,
  body: EXCHANGE_BODY,
  response: {
    200: { description: 'A token', ...TOKEN_SCHEMA },
    ...badBody,
    401: { description: '40109 token not valid here (signature, issuer, audience, expiry); 40110 no user to link; 40103, 40104, 40105, 40106, 40107, 40108 as the sign-in' },
    ...notConfigured,
  },
} as const;

export const PROVIDER_ENROLMENT_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "Set up the second factor a role requires, at a sign-in through a provider (the provider's ID token instead of a password)",
  security: [],
  body: EXCHANGE_BODY,
  response: { 200: { description: 'The secret and its QR code', ...ENROLMENT_SCHEMA }, ...badBody, 401: { description: 'As the exchange' }, ...notConfigured, 409: { description: 'A factor exists, or none is required' } },
} as const;

export const PROVIDER_PASSKEY_OPTIONS_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "At a sign-in through a provider (after 40106 with passkey: true): options for navigator.credentials.get allowing the user's passkeys; then the exchange with X-Mate-Passkey",
  security: [],
  body: EXCHANGE_BODY,
  response: {
    200: { description: 'The options (a single-use challenge, valid 5 minutes)', ...AUTHENTICATION_OPTIONS_SCHEMA },
    ...badBody,
    401: { description: 'As the exchange' },
    ...notConfigured,
    409: { description: 'The user has no passkey' },
  },
} as const;
