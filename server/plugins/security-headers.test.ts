import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { publicRoute } from './authenticate-first';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { frameAncestors: ['https://pos.example.com'] },
      configure: (app) => {
        app.get('/api/test/fault', publicRoute(), async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => t.close());

  const html = { accept: 'text/html' };

  it.each([
    ['an API answer', '/api/info', {}],
    ['a page', '/data/shop/product', html],
    ['a 404', '/api/nothing', {}],
    ['a 5xx', '/api/test/fault', {}],
  ])('%s carries them all and may not be framed', async (_name, url, headers) => {
    const r = await t.app.inject({ url, headers });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['permissions-policy']).toContain('camera=()');
    expect(r.headers['x-frame-options']).toBe('DENY');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('lets the embedded layout /e be framed by our own origin and the configured embedders only', async () => {
    for (const url of ['/e', '/e/data/shop/product', '/e?x=1']) {
      const r = await t.app.inject({ url, headers: html });
      expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'self' https://pos.example.com");
      expect(r.headers['x-frame-options']).toBeUndefined();
    }
    // Not the embedded layout, only a name that starts alike.
    const r = await t.app.inject({ url: '/events', headers: html });
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
