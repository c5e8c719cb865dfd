import type { Database, Queryable } from '../db/database';
import { loadUserPermissions, type UserPermissions } from './permission-store';
import { IDENTITY_TABLES } from './identity-tables';
import { openSessionOids } from './sessions';
import { findUserByOid, userTenantOids, type UserRecord } from './user-store';

/** The NOTIFY channel on which the identity tables say whose identity changed: a user oid, or `*` for everyone. */
export const IDENTITY_CHANGE_CHANNEL = 'mate_identity_changes';

/** Safety net only: a change is normally heard at once; an entry older than this is read again anyway (ms). */
export const IDENTITY_CACHE_TTL_MS = 60_000;
/** Users kept at most; the oldest entry goes first beyond it. */
export const IDENTITY_CACHE_MAX_USERS = 10_000;

/** What every request of a user needs from identity's tables. */
export interface CachedIdentity {
  /** undefined: no such user (its tokens are refused). */
  user: UserRecord | undefined;
  tenantOids: number[];
  permissions: UserPermissions;
  /** The user's sessions that are not ended (sessions.ts): a token naming another session is refused. */
  openSessions: Set<number>;
}

/**
 * The tables whose rows decide a request's identity, and the column naming the user a row belongs to ('' for a
 * row that concerns every holder of a role, which invalidates everyone). Catalogue tables exist only after
 * syncEntityTables, so their triggers are installed when the cache starts, not by a migration.
 */
const WATCHED: [table: string, userColumn: string, events?: string][] = [
  ['mate_user', 'oid'],
  ['mate_user_tenant', 'user_oid'],
  ['mate_user_role', 'user_oid'],
  // A role's decision names no user (user_oid null): the trigger then says '*'.
  ['mate_permission', 'user_oid'],
  [IDENTITY_TABLES.user, 'Oid'],
  [IDENTITY_TABLES.role, ''],
  // Not on last_used_at: sessions touch it once a minute, and it decides nothing.
  ['mate_session', 'user_oid', 'insert or delete or update of ended_at'],
];

const TRIGGER = 'mate_identity_changed';

/**
 * Row-level, whoever writes (routes, the grid, imports, seeds, a migration, psql): NOTIFY is transactional, so it
 * goes out on commit only, and PostgreSQL folds identical payloads of one transaction into one message.
 */
const FUNCTION = `create or replace function mate_identity_changed() returns trigger language plpgsql as $$
  declare
    column_name text := TG_ARGV[0];
  begin
    if column_name = '' then
      perform pg_notify('${IDENTITY_CHANGE_CHANNEL}', '*');
      return null;
    end if;
    if TG_OP <> 'INSERT' then
      perform pg_notify('${IDENTITY_CHANGE_CHANNEL}', coalesce(to_jsonb(OLD) ->> column_name, '*'));
    end if;
    if TG_OP <> 'DELETE' then
      perform pg_notify('${IDENTITY_CHANGE_CHANNEL}', coalesce(to_jsonb(NEW) ->> column_name, '*'));
    end if;
    return null;
  end $$`;

const tableExists = async (db: Queryable, table: string) =>
  (await db.query<{ found: string | null }>('select to_regclass($1)::text as found', [table])).rows[0]?.found != null;

/** Installs the NOTIFY triggers where missing; instances starting together take turns (advisory lock). */
export async function ensureIdentityTriggers(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7270402)');
    await tx.query(FUNCTION);
    for (const [table, column, events = 'insert or update or delete'] of WATCHED) {
      if (!(await tableExists(tx, table))) continue;
      const present = await tx.query('select 1 from pg_trigger where tgname = $1 and tgrelid = $2::regclass', [TRIGGER, table]);
      if (present.rowCount > 0) continue;
      await tx.query(`create trigger ${TRIGGER} after ${events} on ${table} for each row execute function mate_identity_changed('${column}')`);
    }
  });
}

interface Entry {
  loadedAt: number;
  value: Promise<CachedIdentity>;
}

/**
 * Per-user identity (user row with its token version, tenants, roles, decisions) kept in process, so a request
 * costs no identity query. It holds only while it hears every change: the triggers above NOTIFY each instance on
 * commit, and while this instance's LISTEN connection is down (PostgreSQL restart, killed backend) nothing is
 * kept; when it is back, everything is dropped, since notifications may have been missed. On PGlite (one process)
 * the same notifications arrive in process.
 */
export class IdentityCache {
  private readonly entries = new Map<number, Entry>();
  private started: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private unwatch: (() => void) | undefined;
  /** False while the LISTEN connection is down: then every request reads the tables. */
  private hearing = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: { ttlMs?: number; maxUsers?: number; now?: () => number } = {},
  ) {}

  /** Installs the triggers and starts listening, once; a failure is not kept, so the next request tries again. */
  start(): Promise<void> {
    this.started ??= this.listen().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  /** The identity of a user, from the cache when it is current. */
  async get(userOid: number): Promise<CachedIdentity> {
    if (!this.hearing || this.closed) {
      // Not hearing changes: read, and keep nothing.
      await this.start().catch(() => undefined);
      if (!this.hearing || this.closed) return this.load(userOid);
    }
    const now = (this.options.now ?? Date.now)();
    const entry = this.entries.get(userOid);
    if (entry && now - entry.loadedAt < (this.options.ttlMs ?? IDENTITY_CACHE_TTL_MS)) return entry.value;
    const value = this.load(userOid);
    const fresh: Entry = { loadedAt: now, value };
    // Stored before it resolves: a change heard while it loads deletes it, so no later request takes the old rows.
    this.entries.delete(userOid);
    this.entries.set(userOid, fresh);
    if (this.entries.size > (this.options.maxUsers ?? IDENTITY_CACHE_MAX_USERS)) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(userOid) === fresh) this.entries.delete(userOid);
    });
    return value;
  }

  /** Forgets one user ('*': everyone). */
  invalidate(userOid: number | '*'): void {
    if (userOid === '*') this.entries.clear();
    else this.entries.delete(userOid);
  }

  /** How many users are kept (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.hearing = false;
    this.entries.clear();
    this.unwatch?.();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  private async load(userOid: number): Promise<CachedIdentity> {
    // Reads at once: on PostgreSQL each takes a pool connection, so they cost one round trip of waiting.
    const [user, tenantOids, permissions, openSessions] = await Promise.all([
      findUserByOid(this.db, userOid),
      userTenantOids(this.db, userOid),
      loadUserPermissions(this.db, userOid),
      openSessionOids(this.db, userOid),
    ]);
    return { user, tenantOids, permissions, openSessions };
  }

  private async listen(): Promise<void> {
    await ensureIdentityTriggers(this.db);
    this.unwatch = this.db.onListenerState?.((up) => {
      this.entries.clear();
      this.hearing = up && !this.closed;
    });
    this.unlisten = await this.db.listen(IDENTITY_CHANGE_CHANNEL, (payload) => this.heard(payload));
    if (this.closed) {
      await this.unlisten();
      return;
    }
    this.hearing = true;
  }

  private heard(payload: string): void {
    if (payload === '*') return this.invalidate('*');
    const oid = Number(payload);
    // Anything not understood drops everything rather than risk keeping a revoked right.
    this.invalidate(Number.isSafeInteger(oid) ? oid : '*');
  }
}
