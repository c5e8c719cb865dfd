import type { Database } from '../db/database';
import { entityTableName, quoteIdent } from '../data/sql-names';
import { ApiError } from '../lib/api-error';
import { IDENTITY_TABLES, IDENTITY_WRITER } from './identity-tables';
import { isBeyondLicence } from './licensed-users';
import type { OidcConfig, OidcProviderId } from './oidc-config';
import { parsePasskeyHeader, usePasskey } from './passkeys';
import { confirmEnrolment, secondFactorState, useSecondFactor } from './second-factor';
import { writeSecurityEvent, type SecurityEvent } from './security-log';
import { openSession } from './sessions';
import { FIRST_BACKOFF_SECONDS, recordAccountFailure } from './sign-in-backoff';
import { secondFactorStep, SIGN_IN_CODES, type SignInAnswer, type SignInClient } from './sign-in';
import type { TokenService } from './token-service';
import { createUser, setUserRoles, setUserTenants, USERNAME_PATTERN } from './user-admin';
import { findUserByEmail, findUserByOid, type UserRecord } from './user-store';

/** Codes of a provider sign-in beside those of spec 1 §8 (docs/auth.md "Sign-in with a directory or Google"). */
export const PROVIDER_SIGN_IN_CODES = {
  /** The provider's token is not valid here: signature, issuer, audience or expiry. */
  invalidToken: '40109',
  /** The token is valid but names no user this product may sign in: e-mail not verified, unknown without provisioning, linked to another account. */
  noUser: '40110',
} as const;

