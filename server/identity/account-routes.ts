import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import { publishIdentityEvent } from './identity-data-events';
import type { IdentityServices } from './identity-services';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens';
import { enqueueMail } from './outbox';
import { newPasswordField } from './new-password-field';
import { mailResetLink } from './password-reset';
import { ResetThrottle } from './reset-throttle';
import { bodyObject, refuseUnknownFields, stringField } from './request-body';
import { createUser, enableUser, setUserPassword } from './user-admin';
import { publicRoute } from '../plugins/authenticate-first';
import { CONFIRM_REGISTRATION_ROUTE_SCHEMA, REGISTER_ROUTE_SCHEMA, RESET_PASSWORD_ROUTE_SCHEMA, SET_PASSWORD_ROUTE_SCHEMA } from './account-schemas';

const USERNAME_PATTERN = /^[A-Za-z0-9]+([._@-][A-Za-z0-9]+)*$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONFIRMATION_VALID_MS = 48 * 60 * 60 * 1000;
export { RESET_VALID_MS } from './password-reset';

function invalidToken(): ApiError {
  return new ApiError(400, 'The link is invalid, already used or expired.', { errors: { token: ['is invalid, already used or expired'] } });
}

/** Registration with e-mail confirmation, and password reset by mailed one-time link. */
export function registerAccountRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services;
  const resetThrottle = new ResetThrottle(services.now);

  app.post('/api/auth/register', { ...publicRoute(), schema: REGISTER_ROUTE_SCHEMA }, async (request) => {
    if (!services.registrationAllowed) throw new ApiError(403, 'Registration is not enabled on this site.');
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['firstname', 'lastname', 'email', 'username', 'password']);
    const username = stringField(body, 'username', { max: 64 })!.trim();
    if (username.length < 3 || !USERNAME_PATTERN.test(username)) {
      throw new ApiError(400, 'The username must have at least 3 letters or digits; dots, hyphens, underscores and @ only between them.', {
        errors: { username: ['must be at least 3 letters or digits, with . _ - @ only between them'] },
      });
    }
    const email = stringField(body, 'email', { max: 254 })!.trim();
    if (!EMAIL_PATTERN.test(email)) throw new ApiError(400, 'The e-mail address is not valid.', { errors: { email: ['is not a valid e-mail address'] } });
    const password = newPasswordField(body, 'password', 'The password');
    const firstName = stringField(body, 'firstname', { required: false, max: 60 });
    const lastName = stringField(body, 'lastname', { required: false, max: 60 });

    const userOid = await db.transaction(async (tx) => {
      const userOid = await createUser(tx, { username, password, email, firstName, lastName, disabled: true, pendingConfirmation: true });
      const token = await createOneTimeToken(tx, userOid, 'confirm-registration', CONFIRMATION_VALID_MS, services.now());
      await enqueueMail(tx, {
        to: email,
        subject: 'Confirm your e-mail address',
        text:
          `Hello ${firstName ?? username},\n\nplease confirm your e-mail address to activate the user ${username}:\n\n` +
          `${services.publicUrl}/auth/validate-email?token=${token}\n\nThe link is valid for 48 hours.\n`,
      });
      return userOid;
    });
    await publishIdentityEvent(db, services.events, 'DataServiceCreate', 'user', userOid).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not publish a data event'),
    );
    return { registered: true, confirmationRequired: true };
  });

  app.post('/api/auth/confirm-registration', { ...publicRoute(), schema: CONFIRM_REGISTRATION_ROUTE_SCHEMA }, async (request) => {
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['token']);
    const token = stringField(body, 'token', { max: 200 })!;
    const userOid = await consumeOneTimeToken(db, token, 'confirm-registration', services.now());
    if (userOid === undefined) throw invalidToken();
    await enableUser(db, userOid);
    await publishIdentityEvent(db, services.events, 'DataServiceUpdate', 'user', userOid).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not publish a data event'),
    );
    return { confirmed: true };
  });

  // Always the same answer at the same cost, so it never tells whether a user or address exists.
  app.post('/api/auth/reset-password', { ...publicRoute(), schema: RESET_PASSWORD_ROUTE_SCHEMA }, async (request, reply) => {
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['username', 'email']);
    const username = stringField(body, 'username', { required: false });
    const email = stringField(body, 'email', { required: false, max: 254 });
    if (!username && !email) {
      throw new ApiError(400, 'Give a username or an e-mail address.', { errors: { username: ['username or email is required'], email: ['username or email is required'] } });
    }
    try {
      resetThrottle.takeAddress(request.ip);
    } catch (error) {
      reply.header('retry-after', String((error as ApiError).options.extra?.retryAfterSeconds ?? 60));
      throw error;
    }
    // The lookup and the mail happen after the answer: what the caller sees cannot depend on whether the user exists.
    const queued = services.background.run(
      () => mailResetLink({ db, throttle: resetThrottle, now: services.now, publicUrl: services.publicUrl }, { username, email }),
      (error) => request.log.error({ err: error }, 'could not mail a password reset link'),
    );
    if (!queued) request.log.warn('password reset dropped: too many pending');
    return { requested: true };
  });

  app.post('/api/auth/set-password', { ...publicRoute(), schema: SET_PASSWORD_ROUTE_SCHEMA }, async (request) => {
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['token', 'newPassword']);
    const token = stringField(body, 'token', { max: 200 })!;
    const newPassword = newPasswordField(body, 'newPassword', 'The new password');
    // An administrator's invitation (POST /api/admin/users/:oid/invite) sets the first password the same way.
    const userOid = await consumeOneTimeToken(db, token, ['reset-password', 'invite'], services.now());
    if (userOid === undefined) throw invalidToken();
    await setUserPassword(db, userOid, newPassword);
    return { passwordSet: true };
  });
}
