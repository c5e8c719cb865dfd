import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { ApiError } from '../lib/api-error';

/** A terminal as the endpoint knows it once its credentials checked out. */
export interface TerminalIdentity {
  terminalOid: number;
  tenantOid: number;
  terminalKey: string;
  terminalNumber: number;
  name: string;
  /** The stored hash the terminal proved its secret against: a connection ends when it is replaced. */
  secretHash: string;
}

/** What a terminal sends: its key (public, names the terminal) and its secret. */
export interface TerminalCredentials {
  key: string;
  secret: string;
}

/** Realm of the Basic challenge a refused terminal gets. */
export const TERMINAL_REALM = 'mate-terminals';

/**
 * SHA-256 of the secret. As for API keys a fast hash is enough: an issued secret carries 256 random bits, so the
 * digest cannot be inverted, and a terminal that reconnects does not cost the server an argon2 run each time.
 */
export const terminalSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new secret: `mate_t_` and 32 random bytes. */
export const newTerminalSecret = (): string => `mate_t_${randomBytes(32).toString('base64url')}`;

/** The key an issued credential gets: public, stable, and tells the terminal record apart in logs. */
export const terminalKeyOf = (terminalOid: number): string => `pos-${terminalOid}`;

const unauthorized = () => new ApiError(401, 'Unknown terminal or wrong secret.');

/**
 * Reads `Authorization: Basic base64(key:secret)`. Anything else is a 401 saying what to send, so that a terminal
 * misconfigured by hand learns its mistake; keys and secrets are printable ASCII of bounded length.
 */
export function parseTerminalAuthorization(header: string | undefined): TerminalCredentials {
  const match = /^Basic ([A-Za-z0-9+/=]{4,400})$/.exec(header ?? '');
  if (!match) throw new ApiError(401, 'Send the terminal key and secret as HTTP Basic credentials (Authorization: Basic base64(key:secret)).');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const key = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (colon < 1 || !/^[\x21-\x7e]{1,100}$/.test(key) || !/^[\x21-\x7e]{1,200}$/.test(secret)) throw unauthorized();
  return { key, secret };
}

/**
 * Checks a terminal's credentials against the stored hash and its POS terminal record (`posTable`): an unknown key,
 * a wrong secret and a deleted record are one 401 (a caller cannot probe which keys exist); a disabled record is a
 * 403, told only to a terminal that proved its secret.
 */
export async function authenticateTerminal(db: Queryable, posTable: string, credentials: TerminalCredentials): Promise<TerminalIdentity> {
  const found = await db.query<{ terminal_oid: string | number; secret_hash: string; TenantOid: string | number | null; Disabled: boolean | null; TerminalNumber: number | null; Name: string | null }>(
    `select c.terminal_oid, c.secret_hash, t."TenantOid", t."Disabled", t."TerminalNumber", t."Name"
       from mate_terminal_credential c join ${q(posTable)} t on t."Oid" = c.terminal_oid
      where c.terminal_key = $1`,
    [credentials.key],
  );
  const row = found.rows[0];
  const given = Buffer.from(terminalSecretHash(credentials.secret), 'hex');
  // Hashing and comparing also for an unknown key keeps the answer's timing from telling keys apart.
  const stored = Buffer.from(row?.secret_hash ?? '0'.repeat(64), 'hex');
  const matches = stored.length === given.length && timingSafeEqual(stored, given);
  if (!row || !matches || row.TenantOid === null) throw unauthorized();
  if (row.Disabled) throw new ApiError(403, `The terminal '${credentials.key}' is disabled.`);
  return { terminalOid: Number(row.terminal_oid), tenantOid: Number(row.TenantOid), terminalKey: credentials.key, terminalNumber: Number(row.TerminalNumber ?? 0), name: row.Name ?? '', secretHash: row.secret_hash };
}

/** Stores (or replaces) a terminal's credential; only the hash of the secret is kept. */
export async function storeTerminalCredential(db: Queryable, credential: { terminalOid: number; tenantOid: number; terminalKey: string; secret: string }): Promise<void> {
  await db.query(
    `insert into mate_terminal_credential (terminal_oid, tenant_oid, terminal_key, secret_hash) values ($1, $2, $3, $4)
     on conflict (terminal_oid) do update set tenant_oid = excluded.tenant_oid, terminal_key = excluded.terminal_key, secret_hash = excluded.secret_hash, issued_at = now()`,
    [credential.terminalOid, credential.tenantOid, credential.terminalKey, terminalSecretHash(credential.secret)],
  );
}

/** Whether a connected terminal may go on: its credential unchanged and its record there and enabled. */
export async function terminalStanding(db: Queryable, posTable: string, terminal: TerminalIdentity): Promise<'ok' | 'revoked' | 'disabled'> {
  const found = await db.query<{ secret_hash: string; Disabled: boolean | null }>(
    `select c.secret_hash, t."Disabled" from mate_terminal_credential c join ${q(posTable)} t on t."Oid" = c.terminal_oid where c.terminal_oid = $1`,
    [terminal.terminalOid],
  );
  const row = found.rows[0];
  if (!row || row.secret_hash !== terminal.secretHash) return 'revoked';
  return row.Disabled ? 'disabled' : 'ok';
}
