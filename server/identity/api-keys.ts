import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import { IDENTITY_TABLES, IDENTITY_WRITER } from './identity-tables';
import { findUserByOid, type UserRecord } from './user-store';

/** How much an API key may do: 'read' keys are granted the Read action only, whatever the user's permissions. */
export type ApiKeyAccessLevel = 'read' | 'readWrite';

/** A new key's record fields (the e_identity_api_access row). */
export interface NewApiKey {
  name: string;
  userOid: number;
  accessLevel?: ApiKeyAccessLevel;
  /** ISO date-time; absent: the key never expires. */
  expiresAt?: string | null;
  description?: string | null;
  allowedIpRanges?: string[] | null;
}

/** What creating a key answers; `key` is the secret, shown this once and stored only as a hash. */
export interface CreatedApiKey {
  oid: number;
  name: string;
  userOid: number;
  keyPrefix: string;
  accessLevel: ApiKeyAccessLevel;
  expiresAt: string | null;
  key: string;
}

/** `mate_<6 hex>_<32 random bytes, base64url>`; the prefix is shown in the grid to tell keys apart. */
const KEY_PATTERN = /^(mate_[0-9a-f]{6})_[A-Za-z0-9_-]{43}$/;

/**
 * SHA-256 of the whole secret. A fast hash is enough here, unlike for passwords: the secret carries 256 random bits,
 * so no dictionary or brute force can invert the hash, and an unsalted digest can be looked up by index in one query
 * per request where argon2id would cost tens of milliseconds on every API call.
 */
export const apiKeyHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The CIDR ranges as a BlockList; a 400 naming allowedIpRanges for a range that is not one. */
export function ipRangeList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', bits = ''] = range.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    if (!family || !/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) {
      throw new ApiError(400, `'${range}' is not an IP range like 10.20.0.0/16.`, { errors: { allowedIpRanges: [`'${range}' is not a CIDR range`] } });
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

function inRanges(ranges: readonly string[], ip: string): boolean {
  const address = /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return false;
  // A range typed into the grid that is no CIDR range matches nothing (the key then fails closed).
  return ranges.some((range) => {
    try {
      return ipRangeList([range]).check(address, family === 4 ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  });
}

/** Creates the key's catalogue row and its hash; the secret is in the answer and nowhere else. */
export async function createApiKey(db: Database, input: NewApiKey): Promise<CreatedApiKey> {
  const prefix = `mate_${randomBytes(3).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const accessLevel = input.accessLevel ?? 'read';
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (input.allowedIpRanges) ipRangeList(input.allowedIpRanges);
  return db.transaction(async (tx) => {
    if ((await tx.query(`select 1 from ${IDENTITY_TABLES.user} where "Oid" = $1`, [input.userOid])).rowCount === 0) {
      throw new ApiError(400, `There is no user with oid ${input.userOid}.`, { errors: { userOid: ['is not an existing user'] } });
    }
    const inserted = await tx.query<{ oid: string | number }>(
      `insert into ${IDENTITY_TABLES.apiAccess} ("Name", "UserOid", "KeyPrefix", "AccessLevel", "NeverExpires", "ExpiresAt", "AllowedIpRanges",
         "CreatedAt", "Description", created_by, modified_by)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $10) returning "Oid" as oid`,
      [
        input.name,
        input.userOid,
        prefix,
        accessLevel,
        expiresAt === null,
        expiresAt,
        input.allowedIpRanges && input.allowedIpRanges.length > 0 ? JSON.stringify(input.allowedIpRanges) : null,
        new Date().toISOString(),
        input.description ?? null,
        IDENTITY_WRITER,
      ],
    );
    const oid = Number(inserted.rows[0]!.oid);
    await tx.query('insert into mate_api_key (oid, key_hash) values ($1, $2)', [oid, apiKeyHash(key)]);
    return { oid, name: input.name, userOid: input.userOid, keyPrefix: prefix, accessLevel, expiresAt, key };
  });
}

/** The user and limits an API key stands for. */
export interface ApiKeyGrant {
  keyOid: number;
  user: UserRecord;
  accessLevel: ApiKeyAccessLevel;
}

const refused = () => new ApiError(401, 'The API key is invalid, disabled or expired.');

/**
 * The grant of a presented secret: 401 for an unknown, malformed, disabled (row Disabled) or expired key or a
 * disabled user; 403 when the key is limited to IP ranges that do not hold `ip`.
 */
export async function resolveApiKey(db: Database, secret: string, ip: string, now: number): Promise<ApiKeyGrant> {
  if (!KEY_PATTERN.test(secret)) throw refused();
  const found = await db.query<{ oid: string | number; user_oid: string | number; disabled: boolean; access_level: string; never_expires: boolean | null; expires_at: string | null; ranges: string[] | null }>(
    `select a."Oid" as oid, a."UserOid" as user_oid, a."Disabled" as disabled, a."AccessLevel" as access_level, a."NeverExpires" as never_expires,
            a."ExpiresAt" as expires_at, a."AllowedIpRanges" as ranges
       from mate_api_key k join ${IDENTITY_TABLES.apiAccess} a on a."Oid" = k.oid where k.key_hash = $1`,
    [apiKeyHash(secret)],
  );
  const row = found.rows[0];
  if (!row || row.disabled) throw refused();
  if (row.never_expires !== true && row.expires_at) {
    const expires = Date.parse(row.expires_at);
    if (!Number.isFinite(expires) || expires <= now) throw refused();
  }
  const user = await findUserByOid(db, Number(row.user_oid));
  if (!user || user.disabled) throw refused();
  const ranges = Array.isArray(row.ranges) ? row.ranges.filter((r): r is string => typeof r === 'string') : [];
  if (ranges.length > 0 && !inRanges(ranges, ip)) throw new ApiError(403, 'The API key may not be used from this address.');
  return { keyOid: Number(row.oid), user, accessLevel: row.access_level === 'readWrite' ? 'readWrite' : 'read' };
}
