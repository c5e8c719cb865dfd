import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deepEqual } from '../../conditions';
import type { Database, Queryable } from '../db/database';
import { ApiError, type FieldErrors } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { adjustRecord } from './adjust-record';
import type { Catalogue, EntityKind } from './catalogue';
import { deleteStored, insertStored, readStored, uniqueConflicts, updateStored, type StoredRecord } from './data-store';
import type { DataEventBus, DataEventType } from './data-event-bus';
import { directPut, directPutPlan } from './direct-update';
import { authorise, DETAIL_PARAMS, IF_MATCH_HEADERS, KIND_PARAMS, mergePatch, RECORD_PARAMS, recordInput, requireIfMatch, type DataParams, type RecordParams } from './data-request';
import { dataAccess } from './data-access';
import { countOf, countSql, encodeCursor, listEtag, listSql, matchesIfNoneMatch, parseListQuery } from './list-query';
import { hasStoredLookups, lookupProblems } from './lookup-targets';
import { applyDeleteRules, referrersOf, type CascadedWrite } from './referential-delete';
import { profileOf, toProfile, type Profile } from './profile';
import { parseEtag, rowToRecord, writableColumns } from './record-codec';
import { fillScopeFields, requireInScope, rowScopeOf } from './row-scope';
import { validateRecord } from './validate-record';
import { answerOf, dropKeptWriteOnlyErrors, hashWriteOnly, unsentWriteOnly } from './write-only-values';
import { writeOnlyFields } from '../../schemas';
import { writeConflictOf } from './write-conflicts';
import type { WriteGuards } from './write-guard';
import { externalChanged, externalProvidersOf, withExternalFields, writeExternalFields, type ExternalFields } from './external-fields';
import { actorTransaction, userActor, type Actor } from '../audit/audit-actor';
import { RESTORE_BODY } from '../audit/audit-schemas';
import { hiddenFields, valuesAt } from '../audit/audit-store';

/** What the data service needs: the database, the loaded catalogue, the identity seam and the event bus. */
export interface DataRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  events: DataEventBus;
  /** Rules other modules keep over writes to their kinds (write-guard.ts). */
  guards?: WriteGuards;
  /** The modules' providers of fields declared external (external-fields.ts). */
  externalFields?: ExternalFields;
}

interface KindRoute {
  Params: DataParams;
  Querystring: Record<string, unknown>;
}
/** A route of one record: its id is a number once the route's schema has checked it. */
interface RecordRoute {
  Params: RecordParams;
  Querystring: Record<string, unknown>;
}
type RecordReq = FastifyRequest<RecordRoute>;

const BASE = '/api/data/:area/:entity';

function invalid(errors: FieldErrors): ApiError {
  return new ApiError(400, `The record has invalid fields: ${Object.keys(errors).join(', ')}.`, { errors });
}

function conflict(kind: EntityKind, current: StoredRecord | undefined, profile: Profile): ApiError {
  return new ApiError(409, 'The record was changed by someone else. The current version is attached.', {
    extra: { current: current ? answerOf(kind, current.record, profile) : null, modified: current?.modified ?? null },
  });
}

/**
 * The generic data service (spec 2 §7): every kind of the catalogue under /api/data/{area}/{entity}
 * (their OpenAPI paths: openapi.ts; GET /api/openapi.json is served by server/api-docs). Encapsulated, so the merge-patch content type stays local to it.
 */
