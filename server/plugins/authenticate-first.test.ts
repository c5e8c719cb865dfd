import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from '../identity/administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { publicRoute } from './authenticate-first';

// Issue 20: every route that is not declared public resolves its caller in onRequest, before the body is read, so
// an anonymous caller cannot make the server read and parse megabytes; bodies have per-route limits.

/** Routes that need a caller, one of each family (identity, administration, matrix, data, import, hub) and a new one. */
const NON_PUBLIC_WRITES: [string, string][] = [
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/admin/api-keys'],
  ['POST', '/api/admin/users/1/password'],
  ['PUT', '/api/admin/permissions/matrix'],
  ['PUT', '/api/admin/roles/1/permissions'],
  ['POST', '/api/data/pos-preferences/salutation'],
  ['PUT', '/api/data/pos-preferences/salutation/1'],
  ['POST', '/api/data/pos-preferences/salutation/import'],
  ['POST', '/api/hub/mate/negotiate?negotiateVersion=1'],
  ['POST', '/test/a-route-that-forgot-nothing'],
];

describe('authentication before the body', () => {
  let t: IdentityTestApp;
  let parsed = 0;
  let token: string;

  beforeAll(async () => {
    t = await createIdentityTestApp({
      configure(app) {
        // Counts every body Fastify starts to read: an anonymous caller of a non-public route must never get here.
        app.addHook('preParsing', async (request) => {
          if (request.headers['x-count-parse'] === 'yes') parsed++;
        });
        // A route added later that declares nothing is authenticated all the same.
        app.post('/test/a-route-that-forgot-nothing', async () => ({ reached: true }));
        app.post('/test/a-public-route', publicRoute(), async () => ({ reached: true }));
      },
    });
    await addUser(t.database, 'admin', 'admin-password-1', [1]);
    await ensureAdministratorRole(t.database.db);
    token = await signInToken(t.app, 'admin', 'admin-password-1');
  });
  afterAll(() => t.close());

  it.each(NON_PUBLIC_WRITES)('answers an anonymous %s %s 401 without reading its body, even one that is no JSON', async (method, url) => {
    const before = parsed;
    const answer = await t.app.inject({ method: method as 'POST', url, headers: { 'content-type': 'application/json', 'x-count-parse': 'yes' }, payload: '{"not json' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ status: 401 });
    expect(parsed).toBe(before);
  });

  it('answers an unknown route 404 without reading its body', async () => {
    const before = parsed;
    const answer = await t.app.inject({ method: 'POST', url: '/api/no-such-route?x=1', headers: { 'content-type': 'application/json', 'x-count-parse': 'yes' }, payload: '{"not json' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ status: 404, message: 'No route POST /api/no-such-route' });
    expect(parsed).toBe(before);
  });

  it('answers a forged token 401 before the body too', async () => {
    const before = parsed;
    const answer = await t.app.inject({ method: 'POST', url: '/test/a-route-that-forgot-nothing', headers: { authorization: 'Bearer x.y.z', 'content-type': 'application/json', 'x-count-parse': 'yes' }, payload: '[[[' });
    expect(answer.statusCode).toBe(401);
    expect(parsed).toBe(before);
  });

  it('lets a signed-in caller through to the parser and the route', async () => {
    const before = parsed;
    const answer = await t.app.inject({ method: 'POST', url: '/test/a-route-that-forgot-nothing', headers: { authorization: `Bearer ${token}`, 'x-count-parse': 'yes' }, payload: { a: 1 } });
    expect(answer.statusCode).toBe(200);
    expect(parsed).toBe(before + 1);
  });

  it('reads the body of a public route for anyone: bad JSON is a 400 there, not a 401', async () => {
    for (const url of ['/api/auth/reset-password', '/api/auth/set-password', '/test/a-public-route']) {
      const answer = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"not json' });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ message: string }>().message, url).toMatch(/not valid JSON/);
    }
  });

  it('refuses an anonymous body over 16 KiB on a public route with 413 naming the limit', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(17 * 1024) }) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ status: 413, message: 'The request body is too large: POST /api/auth/reset-password takes at most 16 KiB.' });
  });

  it('gives a signed-in write the 2 MiB limit and the import its declared 20 MiB', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const big = JSON.stringify({ Name: 'x'.repeat(3 * 1024 * 1024) });
    const write = await t.app.inject({ method: 'POST', url: '/api/data/pos-preferences/salutation', headers, payload: big });
    expect(write.statusCode).toBe(413);
    expect(write.json<{ message: string }>().message).toBe('The request body is too large: POST /api/data/:area/:entity takes at most 2 MiB.');
    const importing = await t.app.inject({ method: 'POST', url: '/api/data/pos-preferences/salutation/import', headers, payload: JSON.stringify({ records: [{ Name: 'x'.repeat(21 * 1024 * 1024) }] }) });
    expect(importing.statusCode).toBe(413);
    expect(importing.json<{ message: string }>().message).toBe('The request body is too large: POST /api/data/:area/:entity/import takes at most 20 MiB.');
  });
});

/** Sends raw bytes and collects what comes back until the server closes the socket. */
function rawConnection(port: number): { socket: Socket; answer: Promise<string>; write(data: string | Buffer): boolean; written(): number } {
  const socket = connect(port, '127.0.0.1');
  let sent = 0;
  const chunks: Buffer[] = [];
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', () => undefined);
  });
  return {
    socket,
    answer,
    write(data) {
      if (socket.destroyed || !socket.writable) return false;
      sent += Buffer.byteLength(data);
      return socket.write(data);
    },
    written: () => sent,
  };
}

describe('over a real socket', () => {
  let t: IdentityTestApp;
  let port: number;

  beforeAll(async () => {
    // Short limits, so that the slow client below is dropped quickly; nothing here waits for a fixed time.
    t = await createIdentityTestApp({ config: { timeouts: { requestTimeoutMs: 400, headersTimeoutMs: 400, idleTimeoutMs: 0 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers an anonymous 18 MB import 401 before the body has been sent', async () => {
    const size = 18 * 1024 * 1024;
    const client = rawConnection(port);
    const firstResponseByte = new Promise<void>((resolve) => client.socket.once('data', () => resolve()));
    client.write(`POST /api/data/pos-preferences/salutation/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    client.write(Buffer.alloc(64 * 1024, '['));
    await firstResponseByte;
    const sentWhenAnswered = client.written();
    client.socket.end();
    const answer = await client.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(sentWhenAnswered).toBeLessThan(size);
  });

  it('answers an anonymous WebSocket upgrade 401 and closes its socket', async () => {
    const client = rawConnection(port);
    client.write('GET /api/hub/mate HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(await client.answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('drops a body sent a byte at a time once the request timeout is over', async () => {
    const client = rawConnection(port);
    client.write('POST /api/auth/set-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    // A trickle that would take far longer than the limit to finish; it stops when the server hangs up.
    const trickle = setInterval(() => client.write(' '), 50);
    const answer = await client.answer.finally(() => clearInterval(trickle));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.written()).toBeLessThan(1000);
  });

  it('drops a client that never finishes its headers', async () => {
    const client = rawConnection(port);
    client.write('GET /api/info HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => client.write('X-Slow: 1\r\n'), 50);
    const answer = await client.answer.finally(() => clearInterval(trickle));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
