import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Database, Queryable } from '../db/database';
import type { RelyingParty } from './passkey-relying-party';
import { ensureUserRow } from './user-store';

/** How long a challenge may be answered; the browser's own prompt times out a little earlier. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const PROMPT_TIMEOUT_MS = 4 * 60_000;
/** The name authenticators show beside the user. */
const RP_NAME = 'Mate';
/** Passkeys one user may hold: enough for every device, few enough that a sign-in lists them all. */
export const MAX_PASSKEYS = 20;

type ChallengePurpose = 'registration' | 'authentication';

/** One of the user's passkeys as the account page lists it. */
export interface PasskeyRow {
  oid: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface StoredPasskey {
  oid: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransport[];
  name: string;
}

/** Why a passkey was refused; the security log keeps it, the caller sees one message. */
export type PasskeyRefusal = 'malformed' | 'challenge' | 'unknown-credential' | 'verification' | 'counter';

export type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; reason: PasskeyRefusal; message: string };

const refuse = <T>(reason: PasskeyRefusal, message: string): PasskeyOutcome<T> => ({ ok: false, reason, message });

export async function listPasskeys(db: Queryable, userOid: number): Promise<PasskeyRow[]> {
  const found = await db.query<{ oid: string | number; name: string; created_at: Date | string; last_used_at: Date | string | null }>(
    'select oid, name, created_at, last_used_at from mate_passkey where user_oid = $1 order by created_at, oid',
    [userOid],
  );
  return found.rows.map((row) => ({
    oid: Number(row.oid),
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  }));
}

export async function countPasskeys(db: Queryable, userOid: number): Promise<number> {
  const found = await db.query<{ count: string | number }>('select count(*) as count from mate_passkey where user_oid = $1', [userOid]);
  return Number(found.rows[0]?.count ?? 0);
}

async function storedPasskeys(db: Queryable, userOid: number): Promise<StoredPasskey[]> {
  const found = await db.query<{ oid: string | number; credential_id: string; public_key: string; counter: string | number; transports: string; name: string }>(
    'select oid, credential_id, public_key, counter, transports, name from mate_passkey where user_oid = $1',
    [userOid],
  );
  return found.rows.map((row) => ({
    oid: Number(row.oid),
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : [],
    name: row.name,
  }));
}

/** Keeps a challenge server-side until it is answered (once) or expires; expired ones of anybody go meanwhile. */
async function storeChallenge(db: Queryable, userOid: number, purpose: ChallengePurpose, challenge: string, nowMs: number): Promise<void> {
  await db.query('delete from mate_webauthn_challenge where expires_at <= $1', [new Date(nowMs)]);
  await db.query('insert into mate_webauthn_challenge (challenge, user_oid, purpose, expires_at) values ($1, $2, $3, $4)', [
    challenge,
    userOid,
    purpose,
    new Date(nowMs + CHALLENGE_LIFETIME_MS),
  ]);
}

/**
 * Takes the challenge the browser signed (read from its client data) out of the store: it works once, for this user
 * and purpose, before it expires. Answers whether it was there.
 */
async function consumeChallenge(db: Queryable, userOid: number, purpose: ChallengePurpose, clientDataJSON: string, nowMs: number): Promise<string | undefined> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512) return undefined;
  const taken = await db.query('delete from mate_webauthn_challenge where challenge = $1 and user_oid = $2 and purpose = $3 and expires_at > $4', [
    challenge,
    userOid,
    purpose,
    new Date(nowMs),
  ]);
  return taken.rowCount > 0 ? challenge : undefined;
}

/** The options `navigator.credentials.create` needs; the user's passkeys are excluded so one device enrols once. */
export async function registrationOptions(
  db: Database,
  user: { oid: number; username: string },
  rp: RelyingParty,
  nowMs: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await ensureUserRow(db, user.oid);
  const existing = await storedPasskeys(db, user.oid);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(`mate-user-${user.oid}`),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, user.oid, 'registration', options.challenge, nowMs);
  return options;
}

