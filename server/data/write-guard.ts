import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import type { RequestContext } from '../lib/request-context';

/** One write the data service is about to make (or, for `created`, has just made in its transaction). */
export interface GuardedWrite {
  request: FastifyRequest;
  context: RequestContext;
  operation: 'create' | 'update' | 'delete';
  /** The stored record before the write (update, delete). */
  current?: Record<string, unknown>;
  /** The record to be stored (create, update). */
  next?: Record<string, unknown>;
  /** The open transaction the write runs in, when it runs in one: a guard reads through it, never beside it. */
  conn?: Queryable;
}

/**
 * Rules another module keeps over the writes to one kind, beyond the path permission the data service checks (e.g.
 * identity's delegated administration of users, roles and API keys). `check` throws an ApiError to refuse; `created`
 * runs in the create's transaction with the new record (its Oid set).
 */
export interface WriteGuard {
  check(write: GuardedWrite): Promise<void>;
  created?(tx: Queryable, write: GuardedWrite & { next: Record<string, unknown> }): Promise<void>;
}

/** The guards by kind ('identity/user'); kinds without one are written on the path permission alone. */
export type WriteGuards = ReadonlyMap<string, WriteGuard>;
