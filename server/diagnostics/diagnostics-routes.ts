import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Catalogue } from '../data/catalogue';
import type { DataEventBus } from '../data/data-event-bus';
import { etagOf } from '../data/record-codec';
import type { Database } from '../db/database';
import { UNPROCESSED_DOCUMENTS_PATH } from '../documents/unprocessed-documents';
import { terminalTables } from '../jobs/built-in/terminal-tables';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, PermissionAction, RequestContext } from '../lib/request-context';
import { processDocument } from '../terminals/terminal-document-processing';
import { DATABASE_USAGE_PATH, GROWTH_WINDOW_DAYS, readTableUsage, summariseDatabaseUsage } from './database-usage';
import { LOCKS_ROUTE_SCHEMA, RELEASE_LOCK_ROUTE_SCHEMA, REPROCESS_ROUTE_SCHEMA, SUMMARY_ROUTE_SCHEMA, TABLES_ROUTE_SCHEMAS, TAKE_LOCK_ROUTE_SCHEMA } from './diagnostics-schemas';
import { takeDocumentLock, type LockRequest } from './take-document-lock';
import { DiagnosticsEvents } from './diagnostics-events';
import { DOCUMENT_LOCK_KIND, DOCUMENT_LOCKS_PATH, lockTablesOf, readDocumentLock, readDocumentLocks, releaseDocumentLock } from './document-locks';

export interface DiagnosticsRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  events?: DataEventBus;
  resolveContext: ContextResolver;
  /** The clock (tests). */
  now?: () => Date;
}

/** Fastify's coercion lets `1e309` through as Infinity: refused here, naming the member, before it reaches SQL. */
function refuseInfinite(values: Record<string, unknown>, where: string): void {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new ApiError(400, `The ${where} parameter ${name} must be a finite whole number.`, { errors: { [name]: ['must be a finite whole number'] } });
  }
}

/** The sizes are the whole installation's (every tenant's tables together): Read on the page globally is needed. */
function requireGlobalRead(context: RequestContext): void {
  const may = context.canGlobally ? context.canGlobally(DATABASE_USAGE_PATH, 'Read') : context.can(DATABASE_USAGE_PATH, 'Read');
  if (!may) throw new ApiError(403, `Reading the database usage needs Read on ${DATABASE_USAGE_PATH} in the Global column: the figures cover the whole installation.`);
}

/** The tenants to read for a list: the one entityOid names (checked), or every one where the caller holds Read. */
function tenantsToRead(context: RequestContext, path: string, entityOid: number | undefined, what: string): number[] {
  const readable = context.tenantOids.filter((tenantOid) => context.can(path, 'Read', tenantOid));
  if (entityOid === undefined) {
    if (readable.length === 0) throw new ApiError(403, `Reading ${what} needs Read on ${path} in one of your tenants.`);
    return readable;
  }
  if (!context.tenantOids.includes(entityOid)) throw new ApiError(403, `entityOid ${entityOid} is not one of your tenants.`, { errors: { entityOid: ['is not one of your tenants'] } });
  if (!readable.includes(entityOid)) throw new ApiError(403, `Reading ${what} of tenant ${entityOid} needs Read on ${path} there.`);
  return [entityOid];
}

/** A row of a tenant the caller may not read is as unknown as none; one they read but may not change is a 403. */
function requireRight(context: RequestContext, path: string, action: PermissionAction, tenantOid: number, what: string): void {
  const readable = context.tenantOids.includes(tenantOid) && context.can(path, 'Read', tenantOid);
  if (!readable) throw new ApiError(404, `There is no ${what}.`);
  if (!context.can(path, action, tenantOid)) throw new ApiError(403, `This needs ${action} on ${path} in tenant ${tenantOid}.`);
}

/**
 * The diagnostics pages' routes (docs/diagnostics.md): database usage (GET /api/db-info/summary, /tables and
 * /database-usage), document locks (GET /api/diagnostics/document-locks, DELETE .../{oid} to release one), and the
 * reprocessing of one unprocessed document (POST /api/diagnostics/unprocessed-documents/{oid}/reprocess; the list
 * itself is server/documents').
 */
