import type { FastifyRequest } from 'fastify';
import { isPlainObject } from '../../conditions';
import { normaliseDecimalString, WRITE_ONLY_MEMBER, type Operation } from '../../schemas';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, PermissionAction, RequestContext } from '../lib/request-context';
import type { Catalogue, EntityKind } from './catalogue';
import { parseEtag } from './record-codec';
import { fromProfile, type Profile } from './profile';

/** The route parameters of the data service. */
export interface DataParams {
  area: string;
  entity: string;
  id?: string;
  detailId?: string;
}

/** The params of a record's route once its schema has checked them: the id is a number. */
export interface RecordParams {
  area: string;
  entity: string;
  id: number;
}

/**
 * The route schemas of the data service's params. The kind itself is checked before them (data-access.ts: 404 for
 * an unknown one), so they only say what the kind cannot: the id is a positive whole number, answered as a 400 naming
 * `id` (`params/id must be integer`, `must be >= 1`) by the error handler.
 */
export const KIND_PARAMS = {
  type: 'object',
  required: ['area', 'entity'],
  properties: { area: { type: 'string', minLength: 1 }, entity: { type: 'string', minLength: 1 } },
} as const;

export const RECORD_PARAMS = {
  ...KIND_PARAMS,
  required: [...KIND_PARAMS.required, 'id'],
  properties: { ...KIND_PARAMS.properties, id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const DETAIL_PARAMS = {
  ...RECORD_PARAMS,
  required: [...RECORD_PARAMS.required, 'detailId'],
  properties: { ...RECORD_PARAMS.properties, detailId: { type: 'string', minLength: 1 } },
} as const;

/** The version a write is made against; declared but not required here, as its absence is a 428 (requireIfMatch). */
export const IF_MATCH_HEADERS = { type: 'object', properties: { 'if-match': { type: 'string', maxLength: 200 } } } as const;

const ACTIONS: Record<Operation, PermissionAction> = { list: 'Read', read: 'Read', create: 'Create', update: 'Update', patch: 'Patch', delete: 'Delete' };

/** The kind the path names (case-insensitively), or 404 with the message of spec 2 §8. */
export function kindOf(catalogue: Catalogue, params: DataParams): EntityKind {
  const kind = catalogue.find(params.area, params.entity);
  if (!kind) throw new ApiError(404, 'CRUD-Service does not exist.');
  return kind;
}

/** 405 with the message of spec 2 §8 when the kind's document does not offer the operation. */
export function allow(kind: EntityKind, ...operations: Operation[]): void {
  if (!operations.some((op) => kind.operations.has(op))) throw new ApiError(405, `Not implemented ${operations[0]} in CRUD-Service`);
}

/** The page path permissions are granted on: the grid's route. */
export function permissionPath(kind: EntityKind): string {
  // Lower-case, as the UI routes and navigation paths are (spec 2 §2).
  return `/data/${kind.doc.area}/${kind.doc.entity}`.toLowerCase();
}

/**
 * Resolves who calls and checks they may do `operation` on the kind in the tenant of the request. A
 * `tenantOid` query must name that tenant (spec 2 §6: the UI always sends it); tenant-scoped kinds need one.
 */
export async function authorise(request: FastifyRequest, resolve: ContextResolver, kind: EntityKind, operation: Operation): Promise<RequestContext> {
  const context = await resolve(request);
  const raw = (request.query as Record<string, unknown>).tenantOid;
  if (raw !== undefined && raw !== '') {
    if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new ApiError(400, "Invalid query parameter 'tenantOid': must be a tenant's oid.", { errors: { tenantOid: ['must be a whole number'] } });
    if (Number(raw) !== context.tenantOid) throw new ApiError(403, `Tenant ${raw} is not the tenant of this request.`);
  }
  if (kind.tenantScoped && context.tenantOid === undefined) throw new ApiError(403, 'No tenant is selected for this request.');
  if (!context.can(permissionPath(kind), ACTIONS[operation], context.tenantOid)) {
    throw new ApiError(403, `Not permitted: ${ACTIONS[operation]} on ${permissionPath(kind)}.`);
  }
  return context;
}

/** The If-Match tag; 428 without one. */
export function requireIfMatch(request: FastifyRequest): string {
  const tag = parseEtag(request.headers['if-match']);
  if (!tag) throw new ApiError(428, 'This request needs an If-Match header with the ETag of the record.');
  return tag;
}

const fieldNames = new WeakMap<EntityKind, { names: readonly string[]; set: ReadonlySet<string> }>();

/** The kind's field names, as a list and a set: worked out once per kind, not per request. */
function fieldNamesOf(kind: EntityKind): { names: readonly string[]; set: ReadonlySet<string> } {
  let known = fieldNames.get(kind);
  if (!known) {
    const names = kind.meta.fields.map((f) => f.name);
    known = { names, set: new Set(names) };
    fieldNames.set(kind, known);
  }
  return known;
}

/**
 * A request body as record input: a JSON object whose keys (after the profile's renaming) are fields of the
 * kind. Unknown fields are refused, never ignored (no mass assignment). ETag is dropped (If-Match carries it).
 */
export function recordInput(kind: EntityKind, body: unknown, profile: Profile): Record<string, unknown> {
  if (!isPlainObject(body)) throw new ApiError(400, 'The request body must be a JSON object with the fields of the record.');
  const { names: known, set: knownSet } = fieldNamesOf(kind);
  // `$writeOnly` is what an answer says about write-only fields; a record sent back as it was read carries it.
  const { [WRITE_ONLY_MEMBER]: _set, ...fields } = body as Record<string, unknown>;
  const input = fromProfile(fields, profile, known);
  const unknown = Object.keys(input).filter((k) => !knownSet.has(k));
  if (unknown.length > 0) {
    throw new ApiError(400, `Unknown field(s) for ${kind.kind}: ${unknown.join(', ')}.`, {
      errors: Object.fromEntries(unknown.map((k) => [k, [`'${k}' is not a field of ${kind.kind}.`]])),
    });
  }
  delete input.ETag;
  // A wide integer sent as a safe JSON number is taken as its decimal string, the form it is stored and answered in; an
  // exact decimal's text or exactly held number is written in its canonical form (its scale, no leading zeros).
  for (const name of kind.decimalStrings) if (name in input) input[name] = normaliseDecimalString(kind.fields.get(name)!, input[name]);
  return input;
}

/** Applies a JSON Merge Patch (RFC 7386): null removes, objects merge recursively, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
