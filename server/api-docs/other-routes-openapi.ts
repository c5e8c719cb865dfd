/**
 * OpenAPI paths of the routes outside the features' own fragments: sign-in and account (server/identity) and
 * GET /api/error({id}). The routes check their bodies in code (identity/request-body.ts); these schemas describe what
 * they take and answer (docs/auth.md, docs/api.md).
 */

type Json = Record<string, unknown>;

const json = (schema: Json, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json({ $ref: '#/components/schemas/Error' }, description);
const body = (properties: Record<string, Json>, required: string[] = []) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties, required } } },
});
const str = (maxLength?: number, description?: string): Json => ({ type: 'string', ...(maxLength ? { maxLength } : {}), ...(description ? { description } : {}) });
const signedIn = { 401: error('Not signed in') };
const anyone = { security: [] };

const header = (name: string, description: string) => ({ name, in: 'header', schema: { type: 'string' }, description });
const retryAfter = { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait before the next try' } };

const op = (tags: string[], summary: string, rest: Json) => ({ tags, summary, ...rest });

export const OTHER_ROUTES_OPENAPI_PATHS: Record<string, Json> = {
  '/api/v1-pub/auth/user/token.json': {
    get: op(['auth'], 'Sign in: HTTP Basic (or an API key) for a bearer token', {
      ...anyone,
      security: [{ basic: [] }],
      // What auth-routes.ts reads beside the Basic header: the second step of a sign-in with a second factor.
      parameters: [
        header('X-Mate-Second-Factor', 'after 40106: the code of the authenticator app, or a recovery code; with secondFactor "enrol", the first code of the app just set up'),
        header('X-Mate-Passkey', "after 40106 with passkey: true, instead of a code: the browser's assertion (AuthenticationResponseJSON as JSON, base64url) answering the challenge of /api/v1-pub/auth/passkey/options"),
      ],
      responses: {
        200: {
          ...json(
            {
              type: 'object',
              properties: {
                access_token: { type: 'string' },
                token_type: { type: 'string', enum: ['Bearer'] },
                expires_in: { type: 'integer', description: 'seconds until the token expires' },
                recoveryCodes: { type: 'array', items: { type: 'string' }, description: 'only when this sign-in completed the enrolment (secondFactor "enrol"): shown this once, each works once' },
              },
              required: ['access_token', 'token_type', 'expires_in'],
            },
            'A token (Cache-Control: no-store)',
          ),
        },
        401: {
          ...error(
            'error_code 40101 no or a malformed Basic header; 40102 wrong credentials; 40103 a back-off (Retry-After, retryAfterSeconds); 40104 disabled; 40105 beyond the licence; 40106 a second factor is needed (secondFactor: "code", "passkey" or "enrol"; passkey: whether the user has one); 40107 a wrong or used code; 40108 the passkey was refused',
          ),
          headers: retryAfter,
        },
        429: { ...error('Too many attempts from this address (Retry-After, retryAfterSeconds)'), headers: retryAfter },
      },
    }),
  },
  '/api/auth/change-password': {
    post: op(['auth'], "Change the signed-in user's password; answers a new token (all older tokens end)", { requestBody: body({ password: str(1024, 'the current password'), newPassword: str(1024) }, ['password', 'newPassword']), responses: { 200: json({ type: 'object' }), 400: error('The current password is wrong, or the new one too weak or missing'), ...signedIn } }),
  },
  '/api/auth/register': {
    post: op(['auth'], 'Register (when MATE_REGISTRATION allows); a confirmation mail goes to the outbox', {
      ...anyone,
      requestBody: body({ username: str(64), email: str(254), password: str(1024), firstname: str(60), lastname: str(60) }, ['username', 'email', 'password']),
      responses: { 200: json({ type: 'object' }), 400: error('Invalid fields'), 403: error('Registration is off'), 409: error('The name or address is taken') },
    }),
  },
  '/api/auth/confirm-registration': {
    post: op(['auth'], 'Confirm a registration with the token of its mail', { ...anyone, requestBody: body({ token: str(200) }, ['token']), responses: { 200: json({ type: 'object' }), 400: error('Unknown, used or expired token') } }),
  },
  '/api/auth/reset-password': {
    post: op(['auth'], 'Ask for a password reset mail (always answers the same, whether the user exists or not)', {
      ...anyone,
      requestBody: body({ username: str(256), email: str(254) }),
      responses: { 200: json({ type: 'object' }), 400: error('Neither field given'), 429: error('Too many requests (Retry-After)') },
    }),
  },
  '/api/auth/set-password': {
    post: op(['auth'], 'Set a new password with the token of a reset or invitation mail', { ...anyone, requestBody: body({ token: str(200), newPassword: str(1024) }, ['token', 'newPassword']), responses: { 200: json({ type: 'object' }), 400: error('Unknown, used or expired token, or a weak password') } }),
  },
  '/api/error({id})': {
    get: op(['system'], 'A stored server fault by the id of its error header; details for administrators only', {
      ...anyone,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 100 } }],
      responses: { 200: json({ type: 'object', properties: { id: { type: 'string' }, status: { type: 'integer' }, message: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } } }), 404: error('No such error') },
    }),
  },
};
