import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { BuildInfo } from './build-info';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Catalogue } from './data/catalogue';
import type { DataEventBus } from './data/data-event-bus';
import { dataRoutes } from './data/data-routes';
import { importRoutes } from './data/import-routes';
import { scopeRoutes } from './routes/scope-routes';
import { createContextResolver } from './identity/context-resolver';
import { identityRoutes, type IdentityRoutesOptions } from './identity/identity-routes';
import type { ContextResolver } from './lib/request-context';
import type { NavigationItem } from '../schemas/entity-document';
import { REDACT_PATHS, redactUrl } from './lib/redact';
import { registerErrorHandling } from './plugins/error-handling';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerStaticUi } from './plugins/static-ui';
import { systemRoutes } from './routes/system-routes';

/** Everything the app needs from outside: configuration, an open and migrated database, build info. */
export interface AppOptions {
  config: Config;
  db: Database;
  buildInfo: BuildInfo;
  installationId: string;
  /** The navigation definition (server/metadata/navigation.json). */
  navigation: NavigationItem[];
  /** Clock, environment and throttle limits of identity, for tests and benchmarks. */
  identity?: Pick<IdentityRoutesOptions, 'now' | 'env' | 'throttleLimits'>;
  /** The entity catalogue and its event bus; without it no data routes are served (tests of other parts). */
  data?: {
    catalogue: Catalogue;
    events: DataEventBus;
    /** Who is calling; default: identity's resolver (tokens, scope headers, permissions). */
    resolveContext?: ContextResolver;
    /** The database of the entity tables; default: the app's. */
    db?: Database;
  };
}

/**
 * The whole product as one Fastify plugin; server.ts only listens, tests call it through inject.
 * Not encapsulated, so its error and not-found handling cover the host's routes too.
 */
export const mateApp = fastifyPlugin<AppOptions>(
  async (app, options) => {
    registerErrorHandling(app, options.db);
    registerGracefulClose(app);
    await app.register(systemRoutes, { db: options.db, buildInfo: options.buildInfo, installationId: options.installationId });
    await app.register(identityRoutes, { db: options.db, config: options.config, navigation: options.navigation, events: options.data?.events, ...options.identity });
    if (options.data) {
      const resolveContext = options.data.resolveContext ?? createContextResolver(options.db, options.config, { now: options.identity?.now });
      await app.register(dataRoutes, { db: options.data.db ?? options.db, catalogue: options.data.catalogue, events: options.data.events, resolveContext });
      await app.register(importRoutes, { db: options.data.db ?? options.db, catalogue: options.data.catalogue, events: options.data.events, resolveContext });
      await app.register(scopeRoutes, { db: options.data.db ?? options.db, catalogue: options.data.catalogue, resolveContext });
    }
    await registerStaticUi(app, options.config.staticDir);
  },
  { name: 'mate', fastify: '5.x' },
);

/** Builds a Fastify instance with logging set up and the app registered. */
export async function createApp(options: AppOptions, logger: boolean | { stream: NodeJS.WritableStream } = true): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: options.config.logLevel,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
            },
            ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
          },
    // Only behind a proxy that sets X-Forwarded-For: otherwise clients could pick their own address.
    trustProxy: options.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
  });
  await app.register(mateApp, options);
  return app;
}
