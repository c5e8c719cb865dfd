import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, configureApi, type CallRecord } from './api-client';
import { ApiRequestError } from './api-error';

let server: Server;
let seen: { headers: IncomingHttpHeaders; body: string; url: string } | undefined;
const calls: CallRecord[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen = { headers: req.headers, body, url: req.url ?? '' };
      if (req.url?.startsWith('/api/fail')) {
        res.writeHead(401, 'Unauthorized [40101]', { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 401, message: 'Invalid username or password' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApi({
    baseUrl: `http://127.0.0.1:${port}`,
    getToken: async () => 'tok',
    getLocale: () => 'de',
    getScopeHeaders: () => ({ 'x-mate-tenant': '42' }),
    onCall: (call) => calls.push(call),
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiCall', () => {
  it('sends JSON, Accept-Language, the bearer token and scope headers', async () => {
    const response = await apiCall<{ ok: boolean }>('/api/thing', { method: 'POST', body: { a: 1 }, query: { skip: 0, q: 'a b', none: undefined } });
    expect(response.data).toEqual({ ok: true });
    expect(seen?.url).toBe('/api/thing?skip=0&q=a+b');
    expect(seen?.headers['accept-language']).toBe('de');
    expect(seen?.headers.authorization).toBe('Bearer tok');
    expect(seen?.headers['x-mate-tenant']).toBe('42');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ a: 1 });
  });

  it("adds the scope's query (the tenantOid of a data call) to the call's own, which wins", async () => {
    configureApi({ getScopeQuery: (path): Record<string, string> => (path.startsWith('/api/data/') ? { tenantOid: '7' } : {}) });
    try {
      await apiCall('/api/data/pos-operating/document-number', { query: { take: 50 } });
      expect(seen?.url).toBe('/api/data/pos-operating/document-number?tenantOid=7&take=50');
      await apiCall('/api/data/pos-operating/document-number/meta', { query: { tenantOid: 3 } });
      expect(seen?.url).toBe('/api/data/pos-operating/document-number/meta?tenantOid=3');
      await apiCall('/api/settings/scope');
      expect(seen?.url).toBe('/api/settings/scope');
    } finally {
      configureApi({ getScopeQuery: () => ({}) });
    }
  });

  it('sends no token on anonymous calls', async () => {
    await apiCall('/api/v1/ping', { anonymous: true });
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it('throws the parsed error with the sign-in code', async () => {
    const error = await apiCall('/api/fail').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('40101');
    expect((error as ApiRequestError).status).toBe(401);
  });

  it('reports each call with bytes and duration', async () => {
    calls.length = 0;
    await apiCall('/api/thing', { method: 'PUT', body: { name: 'x' } });
    expect(calls[0]).toMatchObject({ method: 'PUT', status: 200, bytesUp: 12, bytesDown: 11 });
    expect(calls[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('turns a refused connection into status 0 with a clear message', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:1' });
    const error = (await apiCall('/api/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not be reached/);
  });
});
