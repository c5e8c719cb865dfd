import { createHmac } from 'node:crypto';

/**
 * The code an authenticator app shows for a base32 secret (RFC 6238: HMAC-SHA1, 6 digits, 30 s), as the user's phone
 * would compute it. e2e/ imports no app code, so this is the app's side written again; server/identity/totp.ts is the
 * server's, and both agree with the RFC's test vectors.
 */
export function totpCode(secret: string, nowMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
