import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppOptions } from '../app';
import { buildInfoFor } from '../build-info';
import { loadConfig, type Config } from '../config';
import { loadNavigation } from '../metadata/load-navigation';
import { createTestDatabase, type TestDatabase } from './test-database';

/** An app on a fresh database, the log lines it wrote, and a close that drops everything. */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  logs: string[];
  close(): Promise<void>;
}

/** Builds the real app for `inject` calls; `configure` may add routes before it is ready. */
export async function createTestApp(
  options: { config?: Partial<Config>; configure?: (app: FastifyInstance) => void; data?: AppOptions['data']; serverUrl?: string; errorRows?: AppOptions['errorRows'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ serverUrl: options.serverUrl });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = { ...loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'info' }), ...options.config };
  const app = await createApp(
    { config, db: database.db, buildInfo: buildInfoFor(new Date('2025-01-14T08:40:00Z')), installationId: 'test-installation', navigation: await loadNavigation(), data: options.data, errorRows: options.errorRows },
    { stream },
  );
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
