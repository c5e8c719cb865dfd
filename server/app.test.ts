import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './lib/api-error';
import { ERROR_ID_HEADER } from './plugins/error-handling';
import { ErrorRowThrottle } from './plugins/error-row-throttle';
import { createTestApp, type TestApp } from './test-support/test-app';
import { publicRoute } from './plugins/authenticate-first';

let t: TestApp;

// A clock that stands still: every fault of this file falls into one minute of the error-row limit.
const errorRows = new ErrorRowThrottle({ perMinute: 60, perAddressPerMinute: 10 }, () => 0);

beforeAll(async () => {
  t = await createTestApp({
    errorRows,
    configure(app) {
      app.post('/api/test/echo', publicRoute(), async (request) => ({ received: request.body }));
      app.get('/api/test/boom', publicRoute(), async () => {
        throw new Error('database exploded: secret internals');
      });
      app.get('/api/test/signin-code', publicRoute(), async () => {
        throw new ApiError(401, 'Invalid username or password', { code: '40101' });
      });
    },
  });
});
afterAll(async () => t.close());

describe('system endpoints', () => {
  it('answers the ping anonymously in XML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<Status>OK</Status>');
  });

  it('tells the API version and build date', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/info' });
    expect(res.json()).toMatchObject({ version: '6.025.0114.0840', buildDate: '2025-01-14T08:40:00.000Z', installationId: 'test-installation' });
  });

  it('serves /version.json with the build version string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.json()).toEqual({ version: '6.025.0114.0840', buildDate: '2025-01-14T08:40:00.000Z' });
  });

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.db.kind });
  });
});

describe('errors', () => {
  it('answers an unknown API route with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'No route GET /api/nothing/here' });
  });

  it('says what is wrong with malformed JSON and does not fail with 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"a": 1,' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });

  it('puts a sign-in code in the status text and in error_code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/signin-code' });
    expect(res.statusCode).toBe(401);
    expect(res.statusMessage).toBe('Unauthorized [40101]');
    expect(res.json()).toMatchObject({ status: 401, error_code: '40101', error_description: 'Invalid username or password' });
  });

  it('hides 5xx internals, names an id, and tells an anonymous caller only the id and a generic message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const id = res.headers[ERROR_ID_HEADER] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().message).not.toContain('secret internals');
    expect(res.json().message).toContain(id);
    const detail = await t.app.inject({ method: 'GET', url: `/api/error(${id})` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ id, status: 500, message: expect.stringMatching(/^An unexpected error occurred/), createdAt: expect.any(String) });
    expect(detail.body).not.toContain('secret internals');
  });

  it('stores no more error rows per minute and address than the limit, yet names an id in every answer', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(500);
      ids.push(res.headers[ERROR_ID_HEADER] as string);
    }
    const stored = await t.database.db.query('select 1 from mate_error where id = any($1::text[])', [ids]);
    expect(stored.rowCount).toBe(10);
    // Another address still gets its faults recorded.
    const other = await t.app.inject({ method: 'GET', url: '/api/test/boom', remoteAddress: '203.0.113.10' });
    expect((await t.app.inject({ url: `/api/error(${other.headers[ERROR_ID_HEADER] as string})` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown error id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/error(nope)' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("'nope'");
  });
});

describe('logging', () => {
  it('never writes passwords or tokens', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?access_token=tok-in-query-123',
      headers: { authorization: 'Bearer tok-in-header-456', 'content-type': 'application/json' },
      payload: { password: 'hunter2-secret' },
    });
    const all = t.logs.join('\n');
    expect(all).toContain('/api/test/echo');
    expect(all).not.toContain('tok-in-query-123');
    expect(all).not.toContain('tok-in-header-456');
    expect(all).not.toContain('hunter2-secret');
  });
});
