/** OpenAPI paths of the sign-in with a directory or Google (oidc-routes.ts; docs/auth.md). */
import { errorResponse, jsonResponse } from '../api-docs/openapi-fragments';
import { AUTHENTICATION_OPTIONS_SCHEMA } from './passkey-openapi';
import { ENROLMENT_SCHEMA } from './security-openapi';
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

const providerPath = { name: 'provider', in: 'path', required: true, schema: PROVIDER_PARAMS.properties.provider };
const queryOf = (schema: { properties: Record<string, unknown> }) => Object.entries(schema.properties).map(([name, s]) => ({ name, in: 'query', schema: s }));
const secondFactorHeader = { name: 'X-Mate-Second-Factor', in: 'header', schema: { type: 'string' }, description: 'the code of the authenticator app or a recovery code, after 40106' };
const passkeyHeader = {
  name: 'X-Mate-Passkey',
  in: 'header',
  schema: { type: 'string' },
  description: "after 40106 with passkey: true, instead of a code: the browser's assertion (AuthenticationResponseJSON as JSON, base64url) answering the challenge of /api/v1-pub/aad-auth/passkey/options",
};
const anyone = { security: [] };
const tokenAnswer = jsonResponse('A token', { type: 'object', properties: { access_token: { type: 'string' }, token_type: { type: 'string' }, expires_in: { type: 'integer' }, recoveryCodes: { type: 'array', items: { type: 'string' } } }, required: ['access_token', 'token_type', 'expires_in'] });

export const OIDC_OPENAPI_PATHS = {
  '/api/v1-pub/oidc/{provider}/start': {
    get: {
      tags: ['auth'],
      summary: 'Start a sign-in with the provider: redirects the browser there (authorization code with PKCE; state in an HttpOnly cookie)',
      ...anyone,
      parameters: [providerPath, ...queryOf(START_QUERY)],
      responses: { 302: { description: "To the provider's authorization endpoint" }, 400: errorResponse('An unknown provider or a bad query'), 404: errorResponse('The provider is not configured'), 503: errorResponse('The provider cannot be reached') },
    },
  },
  '/api/v1-pub/oidc/{provider}/callback': {
    get: {
      tags: ['auth'],
      summary: "Where the provider sends the browser back: exchanges the code, then redirects to /auth/login#provider=..&id_token=..&returnTo=.. (or /auth/login?providerError=access_denied|provider_error|state|code|expired|failed)",
      ...anyone,
      parameters: [providerPath, ...queryOf(CALLBACK_QUERY)],
      responses: { 302: { description: 'To the sign-in page' }, 400: errorResponse('An unknown provider or a bad query'), 404: errorResponse('The provider is not configured') },
    },
  },
  '/api/v1-pub/aad-auth/token.json': {
    post: {
      tags: ['auth'],
      summary: "Directory token exchange: a provider's ID token for the product's access token (links the user by verified e-mail or provisions one)",
      ...anyone,
      parameters: [secondFactorHeader, passkeyHeader],
      requestBody: { required: true, content: { 'application/json': { schema: EXCHANGE_BODY } } },
      responses: {
        200: tokenAnswer,
        400: errorResponse('A bad body'),
        401: errorResponse('40109 token not valid here (signature, issuer, audience, expiry); 40110 no user to link; 40103, 40104, 40105, 40106, 40107, 40108 as the sign-in'),
        404: errorResponse('The provider is not configured'),
      },
    },
  },
  '/api/v1-pub/aad-auth/second-factor/enrolment': {
    post: {
      tags: ['auth'],
      summary: "Set up the second factor a role requires, at a sign-in through a provider (the provider's ID token instead of a password)",
      ...anyone,
      requestBody: { required: true, content: { 'application/json': { schema: EXCHANGE_BODY } } },
      responses: { 200: jsonResponse('The secret and its QR code', ENROLMENT_SCHEMA), 400: errorResponse('A bad body'), 401: errorResponse('As the exchange'), 404: errorResponse('The provider is not configured'), 409: errorResponse('A factor exists, or none is required') },
    },
  },
  '/api/v1-pub/aad-auth/passkey/options': {
    post: {
      tags: ['auth'],
      summary: "At a sign-in through a provider (after 40106 with passkey: true): options for navigator.credentials.get allowing the user's passkeys; then the exchange with X-Mate-Passkey",
      ...anyone,
      requestBody: { required: true, content: { 'application/json': { schema: EXCHANGE_BODY } } },
      responses: {
        200: jsonResponse('The options (a single-use challenge, valid 5 minutes)', AUTHENTICATION_OPTIONS_SCHEMA),
        400: errorResponse('A bad body'),
        401: errorResponse('As the exchange'),
        404: errorResponse('The provider is not configured'),
        409: errorResponse('The user has no passkey'),
      },
    },
  },
} as const;
