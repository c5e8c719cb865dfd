import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../db/database';

/** The answer of a successful sign-in. */
export interface AccessTokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds until the token expires. */
  expires_in: number;
}

/** What a valid token says; the server still checks `tokenVersion` against the user row (revocation). */
export interface TokenClaims {
  userOid: number;
  username: string;
  tokenVersion: number;
  /** The session (`sid`) of a token issued at a sign-in (sessions.ts); absent in tokens of older servers. */
  sessionOid?: number;
}

/** Issues and verifies the product's access tokens. */
export interface TokenService {
  issue(user: { oid: number; username: string; tokenVersion: number }, sessionOid?: number): Promise<AccessTokenAnswer>;
  /** The claims of a well-signed, unexpired token; undefined otherwise. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

const ISSUER = 'mate';
/**
 * Seconds a token's `iat` may lie ahead of this server's clock: instances of one installation share the key, and
 * their clocks differ a little. Beyond it the token was not issued by a sane clock, so it is refused.
 */
export const ISSUED_AT_TOLERANCE_SECONDS = 30;
const SECRET_KEY = 'jwt-secret';
/** How many verified tokens a service remembers (about 300 bytes each); the oldest is forgotten first. */
export const VERIFIED_TOKENS_KEPT = 1000;

/** A token whose signature and claims were verified, with the times its validity still depends on (seconds). */
interface VerifiedToken {
  claims: TokenClaims;
  exp: number;
  iat: number;
  nbf: number | undefined;
}

/**
 * The HS256 secret, made on first start and kept in mate_setting so that every instance on the same database
 * signs and verifies alike, and tokens survive restarts.
 */
export async function loadJwtSecret(db: Database): Promise<Uint8Array> {
  await db.query(`insert into mate_setting (key, value) values ($1, $2) on conflict (key) do nothing`, [
    SECRET_KEY,
    JSON.stringify({ secret: randomBytes(32).toString('base64url'), createdAt: new Date().toISOString() }),
  ]);
  const found = await db.query<{ value: { secret: string } }>('select value from mate_setting where key = $1', [SECRET_KEY]);
  const secret = found.rows[0]?.value.secret;
  if (!secret) throw new Error('jwt secret missing after insert');
  return new Uint8Array(Buffer.from(secret, 'base64url'));
}

/** The HS256 secret as a key for signing and checking tokens (jose takes it as it is, without importing it again). */
export function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** A token service over the stored secret; `now` (ms) is injectable so tests can move time. */
export function createTokenService(db: Database, lifetimeSeconds: number, now: () => number = Date.now): TokenService {
  let secret: Promise<CryptoKey> | undefined;
  // A failed load (database away) is not kept: the next request tries again. Imported once: given the bytes, jose
  // imports a key for every token it checks, a fifth of a signed-in read's CPU time (bench/README.md request-path).
  const key = () => (secret ??= loadJwtSecret(db).then(hmacKey).catch((error: unknown) => {
    secret = undefined;
    throw error;
  }));
  /**
   * Tokens verified before, by their exact text. A signed-in caller sends the same token with every request; its
   * signature and claims cannot change, only the clock moves, so a repeated token is checked against the clock alone
   * (as jose and the check below would: exp, nbf, iat) instead of a WebCrypto HMAC again, which is a trip to the
   * thread pool and about 0.04 ms of CPU per request (bench/README.md request-path). Only accepted tokens are kept,
   * so refused ones cannot fill it; whether the user, their session and token version still hold is the context
   * resolver's check on every request, untouched by this.
   */
  const verified = new Map<string, VerifiedToken>();
  /** The claims of a token verified before, if the clock still allows it; undefined sends it to the full check. */
  const stillValid = (token: string): TokenClaims | undefined => {
    const known = verified.get(token);
    if (!known) return undefined;
    const ms = now();
    const seconds = Math.floor(ms / 1000);
    if (known.exp <= seconds || (known.nbf !== undefined && known.nbf > seconds) || known.iat > ms / 1000 + ISSUED_AT_TOLERANCE_SECONDS) return undefined;
    return { ...known.claims };
  };
  const remember = (token: string, known: VerifiedToken) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, known);
  };
  return {
    async issue(user, sessionOid) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresIn = lifetimeSeconds;
      const token = await new SignJWT({ name: user.username, ver: user.tokenVersion, ...(sessionOid === undefined ? {} : { sid: sessionOid }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.oid))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + expiresIn)
        .sign(await key());
      return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    },
    async verify(token) {
      const known = stillValid(token);
      if (known) return known;
      // Outside the try: a database that cannot be read is a 503, not a wrong token.
      const secretKey = await key();
      try {
        // Every token this service issues carries both: one without `exp` would never expire.
        const { payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'], issuer: ISSUER, currentDate: new Date(now()), requiredClaims: ['exp', 'iat'] });
        if (typeof payload.iat !== 'number' || payload.iat > now() / 1000 + ISSUED_AT_TOLERANCE_SECONDS) return undefined;
        const userOid = Number(payload.sub);
        if (!Number.isSafeInteger(userOid) || typeof payload.name !== 'string' || typeof payload.ver !== 'number') return undefined;
        const sid = payload.sid;
        if (sid !== undefined && (typeof sid !== 'number' || !Number.isSafeInteger(sid))) return undefined;
        const claims: TokenClaims = { userOid, username: payload.name, tokenVersion: payload.ver, ...(sid === undefined ? {} : { sessionOid: sid }) };
        // jwtVerify checked exp (requiredClaims) and nbf when present: numbers.
        remember(token, { claims, exp: payload.exp!, iat: payload.iat, nbf: payload.nbf });
        return { ...claims };
      } catch {
        return undefined;
      }
    },
  };
}