export async function dataRoutes(app: FastifyInstance, options: DataRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext, events } = options;
  const guards: WriteGuards = options.guards ?? new Map();
  const externalFields = options.externalFields;
  // Every external field has its provider, or the service does not start (external-fields.ts).
  for (const kind of catalogue.kinds) externalProvidersOf(kind, externalFields);
  const access = dataAccess(app, catalogue, resolveContext);
  const onKind = { params: KIND_PARAMS };
  const onRecord = { params: RECORD_PARAMS };
  // If-Match is declared, not required: without it a write is a 428 (spec 2 §8), which the handler answers.
  const onWrite = { params: RECORD_PARAMS, headers: IF_MATCH_HEADERS };
  /** A stored record with its external fields, as it is answered. */
  const complete = async (conn: Queryable, kind: EntityKind, stored: StoredRecord, context: RequestContext): Promise<StoredRecord> =>
    kind.externalFields.length === 0 ? stored : { ...stored, record: (await withExternalFields(conn, kind, [stored.record], context, externalFields))[0]! };

  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(new ApiError(400, `The request body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });

  /**
   * Publishes after the write without holding the answer for it: the bus sends events in the order of these
   * calls, so subscribers still see a record's changes in order; a failure is logged.
   */
  function publish(request: FastifyRequest, type: DataEventType, kind: EntityKind, stored: StoredRecord): void {
    const record = stored.record;
    void events
      .publish({ type, kind: kind.kind, oid: record.Oid as number, etag: record.ETag as string, tenantOid: (record.TenantOid as number | null) ?? null })
      .catch((error: unknown) => request.log.error({ err: error }, 'could not publish a data event'));
  }

  /** The data events of the writes a delete's rules made besides (cascaded deletes, emptied lookups). */
  function publishCascaded(request: FastifyRequest, writes: readonly CascadedWrite[]): void {
    for (const write of writes) {
      void events
        .publish({ type: write.type, kind: write.kind.kind, oid: write.oid, etag: write.etag, tenantOid: write.tenantOid })
        .catch((error: unknown) => request.log.error({ err: error }, 'could not publish a data event'));
    }
  }

  function send(reply: FastifyReply, kind: EntityKind, stored: StoredRecord, profile: Profile, status = 200): FastifyReply {
    return reply.status(status).header('etag', stored.record.ETag).send(answerOf(kind, stored.record, profile));
  }

  /**
   * Runs a write (in a transaction, or as the single statement it is) and answers a unique violation as 409. A
   * transaction names its actor for the audit trail; a single statement names it itself (updateStored's `actor`).
   */
  async function save<T>(kind: EntityKind, actor: Actor, work: (tx: Queryable) => Promise<T>, transaction = true): Promise<T> {
    try {
      return await (transaction ? actorTransaction(db, actor, work) : work(db));
    } catch (error) {
      // Two creates raced past the pre-check; the index still refuses the second.
      throw writeConflictOf(kind, error) ?? error;
    }
  }

  app.get<KindRoute>(`${BASE}/meta`, { ...access.always('read'), schema: onKind }, async (request) => request.dataKind.meta);

  app.get<KindRoute>(`${BASE}/form-extensions`, { ...access.always('read'), schema: onKind }, async (request) => request.dataKind.doc.extensions ?? {});

  app.get<KindRoute>(`${BASE}/empty`, { ...access('create'), schema: onKind }, async (request) => {
    const { dataKind: kind, dataContext: context } = request;
    // The scope fields start at the request's location and terminal, as a create without them would.
    const pinned = Object.fromEntries(rowScopeOf(kind, context).pinned);
    return toProfile({ ...kind.compiled.emptyRecord, ...pinned, TenantOid: kind.tenantScoped ? context.tenantOid : null }, profileOf(request));
  });

  app.post<KindRoute>(`${BASE}/adjust`, { ...access('create', 'update'), schema: onKind }, async (request) => {
    const kind = request.dataKind;
    const profile = profileOf(request);
    const adjusted = adjustRecord(kind, recordInput(kind, request.body, profile));
    return { entity: toProfile(adjusted.entity, profile), states: toProfile(adjusted.states, profile) };
  });

  app.get<KindRoute>(BASE, { ...access('list'), schema: onKind }, async (request, reply) => {
    const { dataKind: kind, dataContext: context } = request;
    const profile = profileOf(request);
    const list = parseListQuery(kind, request.query);
    const { sql, params } = listSql(kind, list, rowScopeOf(kind, context));
    const rows = (await db.query(sql, params)).rows;
    const hasMore = rows.length > list.take;
    const page = rows.slice(0, list.take);
    const last = page[page.length - 1];
    // External fields come along (one read per field for the page), so a row opened from the list is the whole record.
    const records = await withExternalFields(db, kind, page.map((row) => rowToRecord(kind, row)), context, externalFields);
    const count = list.count ? await countRows(kind, list, rowScopeOf(kind, context)) : undefined;
    // A conditional refresh (spec 2 §4) of an unchanged page is a 304 without a body; a count is part of the page.
    const etag = listEtag(request.query, profile, [...records.map((record) => record.ETag), ...(count ? [count.total, count.exact] : [])], hasMore);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).header('etag', etag).send();
    reply.header('etag', etag);
    return {
      items: records.map((record) => answerOf(kind, record, profile)),
      skip: list.skip,
      take: list.take,
      hasMore,
      ...(hasMore && last ? { next: encodeCursor(list.orderBy, list.orderBy.map((_, i) => last[`k${i}`] ?? null)) } : {}),
      ...(count ? { count } : {}),
    };
  });

  /** The matching rows of a list: exact up to COUNT_LIMIT, else `{ total: COUNT_LIMIT, exact: false }`. */
  async function countRows(...[kind, list, scope]: Parameters<typeof countSql>): Promise<{ total: number; exact: boolean }> {
    const { sql, params } = countSql(kind, list, scope);
    return countOf(Number((await db.query(sql, params)).rows[0]?.n ?? 0));
  }

  app.get<RecordRoute>(`${BASE}/:id`, { ...access('read'), schema: onRecord }, async (request, reply) => {
    const { dataKind: kind, dataContext: context } = request;
    const stored = await readStored(db, kind, request.params.id, rowScopeOf(kind, context));
    if (!stored) throw new ApiError(404, `${kind.kind} ${request.params.id} does not exist.`);
    if (parseEtag(request.headers['if-none-match']) === stored.record.ETag) return reply.status(304).header('etag', stored.record.ETag).send();
    return send(reply, kind, await complete(db, kind, stored, context), profileOf(request));
  });

  app.get<{ Params: RecordParams & { detailId: string }; Querystring: Record<string, unknown> }>(`${BASE}/:id/details/:detailId`, { ...access('read'), schema: { params: DETAIL_PARAMS } }, async (request) => {
    const { dataKind: kind, dataContext: context } = request;
    const oid = request.params.id;
    const detail = kind.doc.extensions?.details?.find((d) => d.id.toLowerCase() === String(request.params.detailId).toLowerCase());
    if (!detail) throw new ApiError(404, `Detail view '${request.params.detailId}' does not exist for ${kind.kind}.`);
    const [area = '', entity = ''] = detail.entity.split('/');
    const target = catalogue.find(area, entity);
    if (!target) throw new ApiError(404, 'CRUD-Service does not exist.');
    await authorise(request, resolveContext, target, 'list');
    if (!(await readStored(db, kind, oid, rowScopeOf(kind, context)))) throw new ApiError(404, `${kind.kind} ${oid} does not exist.`);
    const profile = profileOf(request);
    const list = parseListQuery(target, request.query);
    const { sql, params } = listSql(target, list, rowScopeOf(target, context), { field: detail.foreignKey, op: 'equal', value: oid });
    const rows = (await db.query(sql, params)).rows;
    const hasMore = rows.length > list.take;
    const page = rows.slice(0, list.take);
    const last = page[page.length - 1];
    // A write-only column of the related kind is never shown.
    const columns = detail.columns.filter((c) => !writeOnlyFields(target.doc.fields).some((f) => f.name === c.split('.')[0]));
    const pick = (record: Record<string, unknown>) => Object.fromEntries(['Oid', 'ETag', ...columns].map((c) => [c, record[c] ?? null]));
    return {
      id: detail.id,
      entity: detail.entity,
      columns: detail.columns,
      items: page.map((row) => toProfile(pick(rowToRecord(target, row)), profile)),
      skip: list.skip,
      take: list.take,
      hasMore,
      ...(hasMore && last ? { next: encodeCursor(list.orderBy, list.orderBy.map((_, i) => last[`k${i}`] ?? null)) } : {}),
    };
  });

  app.post<KindRoute>(BASE, { ...access('create'), schema: onKind }, async (request, reply) => {
    const { dataKind: kind, dataContext: context } = request;
    const profile = profileOf(request);
    const scope = rowScopeOf(kind, context);
    const input = fillScopeFields(scope, recordInput(kind, request.body, profile));
    const tenantOid = kind.tenantScoped ? context.tenantOid : undefined;
    const record = { ...kind.compiled.emptyRecord, ...input, Oid: null, ETag: null, TenantOid: tenantOid ?? null };
    requireInScope(scope, record, kind);
    const errors = validateRecord(kind, record);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    // A lookup names a record this request may see (its tenant's, visible, existing), or the field is refused.
    const lookups = await lookupProblems(db, catalogue, kind, record, context);
    if (Object.keys(lookups).length > 0) throw invalid(lookups);
    // Validated as typed; stored as its hash where the document says so.
    Object.assign(record, await hashWriteOnly(kind, record));
    const guard = guards.get(kind.kind);
    await guard?.check({ request, context, operation: 'create', next: record });
    const stored = await save(kind, userActor(context), async (tx) => {
      // Again, locking the targets until commit: a delete of one of them waits and then sees this record.
      if (hasStoredLookups(kind)) {
        const locked = await lookupProblems(tx, catalogue, kind, record, context, undefined, true);
        if (Object.keys(locked).length > 0) throw invalid(locked);
      }
      const taken = await uniqueConflicts(tx, kind, record, tenantOid);
      if (Object.keys(taken).length > 0) throw new ApiError(409, `${Object.keys(taken).join(', ')} already exists.`, { errors: taken });
      const inserted = await insertStored(tx, kind, record, tenantOid, context.username);
      await guard?.created?.(tx, { request, context, operation: 'create', next: inserted.record });
      // After the guard's own work (a delegate's new user joins their tenant), so the provider sees it.
      await writeExternalFields(tx, kind, externalFields, { request, context, operation: 'create', oid: Number(inserted.record.Oid), record });
      return complete(tx, kind, inserted, context);
    });
    publish(request, 'DataServiceCreate', kind, stored);
    reply.header('location', `/api/data/${kind.doc.area}/${kind.doc.entity}/${String(stored.record.Oid)}`);
    return send(reply, kind, stored, profile, 201);
  });

  /**
   * PUT, PATCH and a restore: the same checks, the new record built differently from the stored one. A restore
   * brings its input (values from the audit trail, already in the stored form) instead of reading the body.
   */
  async function update(request: RecordReq, reply: FastifyReply, operation: 'update' | 'patch', build: (current: Record<string, unknown>, input: Record<string, unknown>) => Record<string, unknown>, restore?: (current: StoredRecord) => Promise<Record<string, unknown>>) {
    const { dataKind: kind, dataContext: context } = request;
    const oid = request.params.id;
    const ifMatch = requireIfMatch(request);
    const profile = profileOf(request);
    const scope = rowScopeOf(kind, context);
    let input: Record<string, unknown>;
    if (restore) {
      const current = await readStored(db, kind, oid, scope);
      if (!current) throw new ApiError(404, `${kind.kind} ${oid} does not exist.`);
      // The values are worked out from this version; the write below still checks the row has it.
      if (current.record.ETag !== ifMatch) throw conflict(kind, current, profile);
      input = await restore(current);
    } else input = fillScopeFields(scope, recordInput(kind, request.body, profile));
    if (input.Oid !== undefined && input.Oid !== null && input.Oid !== oid) throw invalid({ Oid: [`Oid ${String(input.Oid)} is not the record of the path (${oid}).`] });
    const guard = guards.get(kind.kind);
    // A PUT first tries to be the one conditional UPDATE without a read (direct-update.ts); whatever does not
    // end in a write there comes here and gets the answer of the read-validate-write path below. A guarded kind
    // always takes that path: its guard must see the record before and after.
    const plan = operation === 'update' && !restore && !guard && kind.externalFields.length === 0 ? directPutPlan(kind, catalogue) : undefined;
    if (plan) {
      const put = { catalogue, oid, ifMatch, input, scope, targetScope: (target: EntityKind) => rowScopeOf(target, context), user: context.username, actor: userActor(context), events };
      // Top-level lookups are checked (and their targets locked) inside the one statement. A lookup inside a list
      // is not: the direct path cannot tell a changed one from a kept one, so it is taken only when every lookup sent
      // holds, with the targets locked in the update's transaction (see create); a target gone since: the path below.
      const direct = plan.checksLookups
        ? await directPut(db, kind, put)
        : Object.keys(await lookupProblems(db, catalogue, kind, input, context)).length === 0
          ? await actorTransaction(db, userActor(context), async (tx) => (Object.keys(await lookupProblems(tx, catalogue, kind, input, context, undefined, true)).length === 0 ? directPut(tx, kind, put) : undefined))
          : undefined;
      if (direct) {
        if (!direct.notified) publish(request, 'DataServiceUpdate', kind, direct);
        return send(reply, kind, direct, profile);
      }
    }
    const tenantOid = kind.tenantScoped ? context.tenantOid : undefined;
    // Optimistic, without a transaction: the checks run against the version read, and the one UPDATE writes only
    // if the row still has that version (atomic by itself). Anything in between is a lost race: 409, never an
    // overwrite. Two round trips for a plain save: the read and the update. A kind with external fields writes
    // them in the same transaction as the row, so a refused or failed one leaves the row as it was.
    const actor = userActor(context, restore ? 'restore' : 'api');
    const result = await save<StoredRecord | 'unchanged'>(
      kind,
      actor,
      async (conn) => {
        const read = await readStored(conn, kind, oid, scope);
        if (!read) throw new ApiError(404, `${kind.kind} ${oid} does not exist.`);
        const current = await complete(conn, kind, read, context);
        if (current.record.ETag !== ifMatch) throw conflict(kind, current, profile);
        const next: Record<string, unknown> = { ...kind.compiled.emptyRecord, ...build(current.record, input), Oid: current.record.Oid, ETag: current.record.ETag, TenantOid: current.record.TenantOid };
        if (writableColumns(kind).every((name) => deepEqual(next[name] ?? null, current.record[name] ?? null)) && !externalChanged(kind, next, current.record)) return 'unchanged';
        requireInScope(scope, next, kind);
        const errors = validateRecord(kind, next, current.record);
        dropKeptWriteOnlyErrors(kind, errors, next, current.record);
        if (Object.keys(errors).length > 0) throw invalid(errors);
        const lookups = await lookupProblems(conn, catalogue, kind, next, context, current.record, true);
        if (Object.keys(lookups).length > 0) throw invalid(lookups);
        Object.assign(next, await hashWriteOnly(kind, next, current.record));
        // Checked against the version read; the UPDATE below writes only if the row still has it.
        await guard?.check({ request, context, operation: 'update', current: current.record, next, conn });
        const changedUnique = Object.fromEntries(kind.doc.fields.filter((f) => f.unique && !deepEqual(next[f.name] ?? null, current.record[f.name] ?? null)).map((f) => [f.name, next[f.name]]));
        // Only a changed unique value needs the pre-check; a race past it still meets the unique index (save: 409).
        if (Object.keys(changedUnique).length > 0) {
          const taken = await uniqueConflicts(conn, kind, changedUnique, tenantOid, oid);
          if (Object.keys(taken).length > 0) throw new ApiError(409, `${Object.keys(taken).join(', ')} already exists.`, { errors: taken });
        }
        const updated = await updateStored(conn, kind, oid, current.rowVersion, next, context.username, scope, actor);
        if (!updated) throw conflict(kind, await readStored(conn, kind, oid, scope), profile);
        await writeExternalFields(conn, kind, externalFields, { request, context, operation: 'update', oid, current: current.record, record: next });
        return complete(conn, kind, updated, context);
      },
      // A transaction also holds the lookup targets' locks (lookup-targets.ts) until the row is written; a restore
      // takes one so its audit entry says it was a restore.
      kind.externalFields.length > 0 || hasStoredLookups(kind) || restore !== undefined,
    );
    if (result === 'unchanged') return reply.status(304).header('etag', ifMatch).send();
    publish(request, 'DataServiceUpdate', kind, result);
    return send(reply, kind, result, profile);
  }

  app.put<RecordRoute>(`${BASE}/:id`, { ...access('update'), schema: onWrite }, async (request, reply) =>
    update(request, reply, 'update', (current, input) => {
      // Fields the client did not send keep nothing but their readonly value: PUT replaces the record.
      // Write-only values not sent are kept too: a client cannot send back what it was never shown.
      const kept = Object.fromEntries(Object.entries(current).filter(([name]) => request.dataKind.fields.get(name)?.readonly === true));
      return { ...kept, ...unsentWriteOnly(request.dataKind, current, input), ...input };
    }),
  );

  app.patch<RecordRoute>(`${BASE}/:id`, { ...access('patch'), schema: onWrite }, async (request, reply) =>
    update(request, reply, 'patch', (current, input) => mergePatch(current, input) as Record<string, unknown>),
  );

  // A restore from the audit trail (docs/audit.md): an update like any other, with the values of a version.
  app.post<{ Params: RecordParams; Body: { version: number; side?: 'after' | 'before'; fields?: string[] } }>(`${BASE}/:id/restore`, { ...access('update'), schema: { ...onWrite, body: RESTORE_BODY } }, async (request, reply) => {
    const { version, side = 'after', fields } = request.body;
    const kind = request.dataKind;
    return update(request as unknown as RecordReq, reply, 'update', (current, input) => ({ ...current, ...input }), async (current) => {
      const hidden = hiddenFields(kind);
      const unknown = (fields ?? []).filter((name) => name !== 'Disabled' && !kind.storedFields.some((f) => f.name === name));
      if (unknown.length > 0) throw new ApiError(400, `Not a stored field of ${kind.kind}: ${unknown.join(', ')}.`, { errors: { fields: unknown.map((name) => `'${name}' cannot be restored`) } });
      const secret = (fields ?? []).filter((name) => hidden.has(name));
      if (secret.length > 0) throw new ApiError(400, `A write-only field is never restored: ${secret.join(', ')}.`, { errors: { fields: secret.map((name) => `'${name}' is write-only`) } });
      const values = await valuesAt(db, kind, Number(current.record.Oid), version, current.record, side);
      if (values === undefined) throw new ApiError(404, `Version ${version} is not in the history of ${kind.kind} ${String(current.record.Oid)}.`, { errors: { version: ['not a version of this record'] } });
      if (values === null) throw new ApiError(400, `Version ${version} has no values ${side} it (a create has nothing before it, a delete nothing after).`, { errors: { side: [`nothing ${side} version ${version}`] } });
      // Readonly fields keep their value: a restore changes what an editor could change, nothing else.
      const chosen = (fields ?? Object.keys(values)).filter((name) => !hidden.has(name) && kind.fields.get(name)?.readonly !== true);
      return Object.fromEntries(chosen.map((name) => [name, values[name]]));
    });
  });

  app.delete<RecordRoute>(`${BASE}/:id`, { ...access('delete'), schema: onWrite }, async (request, reply) => {
    const { dataKind: kind, dataContext: context } = request;
    const oid = request.params.id;
    const ifMatch = requireIfMatch(request);
    const profile = profileOf(request);
    const scope = rowScopeOf(kind, context);
    if (referrersOf(catalogue, kind).length === 0) {
      // As update: the version check of the one DELETE stands in for a lock.
      const current = await readStored(db, kind, oid, scope);
      if (!current) throw new ApiError(404, `${kind.kind} ${oid} does not exist.`);
      if (current.record.ETag !== ifMatch) throw conflict(kind, current, profile);
      await guards.get(kind.kind)?.check({ request, context, operation: 'delete', current: current.record });
      // The one DELETE names who deletes for the audit trail (a DELETE writes no modified_by).
      if (!(await deleteStored(db, kind, oid, current.rowVersion, scope, userActor(context)))) throw conflict(kind, await readStored(db, kind, oid, scope), profile);
      publish(request, 'DataServiceDelete', kind, current);
      return reply.status(204).send();
    }
    // Other kinds' lookups point at this one: the row is locked, their rules applied (restrict refuses with 409,
    // cascade and setNull write) and the row deleted in one transaction, so no new reference slips in between.
    const { current, writes } = await save(kind, userActor(context), async (tx) => {
      const current = await readStored(tx, kind, oid, scope, true);
      if (!current) throw new ApiError(404, `${kind.kind} ${oid} does not exist.`);
      if (current.record.ETag !== ifMatch) throw conflict(kind, current, profile);
      await guards.get(kind.kind)?.check({ request, context, operation: 'delete', current: current.record, conn: tx });
      const writes = await applyDeleteRules(tx, catalogue, kind, [oid], context);
      if (!(await deleteStored(tx, kind, oid, current.rowVersion, scope))) throw conflict(kind, await readStored(tx, kind, oid, scope), profile);
      return { current, writes };
    });
    publish(request, 'DataServiceDelete', kind, current);
    publishCascaded(request, writes);
    return reply.status(204).send();
  });
}
