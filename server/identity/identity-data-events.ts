import type { Database, Queryable } from '../db/database';
import type { DataEvent, DataEventBus, DataEventType } from '../data/data-event-bus';
import { etagOf } from '../data/record-codec';
import { IDENTITY_KINDS, IDENTITY_TABLES } from './identity-tables';

/** Where failures of the subscriber go (a pino logger fits). */
export interface IdentityEventLog {
  error(object: object, message: string): void;
}

/** The running subscription: `stop` on shutdown; `settled` waits for the events handled so far (tests). */
export interface IdentityEventSubscription {
  stop(): void;
  settled(): Promise<void>;
}

/**
 * Revocation through the grid. A user row changed by the data service: if it became Disabled since identity last
 * saw it (`mate_user.disabled_seen`), the token version goes up, so tokens issued before the disable stay dead
 * after a later enable. The comparison makes the bump happen once although every instance hears the event.
 */
async function userChanged(db: Queryable, oid: number): Promise<void> {
  await db.query(
    `insert into mate_user (oid, disabled_seen) select "Oid", "Disabled" from ${IDENTITY_TABLES.user} where "Oid" = $1
     on conflict (oid) do update set
       token_version = mate_user.token_version + case when excluded.disabled_seen and not mate_user.disabled_seen then 1 else 0 end,
       disabled_seen = excluded.disabled_seen`,
    [oid],
  );
}

/** A deleted user: the private row goes (memberships, decisions, one-time tokens cascade); its tokens find no user. */
async function userDeleted(db: Queryable, oid: number): Promise<void> {
  await db.query(`delete from mate_user where oid = $1 and not exists (select 1 from ${IDENTITY_TABLES.user} where "Oid" = $1)`, [oid]);
}

/** A deleted role: its memberships and decisions go, and its holders' tokens end (a role change revokes). */
async function roleDeleted(db: Database, oid: number): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await tx.query(`select 1 from ${IDENTITY_TABLES.role} where "Oid" = $1`, [oid])).rowCount > 0) return;
    await tx.query(
      `update mate_user set token_version = token_version + 1, updated_at = now() where oid in (select user_oid from mate_user_role where role_oid = $1)`,
      [oid],
    );
    await tx.query('delete from mate_user_role where role_oid = $1', [oid]);
    await tx.query('delete from mate_permission where role_oid = $1', [oid]);
  });
}

async function handle(db: Database, event: DataEvent): Promise<void> {
  if (event.kind === IDENTITY_KINDS.user) {
    if (event.type === 'DataServiceDelete') await userDeleted(db, event.oid);
    else await userChanged(db, event.oid);
  } else if (event.kind === IDENTITY_KINDS.role && event.type === 'DataServiceDelete') {
    await roleDeleted(db, event.oid);
  } else if (event.kind === IDENTITY_KINDS.apiAccess && event.type === 'DataServiceDelete') {
    await db.query(`delete from mate_api_key where oid = $1 and not exists (select 1 from ${IDENTITY_TABLES.apiAccess} where "Oid" = $1)`, [event.oid]);
  }
}

/**
 * Keeps identity's private state in step with writes the data service makes to identity/user, identity/role and
 * identity/api-access (the grids): disabling a user ends its tokens, deleting a user or role removes what identity
 * kept for it. Call once at start with the started bus; stop on shutdown.
 */
export function subscribeIdentityToDataEvents(db: Database, events: DataEventBus, log?: IdentityEventLog): IdentityEventSubscription {
  let pending = Promise.resolve();
  const unsubscribe = events.subscribe((event) => {
    // One at a time, in arrival order: a delete never overtakes the update before it.
    pending = pending.then(() =>
      handle(db, event).catch((error: unknown) => log?.error({ err: error, kind: event.kind, oid: event.oid, type: event.type }, 'identity could not apply a data event')),
    );
  });
  return { stop: unsubscribe, settled: () => pending };
}

/** Publishes a data event for a row identity wrote itself (registration, API key), so grids and the hub hear of it. */
export async function publishIdentityEvent(db: Queryable, events: DataEventBus | undefined, type: DataEventType, kind: keyof typeof IDENTITY_KINDS, oid: number): Promise<void> {
  if (!events) return;
  const row = await db.query<{ row_version: string | number }>(`select row_version from ${IDENTITY_TABLES[kind]} where "Oid" = $1`, [oid]);
  const rowVersion = row.rows[0]?.row_version ?? 1;
  await events.publish({ type, kind: IDENTITY_KINDS[kind], oid, etag: etagOf(oid, rowVersion), tenantOid: null });
}
