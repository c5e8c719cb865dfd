import { test } from '@playwright/test';
import { discardStorage, freshStorage, startMate, type MateServer, type MateStorage } from './mate-server';
import { templateFor, templateStorage } from './seeded-template';

/** The product a spec file's tests share; read its address inside tests (it starts before the first one). */
export interface SpecServer {
  readonly url: string;
  readonly port: number;
}

/**
 * Storage of its own for a server started with `env`: a copy of one of the run's templates (seeded-template.ts)
 * when `env` seeds as that template does, else fresh storage that the server's first start fills.
 */
export async function storageFor(env: Record<string, string> = {}): Promise<MateStorage> {
  const template = templateFor(env);
  return template ? templateStorage(template, env) : freshStorage();
}

/**
 * Starts the product on storage of its own (storageFor) before the spec file's first test and stops it after the
 * last, then discards the storage. `DEV_MATE_URL` points the spec at a product already running instead (while
 * developing a spec against `npm run dev`).
 */
export function serveMateForSpec(env: Record<string, string> = {}): SpecServer {
  let server: Pick<MateServer, 'url' | 'port' | 'stop'> | undefined;
  let storage: MateStorage | undefined;
  test.beforeAll(async () => {
    // Copying the seeded database and starting a server process can take long on a loaded 2-core machine; this is
    // a safety net for the start, not a speed target.
    test.setTimeout(150_000);
    const devUrl = process.env.DEV_MATE_URL;
    if (devUrl) server = { url: devUrl, port: Number(new URL(devUrl).port), stop: async () => null };
    else {
      const begun = Date.now();
      storage = await storageFor(env);
      const stored = Date.now();
      server = await startMate(storage, env);
      // MATE_E2E_TIMING=1 prints where a spec's start goes (docs/testing.md has the figures).
      if (process.env.MATE_E2E_TIMING) console.log(`e2e timing: ${test.info().file.split('/').pop()} storage ${((stored - begun) / 1000).toFixed(1)} s, server start ${((Date.now() - stored) / 1000).toFixed(1)} s`);
    }
  });
  test.afterAll(async () => {
    await server?.stop();
    if (storage) await discardStorage(storage);
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
