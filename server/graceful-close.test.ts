import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app';
import { publicRoute } from './plugins/authenticate-first';

let t: TestApp;
let release: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp({
    configure(app) {
      app.get('/api/test/slow', publicRoute(), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { finished: true };
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.database.drop());

describe('closing the server (what SIGINT and SIGTERM do)', () => {
  it('lets a request in flight finish, then stops listening', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    const inFlight = fetch(`${url}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${url}/api/v1/ping`)).rejects.toThrow();
  });
});
