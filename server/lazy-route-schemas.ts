/**
 * Route schemas compiled at their first use instead of at start (docs/testing.md "Route schemas at their first request").
 *
 * Fastify compiles every route's request validators (ajv) and response serialisers (fast-json-stringify) when the app
 * gets ready: about 2.3 s of CPU per start on the shared test machine, paid by every spec server and every server
 * test's app although a test calls a handful of routes. This factory hands Fastify the same default compilers, wrapped
 * so that each validator or serialiser is built the first time a request needs it and kept from then on. The answers
 * do not change: the same ajv options, the same schemas, the same error objects.
 *
 * What changes: a schema that cannot compile fails at its route's first request (a 500 through the error handler)
 * rather than at start. `compileRouteSchemas(app)` builds every one not built yet, naming the route of the first that
 * fails; `lazy-route-schemas.test.ts` calls it over the whole app (identity, the data service and every route the
 * built-in catalogue brings), so a broken schema fails the tests as it used to fail the start.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** What Fastify hands a compiler for one schema (a request part, or a status code's answer). */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
  httpStatus?: string;
}
type ValidatorBuilder = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Validate;
type SerializerBuilder = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => (data: unknown) => string;
type Validate = ((data: unknown, dataContext?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** The compilations not done yet, per app: each entry builds its function once. */
type PendingRouteSchemas = Set<() => unknown>;

const pendingByApp = new WeakMap<FastifyInstance, PendingRouteSchemas>();

/** Builds once, naming the route and part when the schema does not compile. */
function buildOnce<T>(build: () => T, what: string, pending: PendingRouteSchemas): () => T {
  let compiled: T | undefined;
  const compile = () => {
    if (compiled !== undefined) return compiled;
    try {
      compiled = build();
    } catch (error) {
      throw new Error(`The schema of ${what} does not compile: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    pending.delete(compile);
    return compiled;
  };
  pending.add(compile);
  return compile;
}

/**
 * Fastify reads `schemaEnv` to decide whether to pass the parent data (ajv's coercion of a root value needs it), and
 * `errors` after a failed validation: the wrapper forwards both to the compiled validator.
 */
function lazyValidator(compile: () => Validate): Validate {
  const validate: Validate = (data, dataContext) => {
    const fn = compile();
    const result = fn(data, dataContext);
    validate.errors = fn.errors;
    return result;
  };
  // Every validator the default compiler makes is an ajv function with a schema environment.
  validate.schemaEnv = true;
  return validate;
}

function lazySerializer(compile: () => (data: unknown) => string): (data: unknown) => string {
  return (data) => compile()(data);
}

/**
 * Fastify lowercases the header names of a request's `headers` schema only for its own default compiler (request
 * headers arrive lowercased); with a compilers factory of ours it leaves the schema alone, so the top level's names
 * are lowercased here. The product's header schemas name their headers at the top level only.
 */
function lowerCaseHeaderNames(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const { properties, required, ...rest } = schema as { properties?: Record<string, unknown>; required?: unknown };
  return {
    ...rest,
    ...(properties === undefined ? {} : { properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value])) }),
    ...(Array.isArray(required) ? { required: required.map((name) => (typeof name === 'string' ? name.toLowerCase() : name)) } : required === undefined ? {} : { required }),
  };
}

/**
 * A compilers factory for one app (its `schemaController.compilersFactory`); `remember(app)` ties the compilations it
 * leaves pending to that app for `compileRouteSchemas`.
 */
export function lazyRouteSchemaCompilers(): { compilersFactory: CompilersFactory; remember(app: FastifyInstance): void } {
  const pending: PendingRouteSchemas = new Set();
  const defaultValidatorBuilder = AjvCompiler() as unknown as ValidatorBuilder;
  const defaultSerializerBuilder = SerializerSelector() as unknown as SerializerBuilder;
  const buildValidator: ValidatorBuilder = (externalSchemas, options) => {
    const compile = defaultValidatorBuilder(externalSchemas, options);
    return (route) => {
      const input = route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaderNames(route.schema) } : route;
      return lazyValidator(buildOnce(() => compile(input), `${route.method} ${route.url} (${route.httpPart})`, pending));
    };
  };
  const buildSerializer: SerializerBuilder = (externalSchemas, options) => {
    const compile = defaultSerializerBuilder(externalSchemas, options);
    return (route) => lazySerializer(buildOnce(() => compile(route), `${route.method} ${route.url} (answer ${route.httpStatus})`, pending));
  };
  return { compilersFactory: { buildValidator, buildSerializer } as unknown as CompilersFactory, remember: (app) => void pendingByApp.set(app, pending) };
}

/** Builds every route schema of a ready app not built yet (how many); throws the first failure, naming its route. */
export function compileRouteSchemas(app: FastifyInstance): number {
  const pending = pendingByApp.get(app);
  if (!pending) throw new Error('This app was not made by createApp: its route schemas are compiled at start.');
  let built = 0;
  for (const compile of [...pending]) {
    compile();
    built += 1;
  }
  return built;
}
