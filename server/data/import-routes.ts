import { writeExternalFields } from './external-fields';
import type { FastifyInstance } from 'fastify';
import { importDefinitionErrors } from '../../schemas';
import { ApiError, type FieldErrors } from '../lib/api-error';
import { insertStored, uniqueConflicts, type StoredRecord } from './data-store';
import type { DataRoutesOptions } from './data-routes';
import { KIND_PARAMS, recordInput, type DataParams } from './data-request';
import { dataAccess } from './data-access';
import { hasStoredLookups, lookupProblemsOfMany } from './lookup-targets';
import { profileOf } from './profile';
import { fillScopeFields, requireInScope, rowScopeOf } from './row-scope';
import { validateRecord } from './validate-record';
import { actorTransaction, userActor } from '../audit/audit-actor';
import { quoteIdent } from './sql-names';
import { hashWriteOnly } from './write-only-values';
import { writeConflictOf } from './write-conflicts';

/** Imports at least this large analyse the table afterwards (a bulk load changes its statistics). */
export const ANALYZE_AFTER_IMPORTED_ROWS = 1_000;

/** The most records one import may carry; bigger files are split by the client. */
export const IMPORT_LIMIT = 5000;

type Route = { Params: DataParams; Body: { records: unknown[] }; Querystring: { validOnly?: boolean } };

/** The query of the import: `validOnly=true` imports the valid records and skips the others instead of refusing all. */
const IMPORT_QUERY = { type: 'object', properties: { validOnly: { type: 'boolean', description: 'import the valid records and skip the invalid ones' } }, additionalProperties: true } as const;

/** The body: the records, each checked as a create checks its body (errors keyed `<row>.<Field>`), at most IMPORT_LIMIT. */
const IMPORT_BODY = { type: 'object', required: ['records'], properties: { records: { type: 'array', maxItems: IMPORT_LIMIT } } } as const;

/** Keys `<row>.<Field>` (or `<row>`) of the given errors grouped by their 1-based row. */
function rowsOf(errors: FieldErrors): Set<number> {
  return new Set(Object.keys(errors).map((key) => Number(key.split('.')[0])));
}

/**
 * `POST /api/data/{area}/{entity}/import` with `{ records: [...] }`: every record is validated (schema, rules,
 * uniqueness against the table and within the file) and all are inserted in ONE transaction, or none.
 * With `?validOnly=true` the invalid records (and those whose unique value is taken) are skipped instead, and the
 * valid ones are inserted in one transaction, or none of them: the answer adds `skipped` (their rows) and `errors`
 * (keyed as below) so the caller can say what was left out.
 * A kind with an import definition (`extensions.import`) also gets its rules: values only in its columns, and in a
 * GTIN import every requiredForGtin column in every row (schemas/import-definition.ts, as the import dialog checks).
 * A bad record answers 400 with `errors` keyed `<row>.<Field>` (row 1-based). Answers `{ imported, oids, skipped, errors }` (`skipped` empty and `errors` {} unless validOnly).
 */
