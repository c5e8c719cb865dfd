// The small pieces every route contract and OpenAPI path of the diagnostics repeats: an oid, nullable columns, a
// tenant row's columns, a tenant-filtered page ({ items, count } with entityOid, skip, take), the error answer, a
// JSON answer, and a schema's properties as OpenAPI parameters. Kept in one place so the pages of both routes read
// and refuse alike.

/** A row's oid (a positive whole number). */
export const OID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;

/**
 * The columns every tenant-filtered row starts with: its oid and its tenant (country for the flag, oid, name).
 * Spread first into a row's properties, so the serialiser keeps writing them first.
 */
export const TENANT_ROW_PROPERTIES = {
  oid: { type: 'integer' },
  country: { ...NULLABLE_STRING, description: "the tenant's country (ISO 3166-1 alpha-2), for the flag" },
  tenantOid: { type: 'integer' },
  tenantName: NULLABLE_STRING,
} as const;

/**
 * The query string of a page of rows over the caller's tenants: `entityOid` (one tenant, described by `tenantRule`),
 * `skip` and `take` (1 to `maxTake`, default 100).
 */
export function tenantPageQuerystring<M extends number>(tenantRule: string, maxTake: M) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      entityOid: { ...OID, description: `only this tenant (${tenantRule})` },
      skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
      take: { type: 'integer', minimum: 1, maximum: maxTake, default: 100 },
    },
  } as const;
}

/** A page of rows: `{ items, count }`, count being all rows of the tenants asked for. */
export function pageSchema<R>(row: R, countDescription?: string) {
  return {
    type: 'object',
    properties: { items: { type: 'array', items: row }, count: { type: 'integer', ...(countDescription ? { description: countDescription } : {}) } },
    required: ['items', 'count'],
  } as const;
}

/**
 * A list answer: `{ items: [row] }`, then the answer's other members (`others`: a total, paging). Every member is
 * required unless `required` names fewer (none: `[]`). The serialiser writes required members in this order.
 */
export function listOf<R, O extends Record<string, unknown> = Record<never, never>>(row: R, others?: O, required: readonly string[] = ['items', ...Object.keys(others ?? {})]) {
  return {
    type: 'object',
    properties: { items: { type: 'array', items: row }, ...(others ?? ({} as O)) },
    ...(required.length > 0 ? { required } : {}),
  } as const;
}

/**
 * A route schema's refusals, status to what each means there: `{ 400: { description } }` and so on. The document
 * gives each the shared Error body (route-openapi.ts); the serialiser writes the refusal as the handler sends it.
 */
export function errorResponses<const E extends Record<number, string>>(errors: E): { readonly [S in keyof E]: { readonly description: E[S] } } {
  return Object.fromEntries(Object.entries(errors).map(([status, description]) => [status, { description }])) as { [S in keyof E]: { description: E[S] } };
}

/**
 * A JSON body the handler checks itself (server/identity/request-body.ts: each refusal names the field), as a route
 * schema's `requestBody`: documented, not validated by Fastify, so the handler's refusals stay the answers.
 * `required: false` for a body that may be left out.
 */
export function bodyCheckedInCode<S, R extends boolean = true>(schema: S, required: R = true as R) {
  return { required, content: { 'application/json': { schema } } } as const;
}

/** The `headers` of a refusal that says when to try again (a throttle, a back-off). */
export const RETRY_AFTER_HEADER = { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait before the next try' } } as const;

/** The 401 of a route behind the bearer token. */
export const TOKEN_REFUSED = errorResponses({ 401: 'No valid access token' });

/** An error answer (the shared Error schema) with what it means here. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** A JSON answer with its schema. */
export const jsonResponse = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });

/** A querystring's or params' properties as OpenAPI parameters; path parameters are required. */
export const openApiParameters = (schema: { properties: Record<string, unknown> }, where: 'query' | 'path' = 'query') =>
  Object.entries(schema.properties).map(([name, value]) => ({ name, in: where, ...(where === 'path' ? { required: true } : {}), schema: value }));
