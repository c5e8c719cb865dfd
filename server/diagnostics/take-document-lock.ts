import type { EntityKind } from '../data/catalogue';
import { insertStored, updateStored } from '../data/data-store';
import { quoteIdent as q } from '../data/sql-names';
import type { Queryable } from '../db/database';
import { completeRecord } from '../seed/demo/insert-records';
import { ApiError } from '../lib/api-error';
import { readDocumentLock, type DocumentLockRow, type LockTables } from './document-locks';

/** What a holder asks for when it opens a document for correction. */
export interface LockRequest {
  tenantOid: number;
  documentUid: string;
  documentNumber?: string;
  documentType?: number;
  terminalOid?: number;
  reason: 'Editing' | 'Processing' | 'Export';
  /** How long the lock holds without a renewal. */
  leaseSeconds: number;
}

/**
 * Takes the lock on a document, or renews it: a holder that already holds it (or finds it stale) gets a fresh lease;
 * anybody else is refused with a 409 that names the holder and when the lease runs out. Call in a transaction; the
 * advisory lock makes two takers of the same document wait for each other on PostgreSQL (PGlite has one connection).
 */
export async function takeDocumentLock(tx: Queryable, kind: EntityKind, tables: LockTables, request: LockRequest, holder: string, now: Date): Promise<{ lock: DocumentLockRow; created: boolean; rowVersion: number }> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`document-lock/${request.tenantOid}/${request.documentUid}`]);
  let locationOid: number | null = null;
  if (request.terminalOid !== undefined) {
    const terminal = tables.pos ? (await tx.query<{ location: string | number | null }>(`select "LocationOid" as location from ${q(tables.pos)} where "Oid" = $1 and "TenantOid" = $2`, [request.terminalOid, request.tenantOid])).rows[0] : undefined;
    if (!terminal) throw new ApiError(400, `terminalOid ${request.terminalOid} is not a terminal of tenant ${request.tenantOid}.`, { errors: { terminalOid: ['is not a terminal of the tenant'] } });
    locationOid = terminal.location === null ? null : Number(terminal.location);
  }
  const country = tables.tenant ? (await tx.query<{ code: string | null }>(`select "CountryCode" as code from ${q(tables.tenant)} where "Oid" = $1`, [request.tenantOid])).rows[0]?.code : null;
  const existing = await tx.query<{ oid: string | number; row_version: string | number }>(`select "Oid" as oid, row_version from ${q(tables.lock)} where "TenantOid" = $1 and "DocumentUid" = $2 order by "Oid" limit 1`, [request.tenantOid, request.documentUid]);
  const held = existing.rows[0] ? await readDocumentLock(tx, tables, Number(existing.rows[0].oid), now) : undefined;
  if (held && !held.stale && held.lockedBy !== holder) {
    throw new ApiError(409, `The document ${request.documentUid} is locked by ${held.lockedBy ?? 'somebody'} until ${held.expiresAt ?? 'further notice'}.`, { extra: { current: held } });
  }
  const values = completeRecord(kind, {
    DocumentUid: request.documentUid,
    DocumentType: request.documentType ?? held?.documentType ?? 1,
    DocumentNumber: request.documentNumber ?? held?.documentNumber ?? null,
    CountryCode: country ?? held?.country ?? null,
    LocationOid: locationOid ?? held?.locationOid ?? null,
    PosTerminalOid: request.terminalOid ?? held?.terminalOid ?? null,
    LockReason: request.reason,
    LockedBy: holder,
    // A renewal by the same holder keeps when the lock was first taken; a stale lock taken over starts anew.
    LockedAt: held && !held.stale && held.lockedAt ? held.lockedAt : now.toISOString(),
    ExpiresAt: new Date(now.getTime() + request.leaseSeconds * 1000).toISOString(),
  });
  const stored = held ? await updateStored(tx, kind, held.oid, Number(existing.rows[0]!.row_version), values, holder) : await insertStored(tx, kind, values, request.tenantOid, holder);
  if (!stored) throw new ApiError(409, `The lock on ${request.documentUid} changed meanwhile; try again.`);
  const oid = Number(stored.record.Oid);
  const lock = await readDocumentLock(tx, tables, oid, now);
  return { lock: lock!, created: !held, rowVersion: stored.rowVersion };
}
