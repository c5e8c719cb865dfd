import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import { mailPasswordReset } from './password-reset';
import { createApiKey, type ApiKeyAccessLevel } from './api-keys';
import { publishIdentityEvent } from './identity-data-events';
import { reachOf, requireUserInReach } from './delegation';
import type { IdentityServices } from './identity-services';
import { navigationPaths } from './navigation-paths';
import { createOneTimeToken } from './one-time-tokens';
import { enqueueMail } from './outbox';
import { newPasswordField } from './new-password-field';
import { bodyObject, refuseUnknownFields, stringField } from './request-body';
import { CREATE_API_KEY_ROUTE_SCHEMA, INVITE_ROUTE_SCHEMA, PASSWORD_RESET_ROUTE_SCHEMA, SET_PASSWORD_ROUTE_SCHEMA } from './user-admin-schemas';
import { setUserPassword } from './user-admin';
import { findUserByOid } from './user-store';

/** An invitation link works once, for seven days. */
export const INVITE_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const USERS_PATH = '/data/identity/user';
const API_KEYS_PATH = '/data/identity/api-access';

function oidParam(raw: string | undefined, field: string): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw new ApiError(400, `The ${field} must be a positive whole number.`, { errors: { [field]: ['must be a positive whole number'] } });
  }
  return Number(raw);
}

async function existingUser(services: IdentityServices, oid: number) {
  const user = await findUserByOid(services.db, oid);
  if (!user) throw new ApiError(404, `There is no user with oid ${oid}.`);
  return user;
}

/**
 * What the Users grid cannot do by itself: set a password for a user created there, invite such a user by mail to
 * set it, and create API keys (the secret is shown once). See docs/auth.md.
 */
