import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RegisteredRoute, RouteSchema } from './route-openapi';

/**
 * Every route registered on `app` (and its children) from now on, one entry per method, as the OpenAPI document
 * reads them. Call it before the routes are registered: the onRoute hook sees only what comes after it.
 */
export function collectRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema as RouteSchema | undefined });
  });
  return routes;
}
