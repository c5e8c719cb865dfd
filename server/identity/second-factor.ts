import { randomInt } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { IDENTITY_TABLES } from './identity-tables';
import { hashPassword, verifyPassword } from './passwords';
import { countPasskeys } from './passkeys';
import { matchTotp, newTotpSecret } from './totp';
import { ensureUserRow } from './user-store';

/** Recovery codes handed out at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code is read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What the account page and the sign-in need to know about a user's second factor. */
export interface SecondFactorState {
  /** A confirmed TOTP secret: sign-in asks for a code. */
  enrolled: boolean;
  /** One of the user's roles (enabled) has "Requires a second factor". */
  required: boolean;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
  /** Registered passkeys: each satisfies the second step of sign-in too. */
  passkeys: number;
}

/** Whether a role of the user requires a second factor (the role flag `RequiresSecondFactor`, in any tenant). */
export async function secondFactorRequired(db: Queryable, userOid: number): Promise<boolean> {
  const found = await db.query(
    `select 1 from mate_user_role ur join ${IDENTITY_TABLES.role} r on r."Oid" = ur.role_oid
      where ur.user_oid = $1 and coalesce(r."RequiresSecondFactor", false) and not coalesce(r."Disabled", false) limit 1`,
    [userOid],
  );
  return found.rowCount > 0;
}

export async function secondFactorState(db: Queryable, userOid: number): Promise<SecondFactorState> {
  const [factor, codes, required, passkeys] = await Promise.all([
    db.query<{ confirmed: boolean }>('select confirmed_at is not null as confirmed from mate_second_factor where user_oid = $1', [userOid]),
    db.query<{ count: string | number }>('select count(*) as count from mate_recovery_code where user_oid = $1 and used_at is null', [userOid]),
    secondFactorRequired(db, userOid),
    countPasskeys(db, userOid),
  ]);
  return { enrolled: factor.rows[0]?.confirmed === true, required, recoveryCodesLeft: Number(codes.rows[0]?.count ?? 0), passkeys };
}

/**
 * Starts (or starts over) an enrolment: a new secret waits, unconfirmed, until a code of it is entered. A confirmed
 * factor is not replaced here: it is removed first, so a stolen session cannot silently move it to another phone.
 * Answers undefined when the user has a confirmed factor.
 */
export async function startEnrolment(db: Database, userOid: number): Promise<string | undefined> {
  await ensureUserRow(db, userOid);
  const secret = newTotpSecret();
  const written = await db.query(
    `insert into mate_second_factor (user_oid, secret) values ($1, $2)
     on conflict (user_oid) do update set secret = excluded.secret, last_step = -1, created_at = now()
       where mate_second_factor.confirmed_at is null`,
    [userOid, secret],
  );
  return written.rowCount > 0 ? secret : undefined;
}

/** New recovery codes (the old ones end); only their argon2id hashes are kept, so they are shown this once. */
export async function replaceRecoveryCodes(db: Database, userOid: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  await db.transaction(async (tx) => {
    await tx.query('delete from mate_recovery_code where user_oid = $1', [userOid]);
    for (const hash of hashes) await tx.query('insert into mate_recovery_code (user_oid, code_hash) values ($1, $2)', [userOid, hash]);
  });
  return codes;
}

/**
 * Confirms a waiting enrolment with a code of its secret; answers the recovery codes, or undefined for a wrong code
 * (or nothing waiting). The code's step is not marked used, so the sign-in that follows an enrolment at sign-in may
 * take the same code.
 */
export async function confirmEnrolment(db: Database, userOid: number, code: string, nowMs: number): Promise<string[] | undefined> {
  const found = await db.query<{ secret: string }>('select secret from mate_second_factor where user_oid = $1 and confirmed_at is null', [userOid]);
  const secret = found.rows[0]?.secret;
  if (!secret || matchTotp(secret, code.trim(), nowMs) === undefined) return undefined;
  await db.query('update mate_second_factor set confirmed_at = $2 where user_oid = $1', [userOid, new Date(nowMs)]);
  return replaceRecoveryCodes(db, userOid);
}

/** Removes the factor and its recovery codes. Answers whether there was one. */
export async function removeSecondFactor(db: Database, userOid: number): Promise<boolean> {
  const removed = await db.query('delete from mate_second_factor where user_oid = $1', [userOid]);
  await db.query('delete from mate_recovery_code where user_oid = $1', [userOid]);
  return removed.rowCount > 0;
}

/** A 6-digit code is a TOTP code; anything else is tried as a recovery code (case and spaces do not matter). */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.trim());
const normalRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/**
 * Checks a code against the confirmed factor: 'totp' (its step is marked used, so it works once) or 'recovery'
 * (the code is spent), else undefined.
 */
export async function useSecondFactor(db: Database, userOid: number, code: string, nowMs: number): Promise<'totp' | 'recovery' | undefined> {
  if (code.length > 64) return undefined;
  if (isTotpCode(code)) {
    const found = await db.query<{ secret: string; last_step: string | number }>(
      'select secret, last_step from mate_second_factor where user_oid = $1 and confirmed_at is not null',
      [userOid],
    );
    const row = found.rows[0];
    if (!row) return undefined;
    const step = matchTotp(row.secret, code.trim(), nowMs, Number(row.last_step));
    if (step === undefined) return undefined;
    // Compare-and-set: of two requests with the same code, one wins.
    const marked = await db.query('update mate_second_factor set last_step = $2 where user_oid = $1 and last_step < $2', [userOid, step]);
    return marked.rowCount > 0 ? 'totp' : undefined;
  }
  const candidate = normalRecoveryCode(code);
  if (!/^[a-z0-9-]{1,20}$/.test(candidate)) return undefined;
  const withDash = candidate.includes('-') ? candidate : `${candidate.slice(0, 5)}-${candidate.slice(5)}`;
  const unused = await db.query<{ oid: string | number; code_hash: string }>('select oid, code_hash from mate_recovery_code where user_oid = $1 and used_at is null', [userOid]);
  for (const row of unused.rows) {
    if (await verifyPassword(row.code_hash, withDash)) {
      const spent = await db.query('update mate_recovery_code set used_at = $2 where oid = $1 and used_at is null', [row.oid, new Date(nowMs)]);
      return spent.rowCount > 0 ? 'recovery' : undefined;
    }
  }
  return undefined;
}
