import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type IRetryPolicy } from '@microsoft/signalr';
import { createApp } from '../app';
import { buildInfoFor } from '../build-info';
import { loadConfig, type Config } from '../config';
import { DataEventBus } from '../data/data-event-bus';
import type { Database } from '../db/database';
import { openPostgresDatabase } from '../db/postgres-database';
import { builtInCatalogue, createIdentityTestDatabase } from '../identity/identity-test-app';
import type { TestDatabase } from '../test-support/test-database';
import type { JobsOptions } from '../jobs/jobs-plugin';
import type { HubTimings } from './hub-connection';

/** One server instance listening on a free port, as production runs it: identity, data service, hub, its own bus. */
export interface HubInstance {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  logs: string[];
  close(): Promise<void>;
}

/** The database of a hub test: the identity test database (built-in catalogue synced). */
export const createHubTestDatabase = createIdentityTestDatabase;

/**
 * Starts an instance on `database`. On PostgreSQL every instance gets a pool of its own (as separate processes
 * would); PGlite is one process, so instances share it, each with its own LISTEN.
 */
export async function startHubInstance(database: TestDatabase, options: { timings?: Partial<HubTimings>; config?: Partial<Config>; port?: number; jobs?: JobsOptions; wrapDb?: (db: Database) => Database } = {}): Promise<HubInstance> {
  const opened: Database = database.url ? await openPostgresDatabase(database.url, 5) : database.db;
  // A test may stand between the instance and its database (to hold back notifications, say).
  const db = options.wrapDb ? options.wrapDb(opened) : opened;
  const bus = new DataEventBus(db);
  await bus.start();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = { ...loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'info' }), ...options.config };
  const app = await createApp(
    {
      config,
      db,
      buildInfo: buildInfoFor(new Date('2025-01-14T08:40:00Z')),
      installationId: 'test-installation',
      navigation: [],
      data: { catalogue: await builtInCatalogue(), events: bus },
      hub: { timings: options.timings },
      jobs: options.jobs,
    },
    { stream },
  );
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    logs,
    async close() {
      await app.close();
      await bus.close();
      if (opened !== database.db) await opened.close();
    },
  };
}

/** The stock SignalR client, as the browser builds it, on WebSockets only. */
export function hubClient(instance: HubInstance, token: () => string, retry?: IRetryPolicy): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(`${instance.url}/api/hub/mate`, { accessTokenFactory: token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None);
  return (retry ? builder.withAutomaticReconnect(retry) : builder).build();
}

/** Resolves with the arguments of the next `target` message the client receives. */
export function nextMessage<T = unknown>(client: HubConnection, target: string, accept: (arg: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const handler = (arg: T) => {
      if (!accept(arg)) return;
      client.off(target, handler);
      resolve(arg);
    };
    client.on(target, handler);
  });
}
