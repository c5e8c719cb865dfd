import type { Database, Queryable } from '../db/database';
import { createOneTimeToken } from './one-time-tokens';
import { enqueueMail } from './outbox';
import type { ResetThrottle } from './reset-throttle';
import { findUserByEmail, findUserByUsername } from './user-store';

/** A reset link works once, for one hour. */
export const RESET_VALID_MS = 60 * 60 * 1000;

/** Who asked for a reset: a username or an e-mail address, as typed. */
export interface ResetIdentification {
  username?: string;
  email?: string;
}

/** What mailing a reset link needs. */
export interface PasswordResetDependencies {
  db: Database;
  throttle: ResetThrottle;
  now: () => number;
  /** Prefix of the link (MATE_PUBLIC_URL); empty gives a site-relative link. */
  publicUrl: string;
}

/**
 * Looks the user up and, when it exists, is enabled, has an e-mail address and is within its per-account throttle,
 * mails a reset link. Runs in the background (BackgroundTasks): the answer to the caller never waits for it, so
 * neither the answer nor its timing says which of those held.
 */
export async function mailResetLink(deps: PasswordResetDependencies, who: ResetIdentification): Promise<void> {
  const user = who.username ? await findUserByUsername(deps.db, who.username.trim()) : await findUserByEmail(deps.db, who.email ?? '');
  if (!user || !user.email || user.disabled || !deps.throttle.mayMail(user.oid)) return;
  await mailPasswordReset(deps.db, deps, { oid: user.oid, email: user.email, username: user.username, firstName: user.firstName });
}

/**
 * Mails a one-time link to set a new password (the self-service reset, and an administrator's "Send password reset").
 * The mail goes to the outbox; the SMTP sender delivers it when MATE_SMTP_URL is set.
 */
export async function mailPasswordReset(
  db: Queryable,
  services: { now: () => number; publicUrl: string },
  user: { oid: number; email: string; username: string; firstName?: string | null },
  requestedBy: 'user' | 'administrator' = 'user',
): Promise<void> {
  const token = await createOneTimeToken(db, user.oid, 'reset-password', RESET_VALID_MS, services.now());
  const why =
    requestedBy === 'user'
      ? `someone asked to reset the password of the user ${user.username}. If it was you, set a new password here:`
      : `an administrator asked you to set a new password for the user ${user.username}. Set it here:`;
  await enqueueMail(db, {
    to: user.email,
    subject: 'Reset your password',
    text:
      `Hello ${user.firstName ?? user.username},\n\n${why}\n\n${services.publicUrl}/auth/reset-password?token=${token}\n\n` +
      `The link works once and is valid for one hour.${requestedBy === 'user' ? ' If it was not you, ignore this mail.' : ''}\n`,
  });
}
