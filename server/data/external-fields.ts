import type { FastifyRequest } from 'fastify';
import { deepEqual } from '../../conditions';
import type { Queryable } from '../db/database';
import type { RequestContext } from '../lib/request-context';
import type { EntityKind } from './catalogue';

/** One write of an external field: the record's Oid, its value before (undefined on create) and the value wanted. */
export interface ExternalFieldWrite {
  request: FastifyRequest;
  context: RequestContext;
  operation: 'create' | 'update';
  oid: number;
  previous: unknown;
  next: unknown;
}

/**
 * A field declared `"external": true` (docs/metadata.md "External fields"): its value lives outside the kind's
 * table, kept by the module that owns it (identity's user roles). The data service asks the provider for the values
 * of the records it answers (a page at once: `read` answers them in the order of `oids`), and hands a changed value
 * to it inside the write's transaction, after the row was written: `write` throws an ApiError to refuse, which rolls
 * the whole write back.
 */
export interface ExternalFieldProvider {
  read(db: Queryable, oids: readonly number[], context: RequestContext): Promise<unknown[]>;
  write(tx: Queryable, write: ExternalFieldWrite): Promise<void>;
}

/** Providers by kind and field (`identity/user` -> `Roles` -> provider). */
export type ExternalFields = ReadonlyMap<string, ReadonlyMap<string, ExternalFieldProvider>>;

/** The kind's external fields with their providers; a field without one is a wiring mistake, named at start. */
export function externalProvidersOf(kind: EntityKind, providers: ExternalFields | undefined): [string, ExternalFieldProvider][] {
  return kind.externalFields.map((name) => {
    const provider = providers?.get(kind.kind)?.get(name);
    if (!provider) throw new Error(`${kind.kind}.${name} is declared external, but no server module provides it`);
    return [name, provider];
  });
}

/** The records with their external fields read (as the request may see them), one read per field for them all. */
export async function withExternalFields(
  db: Queryable,
  kind: EntityKind,
  records: readonly Record<string, unknown>[],
  context: RequestContext,
  providers: ExternalFields | undefined,
): Promise<Record<string, unknown>[]> {
  const fields = externalProvidersOf(kind, providers);
  if (fields.length === 0 || records.length === 0) return [...records];
  const out = records.map((record) => ({ ...record }));
  const oids = records.map((record) => Number(record.Oid));
  for (const [name, provider] of fields) {
    const values = await provider.read(db, oids, context);
    out.forEach((record, index) => (record[name] = values[index] ?? null));
  }
  return out;
}

/** Whether the write changes an external field (null or missing: the client keeps the value it did not send). */
export function externalChanged(kind: EntityKind, next: Record<string, unknown>, current: Record<string, unknown>): boolean {
  return kind.externalFields.some((name) => next[name] !== undefined && next[name] !== null && !deepEqual(next[name] ?? null, current[name] ?? null));
}

/** Hands every changed external field to its provider, in the write's transaction. */
export async function writeExternalFields(
  tx: Queryable,
  kind: EntityKind,
  providers: ExternalFields | undefined,
  write: Omit<ExternalFieldWrite, 'previous' | 'next'> & { current?: Record<string, unknown>; record: Record<string, unknown> },
): Promise<void> {
  for (const [name, provider] of externalProvidersOf(kind, providers)) {
    const next = write.record[name];
    const previous = write.current?.[name];
    if (next === undefined || next === null || deepEqual(next, previous ?? null)) continue;
    await provider.write(tx, { request: write.request, context: write.context, operation: write.operation, oid: write.oid, previous, next });
  }
}
