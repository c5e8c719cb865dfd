import bwipjs from 'bwip-js/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { reachOf, requireUserInReach } from './delegation';
import type { IdentityContext } from './context-resolver';
import type { IdentityServices } from './identity-services';
import { navigationPaths } from './navigation-paths';
import { bodyObject, refuseUnknownFields } from './request-body';
import { confirmEnrolment, removeSecondFactor, secondFactorState, startEnrolment, useSecondFactor } from './second-factor';
import { querySecurityLog, writeSecurityEvent, type SecurityEvent, type SecurityLogQuery } from './security-log';
import {
  CONFIRM_ENROLMENT_ROUTE_SCHEMA,
  END_SESSION_ROUTE_SCHEMA,
  END_USER_SESSIONS_ROUTE_SCHEMA,
  REMOVE_SECOND_FACTOR_ROUTE_SCHEMA,
  SECOND_FACTOR_STATE_ROUTE_SCHEMA,
  SECURITY_LOG_ROUTE_SCHEMA,
  SESSIONS_ROUTE_SCHEMA,
  SIGN_IN_ENROLMENT_ROUTE_SCHEMA,
  START_ENROLMENT_ROUTE_SCHEMA,
} from './security-schemas';
import { activeSessions, endAllSessions, endSession } from './sessions';
import { otpauthUri } from './totp';
import { revokeTokens } from './user-admin';
import { findUserByOid } from './user-store';
import { publicRoute } from '../plugins/authenticate-first';

/** The navigation path whose Read right (Global column) opens the security log. */
export const SECURITY_LOG_PATH = '/admin/security-log';
const USERS_PATH = '/data/identity/user';
/** The issuer authenticator apps show above the code. */
const TOTP_ISSUER = 'Mate';

/** A POST without a body: anything sent is refused, as elsewhere. */
function noBody(request: FastifyRequest): void {
  if (request.body !== undefined && request.body !== null) refuseUnknownFields(bodyObject(request.body), []);
}

/** The QR code an authenticator app scans, drawn here: the secret never goes to another service. */
export function enrolmentAnswer(username: string, secret: string) {
  const uri = otpauthUri(TOTP_ISSUER, username, secret);
  const qrSvg = bwipjs.toSVG({ bcid: 'qrcode', text: uri, scale: 4, eclevel: 'M', padding: 8, backgroundcolor: 'FFFFFF' } as bwipjs.RenderOptions);
  return { secret, otpauthUri: uri, qrSvg };
}

/**
 * The second factor on the user's own account page, the enrolment at sign-in, sessions, ending a user's sessions
 * and the security log (docs/auth.md "Second factor", "Sessions", "Security log").
 */
