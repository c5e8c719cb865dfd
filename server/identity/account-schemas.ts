// The contracts of registration, its confirmation and the password reset (account-routes.ts; docs/auth.md), also
// their part of /api/openapi.json (server/api-docs/route-openapi.ts). All are public. The handlers check their
// bodies in code (request-body.ts, new-password-field.ts), each refusal naming the field, so the bodies are
// documented, not validated by Fastify. Fastify's serialiser writes only the properties an answer's schema names:
// each answer names every property its handler sends, in the handler's order.

import { bodyCheckedInCode, RETRY_AFTER_HEADER } from '../api-docs/openapi-fragments';
import { NEW_PASSWORD_SCHEMA } from './new-password-field';

const tags = ['auth'];
const anyone: readonly Record<string, unknown>[] = [];
/** A one-time token of a mailed link (one-time-tokens.ts). */
const MAILED_TOKEN = { type: 'string', minLength: 1, maxLength: 200, description: 'the token of the mailed link' } as const;
const text = (maxLength: number, description?: string) => ({ type: 'string', maxLength, ...(description ? { description } : {}) }) as const;
const done = <K extends string>(member: K) => ({ type: 'object', properties: { [member]: { type: 'boolean', enum: [true] } }, required: [member] }) as const;
const INVALID_FIELDS = 'A field missing, not a string, too long, unknown or otherwise invalid (each named in errors), or a body that is no JSON object';

/** `POST /api/auth/register`. */
export const REGISTER_ROUTE_SCHEMA = {
  tags,
  summary: 'Register (when MATE_REGISTRATION allows); the user stays disabled until the mailed link (valid 48 hours) confirms the address',
  security: anyone,
  requestBody: bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    properties: {
      username: { ...text(64, 'trimmed; at least 3 letters or digits, with . _ - @ only between them'), minLength: 3 },
      email: { ...text(254, 'trimmed; something@domain.tld'), minLength: 1 },
      password: NEW_PASSWORD_SCHEMA,
      firstname: text(60),
      lastname: text(60),
    },
    required: ['username', 'email', 'password'],
  }),
  response: {
    200: {
      description: 'Registered; a confirmation mail waits in the outbox',
      type: 'object',
      properties: { registered: { type: 'boolean', enum: [true] }, confirmationRequired: { type: 'boolean', enum: [true] } },
      required: ['registered', 'confirmationRequired'],
    },
    400: { description: INVALID_FIELDS },
    403: { description: 'Registration is off (MATE_REGISTRATION)' },
    409: { description: 'The username or e-mail address is taken (named in errors)' },
  },
} as const;

/** `POST /api/auth/confirm-registration`. */
export const CONFIRM_REGISTRATION_ROUTE_SCHEMA = {
  tags,
  summary: 'Confirm a registration with the token of its mail; the user is enabled',
  security: anyone,
  requestBody: bodyCheckedInCode({ type: 'object', additionalProperties: false, properties: { token: MAILED_TOKEN }, required: ['token'] }),
  response: {
    200: { description: 'Confirmed', ...done('confirmed') },
    400: { description: `An unknown, used or expired token, or: ${INVALID_FIELDS}` },
  },
} as const;

/** `POST /api/auth/reset-password`. */
export const RESET_PASSWORD_ROUTE_SCHEMA = {
  tags,
  summary: 'Ask for a password reset mail (always answers the same, whether the user exists or not; the mail goes out after the answer)',
  security: anyone,
  requestBody: bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    description: 'a username or an e-mail address (an empty one counts as not given)',
    properties: { username: text(256), email: text(254) },
    anyOf: [{ required: ['username'] }, { required: ['email'] }],
  }),
  response: {
    200: { description: 'Requested', ...done('requested') },
    400: { description: `Neither field given, or: ${INVALID_FIELDS}` },
    429: { description: 'Too many requests from this address (Retry-After, retryAfterSeconds)', headers: RETRY_AFTER_HEADER },
  },
} as const;

/** `POST /api/auth/set-password`. */
export const SET_PASSWORD_ROUTE_SCHEMA = {
  tags,
  summary: "Set a new password with the token of a reset or invitation mail; the user's older tokens end",
  security: anyone,
  requestBody: bodyCheckedInCode({ type: 'object', additionalProperties: false, properties: { token: MAILED_TOKEN, newPassword: NEW_PASSWORD_SCHEMA }, required: ['token', 'newPassword'] }),
  response: {
    200: { description: 'Set', ...done('passwordSet') },
    400: { description: `An unknown, used or expired token, a new password too short or too long, or: ${INVALID_FIELDS}` },
  },
} as const;
