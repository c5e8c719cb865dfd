import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { DataRoutesOptions } from './data-routes';
import { KIND_PARAMS, type DataParams } from './data-request';
import { dataAccess } from './data-access';
import { parseEtag } from './record-codec';
import { applyDeleteRules } from './referential-delete';
import { rowScopeOf } from './row-scope';
import { readStored } from './data-store';
import { quoteIdent } from './sql-names';
import { writeConflictOf } from './write-conflicts';
import { actorTransaction, userActor } from '../audit/audit-actor';

/** The most records one bulk delete may name (a grid selects at most a few pages). */
export const BULK_DELETE_LIMIT = 500;

/** The body: the records to delete, each with the version the caller saw (as If-Match does for one). */
export const BULK_DELETE_BODY = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_DELETE_LIMIT,
      items: {
        type: 'object',
        required: ['oid', 'etag'],
        additionalProperties: false,
        properties: { oid: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, etag: { type: 'string', minLength: 1, maxLength: 100 } },
      },
    },
  },
} as const;

type Route = { Params: DataParams; Body: { items: { oid: number; etag: string }[] } };

/**
 * `POST /api/data/{area}/{entity}/bulk-delete` with `{ items: [{ oid, etag }] }`: deletes every record named, or
 * none. One transaction: the records are read and locked in the request's scope, each must still have its version,
 * the delete rules of the lookups pointing at them are applied to all of them together (a record referring to
 * another of the same request does not hold it back), then they are deleted. Answers `{ deleted, oids }`; 404 for
 * a record not there, 409 for a stale version or for records still referred to (`references`, as a single delete).
 */
export async function bulkDeleteRoute(app: FastifyInstance, options: DataRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext, events } = options;
  const access = dataAccess(app, catalogue, resolveContext);
  app.post<Route>('/api/data/:area/:entity/bulk-delete', { ...access('delete'), schema: { params: KIND_PARAMS, body: BULK_DELETE_BODY } }, async (request) => {
    const { dataKind: kind, dataContext: context } = request;
    const scope = rowScopeOf(kind, context);
    const items = request.body.items;
    const oids = [...new Set(items.map((item) => item.oid))];
    if (oids.length !== items.length) throw new ApiError(400, 'A record is named twice in items.', { errors: { items: ['Each oid at most once.'] } });
    const guard = options.guards?.get(kind.kind);
    const { deleted, writes } = await actorTransaction(db, userActor(context), async (tx) => {
      const deleted: { oid: number; etag: string; tenantOid: number | null }[] = [];
      // In oid order, so two bulk deletes over the same records lock them in the same order (no deadlock).
      for (const item of [...items].sort((a, b) => a.oid - b.oid)) {
        const current = await readStored(tx, kind, item.oid, scope, true);
        if (!current) throw new ApiError(404, `${kind.kind} ${item.oid} does not exist.`, { errors: { [`items.${items.indexOf(item)}.oid`]: ['No such record.'] } });
        if (current.record.ETag !== parseEtag(item.etag)) {
          throw new ApiError(409, `${kind.kind} ${item.oid} was changed by someone else; reload and try again.`, { errors: { [`items.${items.indexOf(item)}.etag`]: ['Stale version.'] } });
        }
        await guard?.check({ request, context, operation: 'delete', current: current.record, conn: tx });
        deleted.push({ oid: item.oid, etag: current.record.ETag as string, tenantOid: (current.record.TenantOid as number | null) ?? null });
      }
      const writes = await applyDeleteRules(tx, catalogue, kind, oids, context);
      // Every row is locked and at the version the caller saw: the one DELETE takes them all.
      await tx.query(`delete from ${quoteIdent(kind.table)} where "Oid" = any($1::bigint[])`, [oids]);
      return { deleted, writes };
    }).catch((error: unknown) => {
      // Two deletes cascading into the same records in another order: PostgreSQL ends one; the caller sends it again.
      throw writeConflictOf(kind, error) ?? error;
    });
    for (const event of [...deleted.map((d) => ({ type: 'DataServiceDelete' as const, kind: kind.kind, ...d })), ...writes.map((w) => ({ type: w.type, kind: w.kind.kind, oid: w.oid, etag: w.etag, tenantOid: w.tenantOid }))]) {
      void events.publish(event).catch((error: unknown) => request.log.error({ err: error }, 'could not publish a data event'));
    }
    return { deleted: deleted.length, oids };
  });
}