export function registerSecurityRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services;
  const knownPaths = navigationPaths(services.navigation);
  const log = (request: FastifyRequest, context: Pick<IdentityContext, 'userOid' | 'username'>, event: Omit<SecurityEvent, 'at'>) =>
    writeSecurityEvent(db, { userOid: context.userOid, username: context.username, address: request.ip, userAgent: request.headers['user-agent'], ...event, at: services.now() });

  app.get('/api/auth/second-factor', { schema: SECOND_FACTOR_STATE_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    reply.header('cache-control', 'no-store');
    return secondFactorState(db, context.userOid);
  });

  app.post('/api/auth/second-factor/enrolment', { schema: START_ENROLMENT_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    noBody(request);
    const secret = await startEnrolment(db, context.userOid);
    if (!secret) throw new ApiError(409, 'You have a second factor already: remove it first to set up another app.');
    reply.header('cache-control', 'no-store');
    return enrolmentAnswer(context.username, secret);
  });

  app.post<{ Body: { code: string } }>('/api/auth/second-factor/confirm', { schema: CONFIRM_ENROLMENT_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    const recoveryCodes = await confirmEnrolment(db, context.userOid, request.body.code, services.now());
    if (!recoveryCodes) throw new ApiError(400, 'The code is wrong, or no set-up is waiting.', { errors: { code: ['is wrong'] } });
    await log(request, context, { kind: 'second-factor-enrolled', detail: { at: 'account' } });
    reply.header('cache-control', 'no-store');
    return { recoveryCodes };
  });

  app.delete<{ Body: { code: string } }>('/api/auth/second-factor', { schema: REMOVE_SECOND_FACTOR_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    const state = await secondFactorState(db, context.userOid);
    if (!state.enrolled) throw new ApiError(404, 'You have no second factor.');
    // A current code: a session left open on someone else's screen cannot take the factor away.
    const used = await useSecondFactor(db, context.userOid, request.body.code, services.now());
    if (!used) {
      await log(request, context, { kind: 'second-factor-wrong-code', detail: { at: 'remove' } });
      throw new ApiError(400, 'The code is wrong or was used already.', { errors: { code: ['is wrong'] } });
    }
    await removeSecondFactor(db, context.userOid);
    await log(request, context, { kind: 'second-factor-removed', detail: { confirmedBy: used } });
    return reply.status(204).send();
  });

  app.post('/api/v1-pub/auth/second-factor/enrolment', { ...publicRoute(), schema: SIGN_IN_ENROLMENT_ROUTE_SCHEMA }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      noBody(request);
      const user = await services.checkForEnrolment(request.headers.authorization, request.ip, { userAgent: request.headers['user-agent'] ?? '' });
      const secret = await startEnrolment(db, user.oid);
      if (!secret) throw new ApiError(409, 'This user has a second factor already: sign in with its code.');
      return enrolmentAnswer(user.username, secret);
    } catch (error) {
      const retryAfter = error instanceof ApiError ? error.options.extra?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  });

  app.get('/api/auth/sessions', { schema: SESSIONS_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    reply.header('cache-control', 'no-store');
    const sessions = await activeSessions(db, context.userOid, services.now());
    return { items: sessions.map((session) => ({ ...session, current: session.oid === context.sessionOid })) };
  });

  app.delete<{ Params: { oid: number } }>('/api/auth/sessions/:oid', { schema: END_SESSION_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    if (!(await endSession(db, context.userOid, request.params.oid, services.now()))) {
      throw new ApiError(404, `You have no open session ${request.params.oid}.`);
    }
    await log(request, context, { kind: 'session-ended', detail: { sessionOid: request.params.oid, current: request.params.oid === context.sessionOid } });
    return reply.status(204).send();
  });

  app.post<{ Params: { oid: number } }>('/api/admin/users/:oid/sessions/end', { schema: END_USER_SESSIONS_ROUTE_SCHEMA }, async (request) => {
    const context = await services.resolve(request);
    if (!context.can(USERS_PATH, 'Update')) throw new ApiError(403, `Ending a user's sessions needs the permission Update on ${USERS_PATH}.`);
    noBody(request);
    const user = await findUserByOid(db, request.params.oid);
    if (!user) throw new ApiError(404, `There is no user with oid ${request.params.oid}.`);
    await requireUserInReach(db, context, reachOf(context, USERS_PATH, 'Update'), user.oid, 'oid', knownPaths);
    const ended = await endAllSessions(db, user.oid, services.now());
    // Tokens without a session (issued before sessions existed) end too.
    await revokeTokens(db, user.oid);
    await writeSecurityEvent(db, {
      kind: 'session-ended',
      userOid: user.oid,
      username: user.username,
      actorOid: context.userOid,
      address: request.ip,
      userAgent: request.headers['user-agent'],
      detail: { reason: 'administrator', sessions: ended },
      at: services.now(),
    });
    return { ended };
  });

  app.get<{ Querystring: SecurityLogQuery }>('/api/admin/security-log', { schema: SECURITY_LOG_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    // The log holds every tenant's users: like the outbox, only the Global column counts.
    if (!context.canGlobally(SECURITY_LOG_PATH, 'Read')) {
      throw new ApiError(403, `Reading the security log needs the permission Read on ${SECURITY_LOG_PATH} in the Global column: it holds every tenant's users.`);
    }
    reply.header('cache-control', 'no-store');
    return querySecurityLog(db, request.query);
  });
}
