import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import { textProblem } from '../lib/unsafe-input';
import { IDENTITY_TABLES } from './identity-tables';
import { isBeyondLicence } from './licensed-users';
import { PASSWORD_MAX_LENGTH, verifyPassword } from './passwords';
import { ACCOUNT_FREE_FAILURES, FailureCounts, FamiliarAddresses, FIRST_BACKOFF_SECONDS, PAIR_FREE_FAILURES, recordAccountFailure as recordFailureOf } from './sign-in-backoff';
import type { SignInThrottle } from './sign-in-throttle';
import { confirmEnrolment, secondFactorState, useSecondFactor } from './second-factor';
import { writeSecurityEvent, type SecurityEvent } from './security-log';
import { openSession } from './sessions';
import type { RelyingParty } from './passkey-relying-party';
import { parsePasskeyHeader, usePasskey } from './passkeys';
import type { AccessTokenAnswer, TokenService } from './token-service';
import { findUserByUsername, type UserRecord } from './user-store';

/** Sign-in failure codes of spec 1 §8. */
export const SIGN_IN_CODES = {
  invalidFormat: '40101',
  invalidCredentials: '40102',
  lockedOut: '40103',
  disabled: '40104',
  licenceLimit: '40105',
  /** The password was right; a code of the second factor is needed (or its enrolment, when a role requires it). */
  secondFactorRequired: '40106',
  /** The password was right, the second-factor code was not. Counts as a failure for the back-offs. */
  wrongCode: '40107',
  /** The password was right, the passkey was refused (wrong challenge, replayed, counter, not the user's). Counts like 40107. */
  passkeyRefused: '40108',
} as const;

/** What the caller sends beside the Basic header. */
export interface SignInClient {
  userAgent?: string;
  /** `X-Mate-Second-Factor`: a 6-digit TOTP code or a recovery code. */
  secondFactor?: string;
  /** `X-Mate-Passkey`: the browser's passkey assertion (JSON, base64url), answering a challenge of the passkey options. */
  passkey?: string;
  /** Whose passkeys they are: from MATE_PUBLIC_URL or the request (passkey-relying-party.ts). */
  relyingParty?: RelyingParty;
}

/** A token, plus the recovery codes when this sign-in completed an enrolment (shown this once). */
export type SignInAnswer = AccessTokenAnswer & { recoveryCodes?: string[] };

/** What signing in needs. */
export interface SignInDependencies {
  db: Database;
  tokens: TokenService;
  throttle: SignInThrottle;
  now: () => number;
  licensedUsers: number | undefined;
  /** Lifetime of the token a sign-in issues: its session's expiry. */
  tokenLifetimeSeconds: number;
  /** The first back-off in seconds (MATE_SIGNIN_FIRST_BACKOFF_SECONDS); default 1. */
  firstBackoffSeconds?: number;
}

const INVALID = 'Invalid username or password';

/**
 * Writes the read-only `LastLoginAt` (ISO date-time) of the user's record. Only a successful sign-in does: a
 * password change or any other new token is not one. Like identity's other writes to catalogue rows it bumps
 * `row_version`, so an editor holding the record sees a conflict rather than a refusal of a changed read-only field.
 */
async function recordSignIn(db: Database, userOid: number, at: number): Promise<void> {
  await db.query(`update ${IDENTITY_TABLES.user} set "LastLoginAt" = $2, row_version = row_version + 1, modified_at = now() where "Oid" = $1`, [
    userOid,
    new Date(at).toISOString(),
  ]);
}

function fail(status: number, code: string, message: string): ApiError {
  return new ApiError(status, message, { code, description: message });
}

/** Username and password from an HTTP Basic header; a 40101 for anything else. */
export function parseBasicAuth(header: string | undefined): { username: string; password: string } {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!match) throw fail(401, SIGN_IN_CODES.invalidFormat, 'Sign-in needs HTTP Basic authentication with a username and a password');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const username = colon < 0 ? '' : decoded.slice(0, colon).trim();
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  // NUL cannot be looked up (PostgreSQL refuses it in text): such a name or password is malformed, not wrong.
  if (!username || !password || username.length > 256 || password.length > PASSWORD_MAX_LENGTH || textProblem(username) || textProblem(password)) {
    throw fail(401, SIGN_IN_CODES.invalidFormat, 'Sign-in needs HTTP Basic authentication with a username and a password');
  }
  return { username, password };
}

