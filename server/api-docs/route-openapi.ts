// The OpenAPI operations of the routes that describe themselves: a route whose Fastify schema has a `summary` is
// documented from that schema alone (params, querystring, headers, body, response, plus summary, description, tags,
// security, operationId), so what the document says is what the route validates and cannot drift from it.

type Json = Record<string, unknown>;

/** A registered route as the onRoute hook sees it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: RouteSchema;
}

/** The parts of a Fastify route schema the document reads; the rest of JSON Schema passes through untouched. */
export interface RouteSchema {
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /** `[]` for a route anyone may call; absent means the document's default (a bearer token). */
  security?: readonly Json[];
  operationId?: string;
  params?: ObjectSchema;
  /**
   * The path the document shows instead of the registered one, with its path parameters, for a route registered
   * under a wildcard whose handler parses the rest itself (`/api/barcode/*`: Fastify cuts a `:param` at 100
   * characters). Fastify ignores the key; the route's `params`, if any, are then not documented.
   */
  documentedPath?: { path: string; params: ObjectSchema };
  querystring?: ObjectSchema;
  headers?: ObjectSchema;
  body?: Json;
  /**
   * A request body Fastify does not validate (a multipart upload, or a JSON body whose handler checks it with its own
   * refusals), in OpenAPI's own words:
   * `{ required, content }`. Fastify ignores the key; a route with a `body` schema documents that instead.
   */
  requestBody?: Json;
  /** Status code to the answer's JSON Schema (with its `description`), or to `{ description, content }` for other media types. */
  response?: Record<string | number, Json>;
}

interface ObjectSchema {
  properties?: Record<string, Json>;
  required?: readonly string[];
}

const ERROR_REF = { $ref: '#/components/schemas/Error' } as const;
const ONLY_PROSE = new Set(['description']);

/** `/api/x/:id/y` as OpenAPI writes it, `/api/x/{id}/y`. */
export function openApiPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Whether a route documents itself: its schema says what it does. */
export function describesItself(route: RegisteredRoute): route is RegisteredRoute & { schema: RouteSchema & { summary: string } } {
  return typeof route.schema?.summary === 'string';
}

/** One kind of parameter (path, query, header) from the object schema the route validates it with. */
function parametersOf(schema: ObjectSchema | undefined, where: 'path' | 'query' | 'header'): Json[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, value]) => {
    const { description } = value as { description?: unknown };
    return {
      name,
      in: where,
      ...(where === 'path' || required.has(name) ? { required: true } : {}),
      ...(typeof description === 'string' ? { description } : {}),
      schema: value,
    };
  });
}

/**
 * An answer: an error status answers the shared Error shape; a schema with more than prose is the JSON answer;
 * `{ description, content, headers }` is taken as OpenAPI already (files, streams); a bare description has no body.
 */
function responseOf(status: string, answer: Json): Json {
  const { description, content, headers, ...schema } = answer as { description?: string; content?: Json; headers?: Json } & Json;
  const said = { description: description ?? 'The answer', ...(headers ? { headers } : {}) };
  if (content) return { ...said, content };
  if (Number(status) >= 400) return { ...said, content: { 'application/json': { schema: ERROR_REF } } };
  const hasBody = Object.keys(schema).some((key) => !ONLY_PROSE.has(key));
  return hasBody ? { ...said, content: { 'application/json': { schema } } } : said;
}

/** The OpenAPI operation of a route that describes itself. */
export function operationOf(schema: RouteSchema & { summary: string }): Json {
  const parameters = [...parametersOf(schema.documentedPath?.params ?? schema.params, 'path'), ...parametersOf(schema.querystring, 'query'), ...parametersOf(schema.headers, 'header')];
  const responses = Object.fromEntries(Object.entries(schema.response ?? { 200: { description: 'The answer' } }).map(([status, answer]) => [status, responseOf(status, answer)]));
  return {
    ...(schema.tags ? { tags: schema.tags } : {}),
    summary: schema.summary,
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.operationId ? { operationId: schema.operationId } : {}),
    ...(schema.security ? { security: schema.security } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } } : schema.requestBody ? { requestBody: schema.requestBody } : {}),
    responses,
  };
}

/** The paths of every route that describes itself, HEAD left out (Fastify adds it to each GET). */
export function openApiPathsOf(routes: readonly RegisteredRoute[]): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (!describesItself(route) || route.method === 'HEAD') continue;
    const path = route.schema.documentedPath?.path ?? openApiPathOf(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route.schema) };
  }
  return paths;
}
