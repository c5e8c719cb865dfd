// The contracts of the sign-in page's settings and of logout (docs/auth.md), also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts). Neither reads input. Fastify's serialiser writes only the properties an
// answer's schema names, so each names every property its handler sends, in the handler's order.

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