export const diagnosticsRoutes = fastifyPlugin<DiagnosticsRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const now = options.now ?? (() => new Date());
    app.get<{ Querystring: { take: number } }>('/api/db-info/summary', { schema: SUMMARY_ROUTE_SCHEMA }, async (request) => {
      refuseInfinite(request.query, 'query');
      requireGlobalRead(await options.resolveContext(request));
      return summariseDatabaseUsage(options.db, request.query.take);
    });
    const tables = async (request: Parameters<ContextResolver>[0]) => {
      requireGlobalRead(await options.resolveContext(request));
      const at = now();
      return { sampledAt: at.toISOString(), growthWindowDays: GROWTH_WINDOW_DAYS, items: await readTableUsage(options.db, at) };
    };
    for (const [url, schema] of Object.entries(TABLES_ROUTE_SCHEMAS)) app.get(url, { schema }, tables);

    const lockTables = lockTablesOf(options.catalogue);
    if (lockTables) {
      app.get<{ Querystring: { entityOid?: number; skip: number; take: number } }>(
        '/api/diagnostics/document-locks',
        { schema: LOCKS_ROUTE_SCHEMA },
        async (request) => {
          refuseInfinite(request.query, 'query');
          const context = await options.resolveContext(request);
          const tenants = tenantsToRead(context, DOCUMENT_LOCKS_PATH, request.query.entityOid, 'the document locks');
          return readDocumentLocks(options.db, lockTables, tenants, request.query, now());
        },
      );
      const lockKind = options.catalogue.find('pos-operating', 'document-lock')!;
      app.post<{ Body: Omit<LockRequest, 'tenantOid'> & { tenantOid?: number } }>(
        '/api/diagnostics/document-locks/take',
        { schema: TAKE_LOCK_ROUTE_SCHEMA },
        async (request, reply) => {
          refuseInfinite(request.body as Record<string, unknown>, 'body');
          const context = await options.resolveContext(request);
          const tenantOid = request.body.tenantOid ?? context.tenantOid;
          if (tenantOid === undefined || !context.tenantOids.includes(tenantOid)) throw new ApiError(403, `tenantOid ${tenantOid ?? '(none)'} is not one of your tenants.`, { errors: { tenantOid: ['is not one of your tenants'] } });
          if (!context.can(DOCUMENT_LOCKS_PATH, 'Create', tenantOid)) throw new ApiError(403, `Taking a document lock needs Create on ${DOCUMENT_LOCKS_PATH} in tenant ${tenantOid}.`);
          const taken = await options.db.transaction((tx) => takeDocumentLock(tx, lockKind, lockTables, { ...request.body, tenantOid }, context.username, now()));
          await options.events?.publish({ type: taken.created ? 'DataServiceCreate' : 'DataServiceUpdate', kind: DOCUMENT_LOCK_KIND, oid: taken.lock.oid, etag: etagOf(taken.lock.oid, taken.rowVersion), tenantOid });
          return reply.code(taken.created ? 201 : 200).send(taken.lock);
        },
      );
      app.delete<{ Params: { oid: number } }>('/api/diagnostics/document-locks/:oid', { schema: RELEASE_LOCK_ROUTE_SCHEMA }, async (request) => {
        refuseInfinite(request.params, 'path');
        const context = await options.resolveContext(request);
        const { oid } = request.params;
        const released = await options.db.transaction(async (tx) => {
          const lock = await readDocumentLock(tx, lockTables, oid, now());
          if (!lock) throw new ApiError(404, `There is no document lock ${oid}.`);
          requireRight(context, DOCUMENT_LOCKS_PATH, 'Delete', lock.tenantOid, `document lock ${oid}`);
          if (!(await releaseDocumentLock(tx, lockTables, oid))) throw new ApiError(404, `There is no document lock ${oid}.`);
          return lock;
        });
        // The lock grid (/data/pos-operating/document-lock) and this page hear of it through the hub.
        await options.events?.publish({ type: 'DataServiceDelete', kind: DOCUMENT_LOCK_KIND, oid, etag: etagOf(oid, released.rowVersion), tenantOid: released.tenantOid });
        const { rowVersion: _version, ...lock } = released;
        return { released: lock };
      });
    }

    if (options.catalogue.find('tenancy', 'pos-terminal')) {
      const processing = terminalTables(options.catalogue);
      app.post<{ Params: { oid: number } }>('/api/diagnostics/unprocessed-documents/:oid/reprocess', { schema: REPROCESS_ROUTE_SCHEMA }, async (request) => {
        refuseInfinite(request.params, 'path');
        const context = await options.resolveContext(request);
        const { oid } = request.params;
        return options.db.transaction(async (tx) => {
          const found = await tx.query<{ tenant_oid: string | number }>('select tenant_oid from mate_terminal_document where oid = $1 and processed_at is null', [oid]);
          const tenantOid = found.rows[0] ? Number(found.rows[0].tenant_oid) : undefined;
          if (tenantOid === undefined) throw new ApiError(404, `There is no unprocessed document ${oid}.`);
          requireRight(context, UNPROCESSED_DOCUMENTS_PATH, 'Update', tenantOid, `unprocessed document ${oid}`);
          const outcome = await processDocument(tx, processing, oid, now().getTime());
          if (outcome.processed === 'gone') throw new ApiError(404, `There is no unprocessed document ${oid}.`);
          return outcome.processed ? { oid, processed: true, reason: null } : { oid, processed: false, reason: outcome.error };
        });
      });
    }

    // The lists follow their data live through the hub (SubscribeDiagnostics), on every instance.
    if (app.hasDecorator('hub')) {
      const live = new DiagnosticsEvents(options.db, options.events);
      await live.start();
      for (const method of live.hubMethods()) app.hub.methods.register(method);
      app.addHook('onClose', async () => live.close());
    }
  },
  { name: 'mate-diagnostics', fastify: '5.x' },
);
