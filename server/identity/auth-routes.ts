import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { IdentityServices } from './identity-services';
import { newPasswordField } from './new-password-field';
import { PASSWORD_MIN_LENGTH, verifyPassword } from './passwords';
import { bodyObject, refuseUnknownFields, stringField } from './request-body';
import { revokeTokens, setUserPassword } from './user-admin';
import { findUserByOid } from './user-store';
import { publicRoute } from '../plugins/authenticate-first';

/** Sign-in, logout, change password and the auth settings. */
export function registerAuthRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services;

  app.get('/api/v1-pub/auth/user/token.json', publicRoute(), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      return await services.signIn(request.headers.authorization, request.ip);
    } catch (error) {
      // A throttle (429) or a back-off (401 [40103]) says when to try again.
      const retryAfter = error instanceof ApiError ? error.options.extra?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  });

  // Ends every token of the user (all devices): tokens are checked against the user's token version per request.
  app.post('/api/auth/logout', async (request) => {
    const context = await services.resolve(request);
    await revokeTokens(db, context.userOid);
    return { loggedOut: true };
  });

  app.post('/api/auth/change-password', async (request) => {
    const context = await services.resolve(request);
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['password', 'newPassword']);
    const password = stringField(body, 'password', { max: 1024 })!;
    const newPassword = newPasswordField(body, 'newPassword', 'The new password');
    const user = await findUserByOid(db, context.userOid);
    if (!user || !(await verifyPassword(user.passwordHash ?? undefined, password))) {
      throw new ApiError(400, 'The current password is wrong.', { errors: { password: ['is wrong'] } });
    }
    await setUserPassword(db, user.oid, newPassword);
    // The change ended the old token; hand out a new one so this session goes on.
    const changed = await findUserByOid(db, user.oid);
    return services.tokens.issue(changed!);
  });

  app.get('/api/auth/settings', publicRoute(), async () => ({
    registrationAllowed: services.registrationAllowed,
    rememberAllowed: services.rememberAllowed,
    integratedLogin: true,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    avatarBaseUrl: services.avatarBaseUrl,
  }));
}
