/** Wire schemas of the passkey routes and of regenerating recovery codes: their Fastify contracts, from which /api/openapi.json describes them. */
import { listOf } from '../api-docs/openapi-fragments';
import { CODE_BODY, RECOVERY_CODES_SCHEMA } from './security-schemas';

const timestamp = { type: 'string', format: 'date-time' } as const;
const oid = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const base64url = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' }) as const;

export const PASSKEY_OID_PARAMS = { type: 'object', additionalProperties: false, properties: { oid }, required: ['oid'] } as const;

export const PASSKEY_SCHEMA = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    name: { type: 'string' },
    createdAt: timestamp,
    lastUsedAt: { type: ['string', 'null'], format: 'date-time', description: 'the last sign-in with it; null when never used' },
  },
  required: ['oid', 'name', 'createdAt', 'lastUsedAt'],
} as const;

export const PASSKEY_LIST_SCHEMA = listOf(PASSKEY_SCHEMA);

/** `navigator.credentials.create` options (PublicKeyCredentialCreationOptionsJSON); passed to the browser as they are. */
export const REGISTRATION_OPTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: { challenge: { type: 'string', description: 'single-use, valid 5 minutes' }, rp: { type: 'object', additionalProperties: true } },
  required: ['challenge', 'rp'],
} as const;

/** `navigator.credentials.get` options (PublicKeyCredentialRequestOptionsJSON), allowing only the user's passkeys. */
export const AUTHENTICATION_OPTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: { challenge: { type: 'string', description: 'single-use, valid 5 minutes' }, rpId: { type: 'string' } },
  required: ['challenge'],
} as const;

/** The browser's answer to the creation options (RegistrationResponseJSON of @simplewebauthn/browser). */
export const PASSKEY_REGISTRATION_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // No NUL or other control characters: the name is shown and stored as text.
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description: 'how the account page lists it' },
    response: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: base64url(1400),
        rawId: base64url(1400),
        type: { type: 'string', enum: ['public-key'] },
        authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
        clientExtensionResults: { type: 'object' },
        response: {
          type: 'object',
          additionalProperties: false,
          properties: {
            clientDataJSON: base64url(8192),
            attestationObject: base64url(65536),
            authenticatorData: base64url(65536),
            transports: { type: 'array', maxItems: 10, items: { type: 'string', enum: ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] } },
            publicKeyAlgorithm: { type: 'integer' },
            publicKey: base64url(8192),
          },
          required: ['clientDataJSON', 'attestationObject'],
        },
      },
      required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
    },
  },
  required: ['name', 'response'],
} as const;

const signedIn = { 401: { description: 'Not signed in, or the session was ended' } } as const;

// The routes' contracts, also their part of /api/openapi.json (server/api-docs/route-openapi.ts).

export const PASSKEYS_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: "The signed-in user's passkeys",
  response: { 200: { description: 'OK', ...PASSKEY_LIST_SCHEMA }, ...signedIn },
} as const;

export const REGISTER_PASSKEY_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Register a passkey: the browser answer to the registration options, with a name',
  body: PASSKEY_REGISTRATION_BODY,
  response: { 201: { description: 'Registered', ...PASSKEY_SCHEMA }, 400: { description: 'No current challenge, or the answer does not verify' }, ...signedIn },
} as const;

export const REGISTRATION_OPTIONS_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Options for navigator.credentials.create (a single-use challenge, valid 5 minutes)',
  response: { 200: { description: 'OK', ...REGISTRATION_OPTIONS_SCHEMA }, ...signedIn },
} as const;

export const REMOVE_PASSKEY_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'Remove one of your passkeys',
  params: PASSKEY_OID_PARAMS,
  response: { 204: { description: 'Removed' }, 404: { description: 'No such passkey of this user' }, ...signedIn },
} as const;

export const SIGN_IN_PASSKEY_OPTIONS_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'At sign-in (HTTP Basic, after 40106): options for navigator.credentials.get; then sign in with X-Mate-Passkey',
  security: [{ basic: [] }],
  response: {
    200: { description: 'OK', ...AUTHENTICATION_OPTIONS_SCHEMA },
    401: { description: 'Wrong credentials or a back-off, as at sign-in' },
    409: { description: 'The user has no passkey' },
    429: { description: 'Too many attempts (Retry-After)' },
  },
} as const;

export const NEW_RECOVERY_CODES_ROUTE_SCHEMA = {
  tags: ['auth'],
  summary: 'New recovery codes (needs a current code or a recovery code); the old ones stop working',
  body: CODE_BODY,
  response: { 200: { description: 'OK', ...RECOVERY_CODES_SCHEMA }, 400: { description: 'The code is wrong' }, 404: { description: 'No authenticator app' }, ...signedIn },
} as const;
