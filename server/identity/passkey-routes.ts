import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { publicRoute } from '../plugins/authenticate-first';
import type { IdentityContext } from './context-resolver';
import type { IdentityServices } from './identity-services';
import {
  NEW_RECOVERY_CODES_ROUTE_SCHEMA,
  PASSKEYS_ROUTE_SCHEMA,
  REGISTER_PASSKEY_ROUTE_SCHEMA,
  REGISTRATION_OPTIONS_ROUTE_SCHEMA,
  REMOVE_PASSKEY_ROUTE_SCHEMA,
  SIGN_IN_PASSKEY_OPTIONS_ROUTE_SCHEMA,
} from './passkey-schemas';
import { relyingPartyOf } from './passkey-relying-party';
import { authenticationOptions, finishRegistration, listPasskeys, registrationOptions, removePasskey } from './passkeys';
import { bodyObject, refuseUnknownFields } from './request-body';
import { replaceRecoveryCodes, secondFactorState, useSecondFactor } from './second-factor';
import { writeSecurityEvent, type SecurityEvent } from './security-log';

/** A POST without a body: anything sent is refused, as elsewhere. */
function noBody(request: FastifyRequest): void {
  if (request.body !== undefined && request.body !== null) refuseUnknownFields(bodyObject(request.body), []);
}

/**
 * Passkeys on the user's own account page, the passkey challenge at sign-in, and new recovery codes (docs/auth.md
 * "Passkeys", "Second factor").
 */
export function registerPasskeyRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services;
  const rpOf = (request: FastifyRequest) => relyingPartyOf(services.publicUrl, request);
  const log = (request: FastifyRequest, context: Pick<IdentityContext, 'userOid' | 'username'>, event: Omit<SecurityEvent, 'at'>) =>
    writeSecurityEvent(db, { userOid: context.userOid, username: context.username, address: request.ip, userAgent: request.headers['user-agent'], ...event, at: services.now() });

  app.get('/api/auth/passkeys', { schema: PASSKEYS_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    reply.header('cache-control', 'no-store');
    return { items: await listPasskeys(db, context.userOid) };
  });

  app.post('/api/auth/passkeys/registration-options', { schema: REGISTRATION_OPTIONS_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    noBody(request);
    reply.header('cache-control', 'no-store');
    return registrationOptions(db, { oid: context.userOid, username: context.username }, rpOf(request), services.now());
  });

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>(
    '/api/auth/passkeys',
    { schema: REGISTER_PASSKEY_ROUTE_SCHEMA },
    async (request, reply) => {
      const context = await services.resolve(request);
      const name = request.body.name.trim();
      if (!name) throw new ApiError(400, 'The passkey needs a name.', { errors: { name: ['is empty'] } });
      const outcome = await finishRegistration(db, context.userOid, rpOf(request), name, request.body.response, services.now());
      if (!outcome.ok) {
        await log(request, context, { kind: 'passkey-failed', detail: { at: 'enrol', reason: outcome.reason, message: outcome.message } });
        throw new ApiError(400, outcome.message, { errors: { response: [outcome.reason] } });
      }
      await log(request, context, { kind: 'passkey-enrolled', detail: { passkeyOid: outcome.value.oid, name } });
      return reply.status(201).send(outcome.value);
    },
  );

  app.delete<{ Params: { oid: number } }>('/api/auth/passkeys/:oid', { schema: REMOVE_PASSKEY_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    const name = await removePasskey(db, context.userOid, request.params.oid);
    if (name === undefined) throw new ApiError(404, `You have no passkey ${request.params.oid}.`);
    await log(request, context, { kind: 'passkey-removed', detail: { passkeyOid: request.params.oid, name } });
    return reply.status(204).send();
  });

  app.post('/api/v1-pub/auth/passkey/options', { ...publicRoute(), schema: SIGN_IN_PASSKEY_OPTIONS_ROUTE_SCHEMA }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      noBody(request);
      const user = await services.checkForPasskey(request.headers.authorization, request.ip, { userAgent: request.headers['user-agent'] ?? '' });
      return await authenticationOptions(db, user.oid, rpOf(request), services.now());
    } catch (error) {
      const retryAfter = error instanceof ApiError ? error.options.extra?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  });

  app.post<{ Body: { code: string } }>('/api/auth/second-factor/recovery-codes', { schema: NEW_RECOVERY_CODES_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await services.resolve(request);
    const state = await secondFactorState(db, context.userOid);
    if (!state.enrolled) throw new ApiError(404, 'You have no authenticator app, hence no recovery codes.');
    // A current code, as for removing the app: a session left open elsewhere cannot take the codes.
    const used = await useSecondFactor(db, context.userOid, request.body.code, services.now());
    if (!used) {
      await log(request, context, { kind: 'second-factor-wrong-code', detail: { at: 'recovery-codes' } });
      throw new ApiError(400, 'The code is wrong or was used already.', { errors: { code: ['is wrong'] } });
    }
    const recoveryCodes = await replaceRecoveryCodes(db, context.userOid);
    await log(request, context, { kind: 'recovery-codes-regenerated', detail: { confirmedBy: used } });
    reply.header('cache-control', 'no-store');
    return { recoveryCodes };
  });
}