/** The answer while a back-off runs: spec 1 §8's "locked out", saying when to try again (also as Retry-After). */
function backingOff(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = `Too many failed sign-ins: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
  return new ApiError(401, message, { code: SIGN_IN_CODES.lockedOut, description: message, extra: { retryAfterSeconds: seconds } });
}

/**
 * The sign-in flow (docs/auth.md "Throttles"): the per-address ceiling and the back-offs (before any hashing), then
 * password, disabled, licence. A back-off only delays; after its window the right password always works. Unknown
 * usernames go through the same steps (dummy hash, in-memory account back-off) so no answer tells whether a user
 * exists; disabled and licence answers come only after a correct password.
 */
export type SignInFunction = (authorization: string | undefined, address: string, client?: SignInClient) => Promise<SignInAnswer>;

/**
 * The enrolment at sign-in of a user whose role requires a second factor and who has none: the same checks as a
 * sign-in up to the code (so it is throttled alike), then the user it may enrol instead of a token.
 */
export type EnrolmentCheck = (authorization: string | undefined, address: string, client?: SignInClient) => Promise<UserRecord>;

/** Why the sign-in's checks run: a sign-in, the enrolment at sign-in, or the passkey challenge at sign-in. */
type Purpose = 'sign-in' | 'enrol' | 'passkey';

export function createSignIn(deps: SignInDependencies): SignInFunction {
  return createSignInFlow(deps).signIn;
}

export function createSignInFlow(deps: SignInDependencies): { signIn: SignInFunction; checkForEnrolment: EnrolmentCheck; checkForPasskey: EnrolmentCheck } {
  // Per (username, address): one client guessing one account; other clients of the same account or address go on.
  const first = deps.firstBackoffSeconds ?? FIRST_BACKOFF_SECONDS;
  const pairs = new FailureCounts(PAIR_FREE_FAILURES, deps.now, first);
  // Account-wide back-off of usernames that do not exist, kept like real accounts' so that it reveals nothing.
  const phantoms = new FailureCounts(ACCOUNT_FREE_FAILURES, deps.now, first);
  const familiar = new FamiliarAddresses(deps.now);

  /** Counts a wrong password for the account across all addresses (sign-in-backoff.ts). */
  const recordAccountFailure = (user: UserRecord) => recordFailureOf(deps.db, user.oid, deps.now(), first);

  async function run(authorization: string | undefined, address: string, client: SignInClient, purpose: Purpose): Promise<SignInAnswer | UserRecord> {
    const { username, password } = parseBasicAuth(authorization);
    const log = (event: Omit<SecurityEvent, 'at' | 'address' | 'userAgent'>) =>
      writeSecurityEvent(deps.db, { ...event, at: deps.now(), address, userAgent: client.userAgent ?? null });
    const pairKey = `${username.toLowerCase()}\n${address}`;
    const pairWait = pairs.waitMs(pairKey);
    if (pairWait > 0) throw backingOff(pairWait);
    const familiarHere = familiar.isFamiliar(username, address);
    const wait = deps.throttle.take(address);
    // A full ceiling holds back strangers only: who signed in from here before still gets the back-off's tries.
    if (wait > 0 && !familiarHere) {
      throw new ApiError(429, `Too many failed sign-ins from this address; wait ${wait} seconds.`, { extra: { retryAfterSeconds: wait } });
    }
    const user = await findUserByUsername(deps.db, username);
    if (!user) {
      const accountWait = phantoms.waitMs(username.toLowerCase());
      if (accountWait > 0) throw backingOff(accountWait);
      await verifyPassword(undefined, password);
      pairs.fail(pairKey);
      phantoms.fail(username.toLowerCase());
      await log({ kind: 'sign-in-failed', username, detail: { code: SIGN_IN_CODES.invalidCredentials, reason: 'unknown user' } });
      throw fail(401, SIGN_IN_CODES.invalidCredentials, INVALID);
    }
    const accountWait = user.lockedUntil ? user.lockedUntil.getTime() - deps.now() : 0;
    if (accountWait > 0 && !familiarHere) throw backingOff(accountWait);
    const who = { userOid: user.oid, username: user.username };
    if (!(await verifyPassword(user.passwordHash ?? undefined, password))) {
      pairs.fail(pairKey);
      await recordAccountFailure(user);
      await log({ ...who, kind: 'sign-in-failed', detail: { code: SIGN_IN_CODES.invalidCredentials, reason: 'wrong password' } });
      throw fail(401, SIGN_IN_CODES.invalidCredentials, INVALID);
    }
    const factor = await secondFactorState(deps.db, user.oid);
    const hasPasskey = factor.passkeys > 0;
    // A passkey is a second factor like the app: whoever has one is asked for it, required or not.
    const needsCode = factor.enrolled || hasPasskey || factor.required;
    // The right password: whatever follows (disabled, licence) is no guess, so it costs the address nothing. With a
    // second factor the guess is the code: the back-offs end only when it is right too, else a known password would
    // reset them before every guessed code.
    const succeed = () => {
      if (wait === 0) deps.throttle.refund(address);
      pairs.succeed(pairKey);
    };
    if (!needsCode) succeed();
    if (user.disabled) {
      await log({ ...who, kind: 'sign-in-failed', detail: { code: SIGN_IN_CODES.disabled } });
      throw fail(
        401,
        SIGN_IN_CODES.disabled,
        user.pendingConfirmation ? 'This user is disabled until the e-mail address is confirmed' : 'This user is disabled',
      );
    }
    if (await isBeyondLicence(deps.db, user, deps.licensedUsers)) {
      await log({ ...who, kind: 'sign-in-failed', detail: { code: SIGN_IN_CODES.licenceLimit } });
      throw fail(401, SIGN_IN_CODES.licenceLimit, 'This user is disabled because the licensed number of active users is reached');
    }
    let recoveryCodes: string[] | undefined;
    let usedFactor: 'totp' | 'recovery' | 'passkey' | undefined;
    if (purpose === 'enrol') {
      if (factor.enrolled || hasPasskey) throw new ApiError(409, 'This user has a second factor already: sign in with it.');
      if (!factor.required) throw new ApiError(409, 'No role of this user requires a second factor: sign in, then set one up on your account page.');
      return user;
    }
    if (purpose === 'passkey') {
      if (!hasPasskey) throw new ApiError(409, 'This user has no passkey.');
      return user;
    }
    const code = client.secondFactor?.trim();
    if (needsCode && client.passkey !== undefined && !code) {
      const assertion = parsePasskeyHeader(client.passkey);
      const outcome = assertion && client.relyingParty && hasPasskey ? await usePasskey(deps.db, user.oid, client.relyingParty, assertion, deps.now()) : undefined;
      if (!outcome?.ok) {
        pairs.fail(pairKey);
        await recordAccountFailure(user);
        await log({ ...who, kind: 'passkey-failed', detail: { at: 'sign-in', reason: outcome?.reason ?? 'malformed', message: outcome?.message ?? null } });
        throw fail(401, SIGN_IN_CODES.passkeyRefused, 'The passkey was not accepted');
      }
      succeed();
      usedFactor = 'passkey';
      await log({ ...who, kind: 'passkey-used', detail: { passkeyOid: outcome.value.oid, name: outcome.value.name } });
    } else if (needsCode) {
      if (!code) {
        const { step, message } = secondFactorStep(factor.enrolled, hasPasskey);
        throw new ApiError(401, message, { code: SIGN_IN_CODES.secondFactorRequired, description: message, extra: { secondFactor: step, passkey: hasPasskey } });
      }
      if (factor.enrolled) usedFactor = await useSecondFactor(deps.db, user.oid, code, deps.now());
      else recoveryCodes = await confirmEnrolment(deps.db, user.oid, code, deps.now());
      if (!usedFactor && !recoveryCodes) {
        pairs.fail(pairKey);
        await recordAccountFailure(user);
        await log({ ...who, kind: 'second-factor-wrong-code' });
        throw fail(401, SIGN_IN_CODES.wrongCode, 'The code is wrong or was used already');
      }
      succeed();
      if (recoveryCodes) await log({ ...who, kind: 'second-factor-enrolled', detail: { at: 'sign-in' } });
      else await log({ ...who, kind: usedFactor === 'recovery' ? 'recovery-code-used' : 'second-factor-used' });
    }
    await deps.db.query('update mate_user set failed_attempts = 0, lock_count = 0, locked_until = null where oid = $1', [user.oid]);
    familiar.remember(username, address);
    await recordSignIn(deps.db, user.oid, deps.now());
    const sessionOid = await openSession(deps.db, {
      userOid: user.oid,
      userAgent: client.userAgent ?? '',
      address,
      tokenVersion: user.tokenVersion,
      nowMs: deps.now(),
      expiresInSeconds: deps.tokenLifetimeSeconds,
    });
    await log({ ...who, kind: 'sign-in', detail: { sessionOid, secondFactor: usedFactor ?? (recoveryCodes ? 'totp' : null) } });
    const answer = await deps.tokens.issue(user, sessionOid);
    return recoveryCodes ? { ...answer, recoveryCodes } : answer;
  }

  return {
    signIn: async (authorization, address, client = {}) => (await run(authorization, address, client, 'sign-in')) as SignInAnswer,
    checkForEnrolment: async (authorization, address, client = {}) => (await run(authorization, address, client, 'enrol')) as UserRecord,
    checkForPasskey: async (authorization, address, client = {}) => (await run(authorization, address, client, 'passkey')) as UserRecord,
  };
}

/**
 * The second-factor step a sign-in (password or provider) asks for, with its message: 'code' (the app; a passkey may
 * be offered beside it), 'passkey' (passkeys only), 'enrol' (a role requires a factor the user lacks).
 */
export function secondFactorStep(enrolled: boolean, hasPasskey: boolean): { step: 'code' | 'passkey' | 'enrol'; message: string } {
  if (enrolled) return { step: 'code', message: 'Enter the code of your authenticator app' };
  if (hasPasskey) return { step: 'passkey', message: 'Confirm the sign-in with your passkey' };
  return { step: 'enrol', message: 'Your role requires a second factor: set up an authenticator app' };
}
