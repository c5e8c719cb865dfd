import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Anyone may call this route (sign-in, ping, password reset...): it is not authenticated before its body is read.
     * Declare it with `publicRoute()`, which also gives the route the small body limit of anonymous callers.
     */
    public?: boolean;
  }
}

/** The most an anonymous caller may send (16 KiB): a sign-in, registration or reset form, never more. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The body limit of every other route unless its contract declares its own (the import declares 20 MiB). */
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

/** Route options of a route anyone may call: no authentication first, and a small body limit. */
export function publicRoute(bodyLimit: number = PUBLIC_BODY_LIMIT): { config: { public: true }; bodyLimit: number } {
  return { config: { public: true }, bodyLimit };
}

/** The resolver answering each request once: the onRequest check and the route share the one resolution. */
export function resolvingOnce(resolve: ContextResolver): ContextResolver {
  const resolved = new WeakMap<FastifyRequest, Promise<RequestContext>>();
  return (request) => {
    let context = resolved.get(request);
    if (!context) {
      context = resolve(request);
      resolved.set(request, context);
    }
    return context;
  };
}

/**
 * Resolves the caller of every route that is not declared public in onRequest, before Fastify reads and parses
 * the body: an anonymous or forged caller gets its 401 (a wrong scope header its 403) without costing the server
 * the read and parse of megabytes of JSON. The default, so that a new route cannot forget it; a route opts out with
 * `publicRoute()`. Unmatched URLs are not authenticated (nothing to protect), but only a GET is passed on, to the UI's
 * deep-link fallback; other methods get their 404 at once.
 * The route's own checks (which permission) follow, on the same resolution when it shares the resolver.
 */
export function registerAuthenticateFirst(app: FastifyInstance, resolve: ContextResolver): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404) {
      // Only a GET may end in the UI's deep-link fallback; any other unknown route is a 404 whose body is not read.
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError(404, `No route ${request.method} ${request.url.split('?')[0]}`);
      return;
    }
    if (request.routeOptions.config.public === true) return;
    try {
      await resolve(request);
    } catch (error) {
      if (request.headers.upgrade !== undefined) refusedUpgrades.add(request);
      throw error;
    }
  });
  // A WebSocket upgrade refused here has not reached @fastify/websocket's own onRequest hook, so its onResponse hook
  // does not end the socket Node handed over: it would stay open (and hold up the server's close) after the 401.
  app.addHook('onResponse', (request, _reply, done) => {
    if (refusedUpgrades.has(request)) request.raw.socket?.destroy();
    done();
  });
}

const refusedUpgrades = new WeakSet<FastifyRequest>();
