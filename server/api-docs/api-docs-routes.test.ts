import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/identity-test-app';

// The viewers' bundles come from the product itself (no CDN): anyone may load them, they are cached, and a name
// that is not one of them is a 400 that names the parameter.
describe('the API documentation assets', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('serves Swagger UI and Scalar from node_modules with a content type and an ETag', async () => {
    const script = await t.app.inject({ url: '/api/docs/assets/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('SwaggerUIBundle');
    expect((await t.app.inject({ url: '/api/docs/assets/swagger-ui.css' })).headers['content-type']).toContain('text/css');
    const scalar = await t.app.inject({ url: '/api/docs/assets/scalar-standalone.js' });
    expect(scalar.body).toContain('createApiReference');
    const again = await t.app.inject({ url: '/api/docs/assets/scalar-standalone.js', headers: { 'if-none-match': String(scalar.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses every other name, naming the parameter', async () => {
    for (const name of ['..%2Fpackage.json', 'index.html', '%00', 'swagger-ui-bundle.js.map', 'x'.repeat(3000)]) {
      const answer = await t.app.inject({ url: `/api/docs/assets/${name}` });
      expect(answer.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, name).toBeLessThan(500);
    }
    expect((await t.app.inject({ url: '/api/docs/assets/index.html' })).json()).toMatchObject({ message: expect.stringContaining('name') });
  });
});
