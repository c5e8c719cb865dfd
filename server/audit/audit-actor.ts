import type { Database, Queryable, QueryOptions } from '../db/database';
import type { RequestContext } from '../lib/request-context';

/** Who made a change: a signed-in user, a job (its starter, or none when a schedule started it), a terminal, or the system. */
export interface Actor {
  type: 'user' | 'job' | 'terminal' | 'system';
  /** The user's (or terminal's) oid; null for the system. */
  id: number | null;
  name: string;
  /** Through what the write came: api, import, restore, job:<name>, terminal. */
  source: string;
}

/** The actor of a request through the API (or an import, or a restore). */
export function userActor(context: Pick<RequestContext, 'userOid' | 'username'>, source = 'api'): Actor {
  return { type: 'user', id: context.userOid, name: context.username, source };
}

/**
 * Names the actor of the current transaction for the audit trigger (audit-triggers.ts). `set_config(..., true)` lasts
 * until the transaction ends, so a pooled connection never carries it over to another request.
 */
export async function setActor(tx: Queryable, actor: Actor): Promise<void> {
  await tx.query(`select set_config('mate.actor', $1, true)`, [JSON.stringify(actor)]);
}

/**
 * A FROM (or USING) item that names `actor` for the audit trigger inside one lone statement:
 * `update t set ... from <item> where ...`. The statement is a transaction by itself, so the setting ends with it,
 * and the trigger (AFTER, at the statement's end) reads it: a one-statement write keeps its one round trip and is
 * still recorded with the actor's id and source. Pushes the actor as the next parameter.
 */
export function actorFromItem(params: unknown[], actor: Actor): string {
  params.push(JSON.stringify(actor));
  return `(select set_config('mate.actor', $${params.length}, true)) as mate_actor(mate_actor)`;
}

/** Runs `work` in a transaction whose writes are recorded as `actor`'s. */
export async function actorTransaction<T>(db: Database, actor: Actor, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setActor(tx, actor);
    return work(tx);
  });
}

const WRITE = /^\s*(insert|update|delete|merge|with)\b/i;

/**
 * The database as a job (or terminal) sees it: every transaction names `actor`, and a lone write statement runs in
 * a transaction of its own that does, so no write of the job is recorded without its actor. Reads stay as they were.
 */
export function auditedDatabase(db: Database, actor: Actor): Database {
  const transaction = <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => actorTransaction(db, actor, work);
  return {
    kind: db.kind,
    transaction,
    query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) {
      return WRITE.test(sql) ? transaction((tx) => tx.query<T>(sql, params, options)) : db.query<T>(sql, params, options);
    },
    listen: (channel, handler) => db.listen(channel, handler),
    notify: (channel, payload) => db.notify(channel, payload),
    ...(db.onListenerState ? { onListenerState: (handler: (up: boolean) => void) => db.onListenerState!(handler) } : {}),
    // A view over the database, not its owner: closing it is left to whoever opened the database.
    close: async () => undefined,
  };
}