export function registerUserAdminRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services;
  const knownPaths = navigationPaths(services.navigation);

  app.post<{ Params: { oid: string } }>('/api/admin/users/:oid/password', { schema: SET_PASSWORD_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    if (!context.can(USERS_PATH, 'Update')) throw new ApiError(403, `Setting a password needs the permission Update on ${USERS_PATH}.`);
    const oid = oidParam(request.params.oid, 'oid');
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['newPassword']);
    const newPassword = newPasswordField(body, 'newPassword', 'The new password');
    await existingUser(services, oid);
    await requireUserInReach(db, context, reachOf(context, USERS_PATH, 'Update'), oid, 'oid', knownPaths);
    await setUserPassword(db, oid, newPassword);
    return { passwordSet: true };
  });

  app.post<{ Params: { oid: string } }>('/api/admin/users/:oid/invite', { schema: INVITE_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    if (!context.can(USERS_PATH, 'Update')) throw new ApiError(403, `Inviting a user needs the permission Update on ${USERS_PATH}.`);
    const oid = oidParam(request.params.oid, 'oid');
    if (request.body !== undefined && request.body !== null) refuseUnknownFields(bodyObject(request.body), []);
    const user = await existingUser(services, oid);
    await requireUserInReach(db, context, reachOf(context, USERS_PATH, 'Update'), oid, 'oid', knownPaths);
    if (!user.email) throw new ApiError(400, 'The user has no e-mail address to send the invitation to.', { errors: { EmailAddress: ['is empty'] } });
    if (user.disabled) throw new ApiError(409, 'The user is disabled; enable it before inviting.', { errors: { Disabled: ['is true'] } });
    await db.transaction(async (tx) => {
      const token = await createOneTimeToken(tx, oid, 'invite', INVITE_VALID_MS, services.now());
      await enqueueMail(tx, {
        to: user.email!,
        subject: 'Set your password',
        text:
          `Hello ${user.firstName ?? user.username},\n\nan administrator created the user ${user.username} for you. ` +
          `Set your password here to sign in:\n\n${services.publicUrl}/auth/reset-password?token=${token}\n\n` +
          `The link works once and is valid for seven days.\n`,
      });
    });
    return { invited: true, to: user.email };
  });

  // "Send password reset" on a user's row: the self-service reset mail, sent by an administrator. The answer says
  // whether the mail leaves by SMTP or only waits in the outbox (no MATE_SMTP_URL), so the UI can say so.
  app.post<{ Params: { oid: string } }>('/api/admin/users/:oid/password-reset', { schema: PASSWORD_RESET_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    if (!context.can(USERS_PATH, 'Update')) throw new ApiError(403, `Sending a password reset needs the permission Update on ${USERS_PATH}.`);
    const oid = oidParam(request.params.oid, 'oid');
    if (request.body !== undefined && request.body !== null) refuseUnknownFields(bodyObject(request.body), []);
    const user = await existingUser(services, oid);
    await requireUserInReach(db, context, reachOf(context, USERS_PATH, 'Update'), oid, 'oid', knownPaths);
    if (!user.email) throw new ApiError(400, 'The user has no e-mail address to send the link to.', { errors: { EmailAddress: ['is empty'] } });
    if (user.disabled) throw new ApiError(409, 'The user is disabled; enable it before sending a password reset.', { errors: { Disabled: ['is true'] } });
    await mailPasswordReset(db, services, { oid, email: user.email, username: user.username, firstName: user.firstName }, 'administrator');
    return { result: services.mailDelivery === 'smtp' ? 'sent' : 'queued', to: user.email };
  });

  app.post('/api/admin/api-keys', { schema: CREATE_API_KEY_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    if (!context.can(API_KEYS_PATH, 'Create')) throw new ApiError(403, `Creating an API key needs the permission Create on ${API_KEYS_PATH}.`);
    const body = bodyObject(request.body);
    refuseUnknownFields(body, ['name', 'userOid', 'expiresAt', 'accessLevel', 'description', 'allowedIpRanges']);
    const name = stringField(body, 'name', { max: 60 })!.trim();
    if (!name) throw new ApiError(400, 'The field name is required.', { errors: { name: ['is required'] } });
    const userOid = body.userOid;
    if (typeof userOid !== 'number' || !Number.isSafeInteger(userOid) || userOid < 1) {
      throw new ApiError(400, 'The field userOid must be the oid of a user.', { errors: { userOid: ['must be a positive whole number'] } });
    }
    if (!(await findUserByOid(db, userOid))) throw new ApiError(400, `There is no user with oid ${userOid}.`, { errors: { userOid: ['is not an existing user'] } });
    // A key acts as its user: only for a user inside the caller's reach, who may do nothing the caller may not.
    await requireUserInReach(db, context, reachOf(context, API_KEYS_PATH, 'Create'), userOid, 'userOid', knownPaths);
    const expiresAt = stringField(body, 'expiresAt', { required: false, max: 40 });
    if (expiresAt !== undefined) {
      const at = /^\d{4}-\d{2}-\d{2}T/.test(expiresAt) ? Date.parse(expiresAt) : NaN;
      if (!Number.isFinite(at)) throw new ApiError(400, 'The field expiresAt must be an ISO date-time.', { errors: { expiresAt: ['must be an ISO date-time like 2026-01-31T00:00:00Z'] } });
      if (at <= services.now()) throw new ApiError(400, 'The field expiresAt must lie in the future.', { errors: { expiresAt: ['must lie in the future'] } });
    }
    const accessLevel = stringField(body, 'accessLevel', { required: false }) ?? 'read';
    if (accessLevel !== 'read' && accessLevel !== 'readWrite') {
      throw new ApiError(400, "The field accessLevel must be 'read' or 'readWrite'.", { errors: { accessLevel: ["must be 'read' or 'readWrite'"] } });
    }
    const description = stringField(body, 'description', { required: false, max: 500 });
    const ranges = body.allowedIpRanges;
    if (ranges !== undefined && ranges !== null && (!Array.isArray(ranges) || ranges.some((r) => typeof r !== 'string'))) {
      throw new ApiError(400, 'The field allowedIpRanges must be a list of CIDR ranges.', { errors: { allowedIpRanges: ['must be a list of strings like 10.20.0.0/16'] } });
    }
    const created = await createApiKey(db, {
      name,
      userOid,
      expiresAt,
      accessLevel: accessLevel as ApiKeyAccessLevel,
      description,
      allowedIpRanges: (ranges as string[] | null | undefined) ?? null,
    });
    await publishIdentityEvent(db, services.events, 'DataServiceCreate', 'apiAccess', created.oid).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not publish a data event'),
    );
    return reply.status(201).send(created);
  });
}
