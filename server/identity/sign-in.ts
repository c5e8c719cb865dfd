import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import { isBeyondLicence } from './licensed-users';
import { LOCKOUT_THRESHOLD, lockoutMinutes, PhantomLockouts } from './lockout-policy';
import { PASSWORD_MAX_LENGTH, verifyPassword } from './passwords';
import type { SignInThrottle } from './sign-in-throttle';
import type { AccessTokenAnswer, TokenService } from './token-service';
import { findUserByUsername, type UserRecord } from './user-store';

/** Sign-in failure codes of spec 1 §8. */
export const SIGN_IN_CODES = {
  invalidFormat: '40101',
  invalidCredentials: '40102',
  lockedOut: '40103',
  disabled: '40104',
  licenceLimit: '40105',
} as const;

/** What signing in needs. */
export interface SignInDependencies {
  db: Database;
  tokens: TokenService;
  throttle: SignInThrottle;
  now: () => number;
  licensedUsers: number | undefined;
}

const INVALID = 'Invalid username or password';

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
  if (!username || !password || username.length > 256 || password.length > PASSWORD_MAX_LENGTH) {
    throw fail(401, SIGN_IN_CODES.invalidFormat, 'Sign-in needs HTTP Basic authentication with a username and a password');
  }
  return { username, password };
}

function lockedMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-ins: locked out, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The sign-in flow: throttle (before any hashing), lock-out, password, disabled, licence. Unknown usernames go
 * through the same steps (dummy hash, in-memory lock-out) so no answer tells whether a user exists; disabled and
 * licence answers come only after a correct password.
 */
export function createSignIn(deps: SignInDependencies): (authorization: string | undefined, address: string) => Promise<AccessTokenAnswer> {
  const phantoms = new PhantomLockouts(deps.now);

  async function recordFailure(user: UserRecord): Promise<never> {
    const updated = await deps.db.query<{ failed_attempts: number; lock_count: number }>(
      // Upsert: a user created in the grid has no private row until something (here: a failure) needs one.
      `insert into mate_user (oid, failed_attempts) values ($1, 1)
       on conflict (oid) do update set failed_attempts = mate_user.failed_attempts + 1 returning failed_attempts, lock_count`,
      [user.oid],
    );
    const row = updated.rows[0];
    if (row && row.failed_attempts >= LOCKOUT_THRESHOLD) {
      const minutes = lockoutMinutes(row.lock_count);
      await deps.db.query('update mate_user set failed_attempts = 0, lock_count = lock_count + 1, locked_until = $2 where oid = $1', [
        user.oid,
        new Date(deps.now() + minutes * 60_000),
      ]);
      throw fail(401, SIGN_IN_CODES.lockedOut, lockedMessage(minutes * 60_000));
    }
    throw fail(401, SIGN_IN_CODES.invalidCredentials, INVALID);
  }

  return async (authorization, address) => {
    const { username, password } = parseBasicAuth(authorization);
    const wait = deps.throttle.take(username, address);
    if (wait > 0) {
      throw new ApiError(429, `Too many sign-in attempts; wait ${wait} seconds.`, { extra: { retryAfterSeconds: wait } });
    }
    const user = await findUserByUsername(deps.db, username);
    if (!user) {
      const locked = phantoms.lockedFor(username);
      if (locked > 0) throw fail(401, SIGN_IN_CODES.lockedOut, lockedMessage(locked));
      await verifyPassword(undefined, password);
      const minutes = phantoms.fail(username);
      if (minutes > 0) throw fail(401, SIGN_IN_CODES.lockedOut, lockedMessage(minutes * 60_000));
      throw fail(401, SIGN_IN_CODES.invalidCredentials, INVALID);
    }
    const lockedFor = user.lockedUntil ? user.lockedUntil.getTime() - deps.now() : 0;
    if (lockedFor > 0) throw fail(401, SIGN_IN_CODES.lockedOut, lockedMessage(lockedFor));
    if (!(await verifyPassword(user.passwordHash ?? undefined, password))) return recordFailure(user);
    if (user.disabled) {
      throw fail(
        401,
        SIGN_IN_CODES.disabled,
        user.pendingConfirmation ? 'This user is disabled until the e-mail address is confirmed' : 'This user is disabled',
      );
    }
    if (await isBeyondLicence(deps.db, user, deps.licensedUsers)) {
      throw fail(401, SIGN_IN_CODES.licenceLimit, 'This user is disabled because the licensed number of active users is reached');
    }
    await deps.db.query('update mate_user set failed_attempts = 0, lock_count = 0, locked_until = null where oid = $1', [user.oid]);
    return deps.tokens.issue(user);
  };
}