/** Who the provider says signed in (claims of a verified ID token). */
export interface ProviderIdentity {
  provider: OidcProviderId;
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

export interface ProviderSignInDependencies {
  db: Database;
  tokens: TokenService;
  now: () => number;
  oidc: OidcConfig;
  licensedUsers: number | undefined;
  tokenLifetimeSeconds: number;
  firstBackoffSeconds?: number;
}

const fail = (code: string, message: string, extra?: Record<string, unknown>) => new ApiError(401, message, { code, description: message, ...(extra ? { extra } : {}) });

/** The identity of verified claims; the e-mail counts as verified only when the provider says `email_verified: true`. */
export function identityOfClaims(provider: OidcProviderId, claims: Record<string, unknown>): ProviderIdentity {
  const text = (name: string) => (typeof claims[name] === 'string' && (claims[name] as string).trim() ? (claims[name] as string).trim() : undefined);
  return {
    provider,
    subject: String(claims.sub),
    email: text('email'),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text('given_name')?.slice(0, 60),
    lastName: text('family_name')?.slice(0, 60),
  };
}

/** A free username for a provisioned user: the e-mail address when it fits the rule, else its local part, numbered when taken. */
async function freeUsername(db: Database, email: string): Promise<string> {
  const local = email.split('@')[0]!.replace(/[^A-Za-z0-9._-]+/g, '').replace(/^[._-]+|[._-]+$/g, '').replace(/[._-]{2,}/g, '.').slice(0, 56);
  const base = email.length <= 64 && USERNAME_PATTERN.test(email) ? email : local.length >= 3 ? local : `user.${local || 'new'}`;
  for (let n = 0; n < 100; n++) {
    const candidate = n === 0 ? base : `${base.slice(0, 60)}${n + 1}`;
    const taken = await db.query(`select 1 from ${IDENTITY_TABLES.user} where lower("UserName") = lower($1)`, [candidate]);
    if (taken.rowCount === 0) return candidate;
  }
  throw new ApiError(409, 'No free username could be made from the e-mail address.');
}

/**
 * Signing in with the identity a provider vouched for (docs/auth.md): link by verified e-mail or provision, then
 * the same refusals and second factor as the password sign-in, a session, the security log and a token.
 */
export function createProviderSignIn(deps: ProviderSignInDependencies) {
  const first = deps.firstBackoffSeconds ?? FIRST_BACKOFF_SECONDS;

  async function provision(identity: ProviderIdentity & { email: string }): Promise<UserRecord> {
    const roleName = deps.oidc.provisionRole!;
    const role = await deps.db.query<{ oid: string }>(`select "Oid"::text as oid from ${IDENTITY_TABLES.role} where lower("Name") = lower($1) order by "Oid" limit 1`, [roleName]);
    if (!role.rows[0]) throw new ApiError(500, `MATE_OIDC_PROVISION_ROLE names the role '${roleName}', which does not exist.`);
    const tenantOid =
      deps.oidc.provisionTenantOid ??
      Number((await deps.db.query<{ oid: string | null }>(`select min("Oid")::text as oid from ${quoteIdent(entityTableName('tenancy', 'tenant'))}`)).rows[0]?.oid ?? NaN);
    const oid = await createUser(deps.db, { username: await freeUsername(deps.db, identity.email), email: identity.email, firstName: identity.firstName ?? null, lastName: identity.lastName ?? null });
    if (Number.isSafeInteger(tenantOid)) {
      await setUserTenants(deps.db, oid, { tenantOids: [tenantOid], primaryTenantOid: tenantOid });
      await setUserRoles(deps.db, oid, [{ roleOid: Number(role.rows[0].oid), tenantOid }]);
    }
    return (await findUserByOid(deps.db, oid))!;
  }

  /** The user of the identity: the one whose e-mail the provider verified, or a new one when provisioning is on. */
  async function userOf(identity: ProviderIdentity): Promise<{ user: UserRecord; provisioned: boolean }> {
    if (!identity.email || !identity.emailVerified) {
      throw fail(PROVIDER_SIGN_IN_CODES.noUser, 'The provider has not verified the e-mail address of this account, so it cannot be linked to a user.');
    }
    const found = await findUserByEmail(deps.db, identity.email);
    if (found) {
      // Once linked, a user follows that provider account: an address the provider later gives to someone else does not take it over.
      const link = await deps.db.query<{ provider: string | null; external: string | null }>(
        `select "LoginProvider" as provider, "ExternalId" as external from ${IDENTITY_TABLES.user} where "Oid" = $1`,
        [found.oid],
      );
      const row = link.rows[0];
      if (row?.provider === identity.provider && row.external && row.external !== identity.subject) {
        throw fail(PROVIDER_SIGN_IN_CODES.noUser, 'This user is linked to another account of the provider.');
      }
      return { user: found, provisioned: false };
    }
    if (!deps.oidc.provisionRole) throw fail(PROVIDER_SIGN_IN_CODES.noUser, `No user has the e-mail address ${identity.email}; ask an administrator to create one.`);
    return { user: await provision(identity as ProviderIdentity & { email: string }), provisioned: true };
  }

  /** A wrong second-factor code counts against the account as at the password sign-in (sign-in-backoff.ts). */
  const recordFailure = (user: UserRecord) => recordAccountFailure(deps.db, user.oid, deps.now(), first);

  /** The user a provider identity signs in as, with the refusals before the second factor; for the enrolment at sign-in too. */
  async function checkedUser(identity: ProviderIdentity, address: string, client: SignInClient) {
    const log = (event: Omit<SecurityEvent, 'at' | 'address' | 'userAgent'>) =>
      writeSecurityEvent(deps.db, { ...event, at: deps.now(), address, userAgent: client.userAgent ?? null, detail: { provider: identity.provider, ...event.detail } });
    let resolved: { user: UserRecord; provisioned: boolean };
    try {
      resolved = await userOf(identity);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await log({ kind: 'sign-in-failed', username: identity.email ?? null, detail: { code: PROVIDER_SIGN_IN_CODES.noUser, reason: error.message } });
      }
      throw error;
    }
    const { user } = resolved;
    const who = { userOid: user.oid, username: user.username };
    const wait = user.lockedUntil ? user.lockedUntil.getTime() - deps.now() : 0;
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      const message = `Too many failed sign-ins: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
      throw fail(SIGN_IN_CODES.lockedOut, message, { retryAfterSeconds: seconds });
    }
    if (user.disabled) {
      await log({ ...who, kind: 'sign-in-failed', detail: { code: SIGN_IN_CODES.disabled } });
      throw fail(SIGN_IN_CODES.disabled, user.pendingConfirmation ? 'This user is disabled until the e-mail address is confirmed' : 'This user is disabled');
    }
    if (await isBeyondLicence(deps.db, user, deps.licensedUsers)) {
      await log({ ...who, kind: 'sign-in-failed', detail: { code: SIGN_IN_CODES.licenceLimit } });
      throw fail(SIGN_IN_CODES.licenceLimit, 'This user is disabled because the licensed number of active users is reached');
    }
    return { ...resolved, who, log };
  }

  async function signIn(identity: ProviderIdentity, address: string, client: SignInClient = {}): Promise<SignInAnswer> {
    const { user, provisioned, who, log } = await checkedUser(identity, address, client);
    const factor = await secondFactorState(deps.db, user.oid);
    const hasPasskey = factor.passkeys > 0;
    let usedFactor: 'totp' | 'recovery' | 'passkey' | undefined;
    let recoveryCodes: string[] | undefined;
    const code = client.secondFactor?.trim();
    // The second step as at the password sign-in (sign-in.ts): a passkey counts like the app, required or not.
    if ((factor.enrolled || hasPasskey || factor.required) && client.passkey !== undefined && !code) {
      const assertion = parsePasskeyHeader(client.passkey);
      const outcome = assertion && client.relyingParty && hasPasskey ? await usePasskey(deps.db, user.oid, client.relyingParty, assertion, deps.now()) : undefined;
      if (!outcome?.ok) {
        // The provider's token may be replayed until it expires: refused passkeys back off the account as wrong codes do.
        await recordFailure(user);
        await log({ ...who, kind: 'passkey-failed', detail: { at: 'sign-in', reason: outcome?.reason ?? 'malformed', message: outcome?.message ?? null } });
        throw fail(SIGN_IN_CODES.passkeyRefused, 'The passkey was not accepted');
      }
      usedFactor = 'passkey';
      await log({ ...who, kind: 'passkey-used', detail: { passkeyOid: outcome.value.oid, name: outcome.value.name } });
    } else if (factor.enrolled || hasPasskey || factor.required) {
      if (!code) {
        const { step, message } = secondFactorStep(factor.enrolled, hasPasskey);
        throw fail(SIGN_IN_CODES.secondFactorRequired, message, { secondFactor: step, passkey: hasPasskey });
      }
      if (factor.enrolled) usedFactor = await useSecondFactor(deps.db, user.oid, code, deps.now());
      else recoveryCodes = await confirmEnrolment(deps.db, user.oid, code, deps.now());
      if (!usedFactor && !recoveryCodes) {
        // The provider's token may be replayed until it expires: wrong codes back off the account as wrong passwords do.
        await recordFailure(user);
        await log({ ...who, kind: 'second-factor-wrong-code' });
        throw fail(SIGN_IN_CODES.wrongCode, 'The code is wrong or was used already');
      }
      if (recoveryCodes) await log({ ...who, kind: 'second-factor-enrolled', detail: { at: 'sign-in' } });
      else await log({ ...who, kind: usedFactor === 'recovery' ? 'recovery-code-used' : 'second-factor-used' });
    }
    const at = new Date(deps.now()).toISOString();
    // The record says how the user signs in (the Users grid's "Sign-in method") and which provider account it follows.
    await deps.db.query(
      `update ${IDENTITY_TABLES.user} set "LastLoginAt" = $2, "LoginProvider" = $3, "ExternalId" = $4, "EmailConfirmed" = true,
         row_version = row_version + 1, modified_at = now(), modified_by = $5 where "Oid" = $1`,
      [user.oid, at, identity.provider, identity.subject.slice(0, 128), IDENTITY_WRITER],
    );
    await deps.db.query('update mate_user set failed_attempts = 0, lock_count = 0, locked_until = null where oid = $1', [user.oid]);
    const current = (await findUserByOid(deps.db, user.oid))!;
    const sessionOid = await openSession(deps.db, {
      userOid: user.oid,
      userAgent: client.userAgent ?? '',
      address,
      tokenVersion: current.tokenVersion,
      nowMs: deps.now(),
      expiresInSeconds: deps.tokenLifetimeSeconds,
    });
    await log({ ...who, kind: 'sign-in', detail: { sessionOid, secondFactor: usedFactor ?? (recoveryCodes ? 'totp' : null), provisioned } });
    const answer = await deps.tokens.issue(current, sessionOid);
    return recoveryCodes ? { ...answer, recoveryCodes } : answer;
  }

  /** The user who may enrol a second factor at sign-in (a role requires one the user lacks). */
  async function checkForEnrolment(identity: ProviderIdentity, address: string, client: SignInClient = {}): Promise<UserRecord> {
    const { user } = await checkedUser(identity, address, client);
    const factor = await secondFactorState(deps.db, user.oid);
    if (factor.enrolled || factor.passkeys > 0) throw new ApiError(409, 'This user has a second factor already: sign in with it.');
    if (!factor.required) throw new ApiError(409, 'No role of this user requires a second factor: sign in, then set one up on your account page.');
    return user;
  }

  /** The user whose passkey may answer the passkey challenge at a provider sign-in (after 40106 with `passkey: true`). */
  async function checkForPasskey(identity: ProviderIdentity, address: string, client: SignInClient = {}): Promise<UserRecord> {
    const { user } = await checkedUser(identity, address, client);
    if ((await secondFactorState(deps.db, user.oid)).passkeys === 0) throw new ApiError(409, 'This user has no passkey: sign in with the code of the authenticator app, if any.');
    return user;
  }

  return { signIn, checkForEnrolment, checkForPasskey };
}

export type ProviderSignIn = ReturnType<typeof createProviderSignIn>;
