// Route schemas compile at their first request (lazy-route-schemas.ts). What a start used to prove, that every
// route's schemas compile, is proved here over the whole app; and a lazily compiled schema answers as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity/identity-test-app';
import { compileRouteSchemas } from './lazy-route-schemas';

describe('route schemas compiled at their first use', () => {
  let t: IdentityTestApp;
  // Every route but the public ones wants a signed-in caller first.
  let authorization: string;
  const call = (options: { method?: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> }) =>
    t.app.inject({ method: options.method ?? 'GET', url: options.url, payload: options.payload, headers: { authorization, ...options.headers } });
  beforeAll(async () => {
    t = await createIdentityTestApp({
      configure: (app) => {
        app.get('/test/broken-query', { schema: { querystring: { type: 'object', properties: { n: { type: 'no-such-type' } } } } }, async () => ({ ok: true }));
        app.get(
          '/test/header',
          { schema: { headers: { type: 'object', properties: { 'X-Mate-Probe': { type: 'string', pattern: '^a+$' } }, required: ['X-Mate-Probe'] } } },
          async () => ({ ok: true }),
        );
        app.post(
          '/test/body',
          {
            schema: {
              body: { type: 'object', properties: { count: { type: 'integer', maximum: 10 } }, required: ['count'], additionalProperties: false },
              response: { 200: { type: 'object', properties: { doubled: { type: 'integer' } }, required: ['doubled'] } },
            },
          },
          async (request) => ({ doubled: (request.body as { count: number }).count * 2, secret: 'not in the schema' }),
        );
      },
    });
    await addUser(t.database, 'probe', 'probe-password-1');
    authorization = `Bearer ${await signInToken(t.app, 'probe', 'probe-password-1')}`;
  });
  afterAll(() => t.close());

  it('a schema that cannot compile names its route when compiled, and its requests answer 500 without stopping the server', async () => {
    const broken = await call({ url: '/test/broken-query?n=1' });
    expect(broken.statusCode).toBe(500);
    expect(() => compileRouteSchemas(t.app)).toThrow(/^The schema of GET \/test\/broken-query \(querystring\) does not compile: /);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a request body is judged by its schema at the first request, with the same refusals as at start', async () => {
    const tooMany = await call({ method: 'POST', url: '/test/body', payload: { count: 11 } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('body/count must be <= 10');
    const extra = await call({ method: 'POST', url: '/test/body', payload: { count: 1, other: 2 } });
    expect(extra.statusCode).toBe(400);
    const fine = await call({ method: 'POST', url: '/test/body', payload: { count: 4 } });
    // The answer goes through its serialiser: members outside the schema are left out.
    expect(fine.json()).toEqual({ doubled: 8 });
  });

  it("a header schema's names are read in lower case, as request headers arrive", async () => {
    expect((await call({ url: '/test/header' })).statusCode).toBe(400);
    expect((await call({ url: '/test/header', headers: { 'x-mate-probe': 'b' } })).statusCode).toBe(400);
    expect((await call({ url: '/test/header', headers: { 'X-Mate-Probe': 'aa' } })).statusCode).toBe(200);
  });
});

describe("every route of the app: each schema compiles", () => {
  it('compiles every request validator and answer serialiser of the app, once', async () => {
    const t = await createIdentityTestApp();
    try {
      const built = compileRouteSchemas(t.app);
      // Hundreds of routes with their parts and status codes; a second call finds nothing left.
      expect(built).toBeGreaterThan(300);
      expect(compileRouteSchemas(t.app)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
