import { hash, verify } from '@node-rs/argon2';

/** Shortest password accepted for new passwords (registration, change, reset). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password hashed; longer input is refused so nobody can make us hash megabytes. */
export const PASSWORD_MAX_LENGTH = 256;

const ARGON2ID = 2;

/** An argon2id hash in PHC string form (salt and parameters inside). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash; without one (unknown user) it verifies against a throw-away hash anyway, so
 * the answer takes as long whether or not the user exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('not-a-password-of-anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

/** Field errors of a new password, or undefined when it is acceptable. */
export function newPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length === 0) return 'is required';
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  return undefined;
}
