// The contracts of the sign-in page's settings, logout and the password change (docs/auth.md), also their part of
// /api/openapi.json (server/api-docs/route-openapi.ts). Fastify's serialiser writes only the properties an answer's
// schema names, so each names every property its handler sends, in the handler's order. The password change checks
// its body in code (request-body.ts), each refusal naming the field: its body is documented, not validated by Fastify.

import { bodyCheckedInCode } from '../api-docs/openapi-fragments';
import { NEW_PASSWORD_SCHEMA } from './new-password-field';
import { ACCESS_TOKEN_SCHEMA } from './sign-in-schemas';
import { SIGNED_IN_REFUSALS } from './ui-schemas';

const tags = ['auth'];

/** `GET /api/auth/settings`. */
export const AUTH_SETTINGS_ROUTE_SCHEMA = {
  tags,
  summary: 'What the sign-in page offers',
  security: [],
  response: {
    200: {
      description: 'The sign-in options',
      type: 'object',
      properties: {
        registrationAllowed: { type: 'boolean', description: 'MATE_REGISTRATION' },
        rememberAllowed: { type: 'boolean' },
        integratedLogin: { type: 'boolean' },
        providers: { type: 'array', items: { type: 'string', enum: ['directory', 'google'] }, description: 'the OpenID providers the sign-in page offers (MATE_OIDC_*)' },
        passwordMinLength: { type: 'integer' },
        avatarBaseUrl: { type: 'string', description: 'where the avatar pictures are (MATE_AVATAR_BASE_URL, default /api/avatar)' },
      },
      required: ['registrationAllowed', 'rememberAllowed', 'integratedLogin', 'providers', 'passwordMinLength', 'avatarBaseUrl'],
    },
  },
} as const;

/** `POST /api/auth/logout`. */
export const LOGOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'End every token and session of the user (all devices)',
  response: {
    200: { description: 'Logged out', type: 'object', properties: { loggedOut: { type: 'boolean', enum: [true] } }, required: ['loggedOut'] },
    ...SIGNED_IN_REFUSALS,
  },
} as const;

/** `POST /api/auth/change-password`. */
export const CHANGE_PASSWORD_ROUTE_SCHEMA = {
  tags,
  summary: "Change the signed-in user's password; answers a new token (all older tokens end)",
  requestBody: bodyCheckedInCode({
    type: 'object',
    additionalProperties: false,
    properties: { password: { type: 'string', minLength: 1, maxLength: 1024, description: 'the current password' }, newPassword: NEW_PASSWORD_SCHEMA },
    required: ['password', 'newPassword'],
  }),
  response: {
    200: { description: "A new token for this call's session", ...ACCESS_TOKEN_SCHEMA },
    ...SIGNED_IN_REFUSALS,
    400: { description: 'The current password is wrong, the new one too short or too long, a field missing, not a string or unknown (each named in errors), or a bad scope header' },
  },
} as const;
