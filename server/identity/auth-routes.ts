import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { IdentityServices } from './identity-services';
import { newPasswordField } from './new-password-field';
import { PASSWORD_MIN_LENGTH, verifyPassword } from './passwords';
import { bodyObject, refuseUnknownFields, stringField } from './request-body';
import { revokeTokens, setUserPassword } from './user-admin';
import { findUserByOid } from './user-store';
import { writeSecurityEvent } from './security-log';
import { endAllSessions, renewSession } from './sessions';
import { publicRoute } from '../plugins/authenticate-first';
import { relyingPartyOf } from './passkey-relying-party';
import { AUTH_SETTINGS_ROUTE_SCHEMA, CHANGE_PASSWORD_ROUTE_SCHEMA, LOGOUT_ROUTE_SCHEMA } from './auth-schemas';
import { SIGN_IN_ROUTE_SCHEMA } from './sign-in-schemas';

/** Sign-in, logout, change password and the auth settings. */
export function registerAuthRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services;

  app.get('/api/v1-pub/auth/user/token.json', { ...publicRoute(), schema: SIGN_IN_ROUTE_SCHEMA }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const secondFactor = request.headers['x-mate-second-factor'];
      const passkey = request.headers['x-mate-passkey'];
      return await services.signIn(request.headers.authorization, request.ip, {
        userAgent: request.headers['user-agent'] ?? '',
        secondFactor: typeof secondFactor === 'string' ? secondFactor : undefined,
        passkey: typeof passkey === 'string' ? passkey : undefined,
        relyingParty: relyingPartyOf(services.publicUrl, request),
      });
    } catch (error) {
      // A throttle (429) or a back-off (401 [40103]) says when to try again.
      const retryAfter = error instanceof ApiError ? error.options.extra?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  });

  // Ends every token of the user (all devices): tokens are checked against the user's token version per request.
  app.post('/api/auth/logout', { schema: LOGOUT_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    await revokeTokens(db, context.userOid);
    const ended = await endAllSessions(db, context.userOid, services.now());
    await writeSecurityEvent(db, { kind: 'session-ended', userOid: context.userOid, username: context.username, address: request.ip, userAgent: request.headers['user-agent'], at: services.now(), detail: { reason: 'logout', sessions: ended } });
    return { loggedOut: true };
  });

  app.post('/api/auth/change-password', { schema: CHANGE_PASSWORD_ROUTE_SCHEMA }, async (request) => {
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
    const answer = await services.tokens.issue(changed!, context.sessionOid);
    if (context.sessionOid !== undefined) await renewSession(db, context.sessionOid, changed!.tokenVersion, services.now() + answer.expires_in * 1000);
    return answer;
  });

  app.get('/api/auth/settings', { ...publicRoute(), schema: AUTH_SETTINGS_ROUTE_SCHEMA }, async () => ({
    registrationAllowed: services.registrationAllowed,
    rememberAllowed: services.rememberAllowed,
    integratedLogin: true,
    providers: services.signInProviders,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    avatarBaseUrl: services.avatarBaseUrl,
  }));
}