export async function importRoutes(app: FastifyInstance, options: DataRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext, events } = options;
  const access = dataAccess(app, catalogue, resolveContext);

  app.post<Route>('/api/data/:area/:entity/import', { ...access('create'), bodyLimit: 20 * 1024 * 1024, schema: { params: KIND_PARAMS, querystring: IMPORT_QUERY, body: IMPORT_BODY } }, async (request) => {
    const validOnly = request.query.validOnly === true;
    const { dataKind: kind, dataContext: context, body } = request;
    const profile = profileOf(request);
    const tenantOid = kind.tenantScoped ? context.tenantOid : undefined;
    const scope = rowScopeOf(kind, context);
    const errors: FieldErrors = {};
    const inputs: Record<string, unknown>[] = [];
    const records = body.records.map((raw, index) => {
      const row = index + 1;
      let input: Record<string, unknown> | undefined;
      try {
        input = recordInput(kind, raw, profile);
      } catch (error) {
        const fieldErrors = error instanceof ApiError ? error.options.errors : undefined;
        if (fieldErrors) for (const [field, list] of Object.entries(fieldErrors)) errors[`${row}.${field}`] = list;
        else errors[`${row}`] = [(error as Error).message];
      }
      inputs.push(input ?? {});
      const record: Record<string, unknown> = { ...kind.compiled.emptyRecord, ...(input && fillScopeFields(scope, input)), Oid: null, ETag: null, TenantOid: tenantOid ?? null };
      // As a single create: no record outside the location or terminal of the request (403 naming row and field).
      if (input) {
        try {
          requireInScope(scope, record, kind);
        } catch (error) {
          const apiError = error as ApiError;
          throw new ApiError(apiError.status, `Row ${row}: ${apiError.message}`, { errors: Object.fromEntries(Object.entries(apiError.options.errors ?? {}).map(([f, l]) => [`${row}.${f}`, l])) });
        }
      }
      // A record with unknown fields is reported for those alone: its other errors would only be noise.
      if (input) for (const [field, list] of Object.entries(validateRecord(kind, record))) errors[`${row}.${field}`] = list;
      return record;
    });
    const definition = kind.doc.extensions?.import;
    if (definition) {
      // A cell that already has an error keeps just that one, as in the import dialog.
      for (const { row, field, message } of importDefinitionErrors(definition, inputs, kind.compiled.emptyRecord)) errors[`${row}.${field}`] ??= [message];
    }
    // Unique fields must also differ within the file, not only from the stored rows.
    for (const field of kind.doc.fields.filter((f) => f.unique)) {
      const seen = new Map<string, number>();
      records.forEach((record, index) => {
        const value = record[field.name];
        if (value === null || value === undefined || value === '') return;
        const key = JSON.stringify(value);
        const first = seen.get(key);
        if (first !== undefined) (errors[`${index + 1}.${field.name}`] ??= []).push(`${field.name} repeats row ${first}.`);
        else seen.set(key, index + 1);
      });
    }
    // Lookups of records that are valid so far: each names a record this request may see (one query per field).
    if (validOnly || Object.keys(errors).length === 0) {
      const invalid = rowsOf(errors);
      const candidates = records.map((record, index) => ({ record, row: index + 1 })).filter(({ row }) => !invalid.has(row));
      const lookups = await lookupProblemsOfMany(db, catalogue, kind, candidates.map((c) => c.record), context);
      lookups.forEach((problems, index) => Object.entries(problems).forEach(([field, list]) => (errors[`${candidates[index]!.row}.${field}`] = list)));
    }
    if (!validOnly && Object.keys(errors).length > 0) throw new ApiError(400, `The import has invalid records: ${Object.keys(errors).slice(0, 10).map(describeKey).join('; ')}.`, { errors });
    const skipped = rowsOf(errors);
    const chosen = records.map((record, index) => ({ record, row: index + 1 })).filter(({ row }) => !skipped.has(row));
    // An import is many creates: each record passes the kind's guard as a single create would.
    const guard = options.guards?.get(kind.kind);
    for (const { record } of chosen) await guard?.check({ request, context, operation: 'create', next: record });
    // Validated as typed; stored as its hash where the document says so (as a single create does).
    for (const item of chosen) item.record = await hashWriteOnly(kind, item.record);
    // Recorded in the audit trail as the caller's, through the import.
    const stored: StoredRecord[] = await actorTransaction(db, userActor(context, 'import'), async (tx) => {
        const out: StoredRecord[] = [];
        // The lookups again, locking their targets until commit: a delete of one of them waits and then sees the rows.
        if (hasStoredLookups(kind) && chosen.length > 0) {
          const locked = await lookupProblemsOfMany(tx, catalogue, kind, chosen.map((c) => c.record), context, undefined, true);
          const lost: FieldErrors = {};
          locked.forEach((problems, index) => Object.entries(problems).forEach(([field, list]) => (lost[`${chosen[index]!.row}.${field}`] = list)));
          if (Object.keys(lost).length > 0) throw new ApiError(400, `The import has invalid records: ${Object.keys(lost).slice(0, 10).map(describeKey).join('; ')}.`, { errors: lost });
        }
        for (const { record, row } of chosen) {
          const taken = await uniqueConflicts(tx, kind, record, tenantOid);
          if (Object.keys(taken).length > 0 && validOnly) {
            // A value already stored makes the record invalid too: skipped like the others, the rest goes on.
            for (const [field, list] of Object.entries(taken)) errors[`${row}.${field}`] = list;
            skipped.add(row);
            continue;
          }
          if (Object.keys(taken).length > 0) {
            const rowErrors = Object.fromEntries(Object.entries(taken).map(([field, list]) => [`${row}.${field}`, list]));
            throw new ApiError(409, `Row ${row}: ${Object.keys(taken).join(', ')} already exists.`, { errors: rowErrors });
          }
          const inserted = await insertStored(tx, kind, record, tenantOid, context.username);
          await guard?.created?.(tx, { request, context, operation: 'create', next: inserted.record });
          // External fields (a user's Roles) are written as a single create writes them; a refusal ends the import.
          await writeExternalFields(tx, kind, options.externalFields, { request, context, operation: 'create', oid: Number(inserted.record.Oid), record });
          out.push(inserted);
        }
        return out;
    })
      // A concurrent import or create took a value after the pre-check: 409, and this import wrote nothing.
      .catch((error: unknown) => {
        throw writeConflictOf(kind, error) ?? error;
      });
    for (const item of stored) {
      const record = item.record;
      await events
        .publish({ type: 'DataServiceCreate', kind: kind.kind, oid: record.Oid as number, etag: record.ETag as string, tenantOid: (record.TenantOid as number | null) ?? null })
        .catch((error: unknown) => request.log.error({ err: error }, 'could not publish a data event'));
    }
    // A bulk load: statistics now rather than when autovacuum comes round, so the next lists plan with the new rows.
    if (stored.length >= ANALYZE_AFTER_IMPORTED_ROWS) {
      await db.query(`analyze ${quoteIdent(kind.table)}`).catch((error: unknown) => request.log.warn({ err: error }, 'could not analyse after an import'));
    }
    return { imported: stored.length, oids: stored.map((s) => s.record.Oid), skipped: [...skipped].sort((a, b) => a - b), errors };
  });
}

/** "2.GTIN" -> "row 2, column GTIN": the summary a person reads in the error toast. */
function describeKey(key: string): string {
  const [row, ...field] = key.split('.');
  return field.length > 0 ? `row ${row}, column ${field.join('.')}` : `row ${row}`;
}