/** Checks the browser's answer to the registration challenge and keeps the new passkey under `name`. */
export async function finishRegistration(
  db: Database,
  userOid: number,
  rp: RelyingParty,
  name: string,
  response: RegistrationResponseJSON,
  nowMs: number,
): Promise<PasskeyOutcome<PasskeyRow>> {
  const challenge = await consumeChallenge(db, userOid, 'registration', response.response.clientDataJSON, nowMs);
  if (!challenge) return refuse('challenge', 'The passkey answered no current challenge of yours: start again.');
  let credential;
  try {
    const verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false });
    if (!verified.verified) return refuse('verification', 'The passkey could not be verified.');
    credential = verified.registrationInfo.credential;
  } catch (error) {
    return refuse('verification', `The passkey could not be verified: ${error instanceof Error ? error.message : String(error)}`);
  }
  if ((await countPasskeys(db, userOid)) >= MAX_PASSKEYS) return refuse('verification', `You have ${MAX_PASSKEYS} passkeys already: remove one first.`);
  const inserted = await db.query<{ oid: string | number; created_at: Date | string }>(
    `insert into mate_passkey (user_oid, credential_id, public_key, counter, transports, name, created_at) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (credential_id) do nothing returning oid, created_at`,
    [userOid, credential.id, isoBase64URL.fromBuffer(credential.publicKey), credential.counter, (credential.transports ?? []).join(','), name, new Date(nowMs)],
  );
  const row = inserted.rows[0];
  if (!row) return refuse('unknown-credential', 'This passkey is registered already.');
  return { ok: true, value: { oid: Number(row.oid), name, createdAt: new Date(row.created_at).toISOString(), lastUsedAt: null } };
}

/** The options `navigator.credentials.get` needs at sign-in: only the user's own passkeys are allowed. */
export async function authenticationOptions(db: Database, userOid: number, rp: RelyingParty, nowMs: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await storedPasskeys(db, userOid);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  await storeChallenge(db, userOid, 'authentication', options.challenge, nowMs);
  return options;
}

/** Decodes the `X-Mate-Passkey` header: the browser's assertion as JSON, base64url-encoded. */
export function parsePasskeyHeader(header: string): AuthenticationResponseJSON | undefined {
  if (header.length > 16_384 || !/^[A-Za-z0-9_-]+={0,2}$/.test(header)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as AuthenticationResponseJSON;
    const ok =
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof parsed.id === 'string' &&
      typeof parsed.rawId === 'string' &&
      typeof parsed.response === 'object' &&
      parsed.response !== null &&
      typeof parsed.response.clientDataJSON === 'string' &&
      typeof parsed.response.authenticatorData === 'string' &&
      typeof parsed.response.signature === 'string';
    return ok ? { ...parsed, type: 'public-key', clientExtensionResults: parsed.clientExtensionResults ?? {} } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks an assertion at sign-in: a challenge issued to this user (taken out, so the assertion works once), a
 * passkey of this user, a valid signature, and a sign counter that moved forward (a cloned authenticator would
 * repeat or go back). Answers the passkey used.
 */
export async function usePasskey(
  db: Database,
  userOid: number,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  nowMs: number,
): Promise<PasskeyOutcome<{ oid: number; name: string }>> {
  const challenge = await consumeChallenge(db, userOid, 'authentication', response.response.clientDataJSON, nowMs);
  if (!challenge) return refuse('challenge', 'The passkey answered no current challenge');
  const passkey = (await storedPasskeys(db, userOid)).find((candidate) => candidate.credentialId === response.id);
  if (!passkey) return refuse('unknown-credential', 'This passkey is not one of this user');
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: false,
    });
    if (!verified.verified) return refuse('verification', 'The passkey signature is not valid');
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return refuse(/counter/i.test(message) ? 'counter' : 'verification', message);
  }
  // Compare-and-set: of two sign-ins with the same counter, one wins.
  const updated = await db.query('update mate_passkey set counter = $3, last_used_at = $4 where oid = $1 and counter = $2', [passkey.oid, passkey.counter, newCounter, new Date(nowMs)]);
  if (updated.rowCount === 0) return refuse('counter', 'The sign counter moved meanwhile');
  return { ok: true, value: { oid: passkey.oid, name: passkey.name } };
}

/** Removes one passkey of the user; answers its name, or undefined when the user has no such passkey. */
export async function removePasskey(db: Queryable, userOid: number, oid: number): Promise<string | undefined> {
  const removed = await db.query<{ name: string }>('delete from mate_passkey where oid = $1 and user_oid = $2 returning name', [oid, userOid]);
  return removed.rows[0]?.name;
}
