import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { mayReadServerLog, SERVER_LOG_PATH } from './server-log-access';
import type { ServerLogBuffer } from './server-log-buffer';
import { createServerLogHub } from './server-log-hub';
import type { ServerLogInstance } from './server-log-instance';
import { SERVER_LOG_ROUTE_SCHEMA } from './server-log-schemas';
import type { LogLevelName } from './server-log-record';

export interface ServerLogRoutesOptions {
  buffer: ServerLogBuffer;
  instance: ServerLogInstance;
  resolveContext: ContextResolver;
  /** How often new lines are pushed (default SERVER_LOG_PUSH_INTERVAL_MS). */
  pushIntervalMs?: number;
}

/**
 * GET /api/diagnostics/server-log and, when the hub is there, SubscribeServerLog/UnsubscribeServerLog: this
 * instance's recent log lines for the log page. Registered after the hub, whose method registry it adds to.
 */
export const serverLogRoutes = fastifyPlugin<ServerLogRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const { buffer, instance } = options;
    app.get<{ Querystring: { after?: number; level?: LogLevelName; q?: string; take: number } }>(
      '/api/diagnostics/server-log',
      { schema: SERVER_LOG_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        if (!mayReadServerLog(context)) throw new ApiError(403, `Reading the server log needs the permission Read on ${SERVER_LOG_PATH} in the Global column: the log is installation-wide.`);
        return { instance, capacity: buffer.capacity, ...buffer.read(request.query) };
      },
    );
    if (app.hasDecorator('hub')) {
      const hub = createServerLogHub(buffer, instance, options.pushIntervalMs);
      for (const method of hub.methods) app.hub.methods.register(method);
      app.addHook('onClose', async () => hub.close());
    }
  },
  { name: 'mate-server-log', fastify: '5.x' },
);
