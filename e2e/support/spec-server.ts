import { test } from '@playwright/test';
import { freshStorage, startMate, type MateServer } from './mate-server';

/** The product a spec file's tests share; read its address inside tests (it starts before the first one). */
export interface SpecServer {
  readonly url: string;
  readonly port: number;
}

/**
 * Starts the product on fresh storage before the spec file's first test and stops it after the last, so each spec
 * file has a database of its own. `DEV_MATE_URL` points the spec at a product already running instead (while
 * developing a spec against `npm run dev`).
 */
export function serveMateForSpec(env: Record<string, string> = {}): SpecServer {
  let server: Pick<MateServer, 'url' | 'port' | 'stop'> | undefined;
  test.beforeAll(async () => {
    // Copying the seeded database and starting a server process can take long on a loaded 2-core machine; this is
    // a safety net for the start, not a speed target.
    test.setTimeout(150_000);
    const devUrl = process.env.DEV_MATE_URL;
    server = devUrl ? { url: devUrl, port: Number(new URL(devUrl).port), stop: async () => null } : await startMate(await freshStorage(), env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error('the spec server is not running: read its url inside a test or hook');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
  };
}
