import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarHash } from './avatar';
import { createIdentityTestApp, type IdentityTestApp } from './identity-test-app';

describe('avatar', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('hashes the trimmed, lower-cased e-mail with SHA-256', () => {
    expect(avatarHash('  Someone@Example.COM ')).toBe(avatarHash('someone@example.com'));
    expect(avatarHash('someone@example.com')).toBe('72497f475e4f76d0b28f57c73a084ece576d170874eba3ee2609d9afe4b71aab');
  });

  it('draws the same SVG for the same hash, another for another, anonymously', async () => {
    const hash = avatarHash('someone@example.com');
    const first = await get(`/api/avatar/${hash}?size=64&d=blank&r=g`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('image/svg+xml');
    expect(first.body).toContain('width="64"');
    expect((await get(`/api/avatar/${hash}`)).body).toBe(first.body);
    expect((await get(`/api/avatar/${avatarHash('other@example.com')}`)).body).not.toBe(first.body);
  });

  it('clamps the size to 16..512', async () => {
    const hash = avatarHash('someone@example.com');
    expect((await get(`/api/avatar/${hash}?size=2`)).body).toContain('width="16"');
    expect((await get(`/api/avatar/${hash}?size=4000`)).body).toContain('width="512"');
  });

  it('refuses bad input with 400 naming the parameter', async () => {
    const hash = avatarHash('someone@example.com');
    for (const [url, field] of [
      ['/api/avatar/not-a-hash', 'hash'],
      [`/api/avatar/${hash}?size=big`, 'size'],
      [`/api/avatar/${hash}?d=unknown`, 'd'],
      [`/api/avatar/${hash}?r=nc17`, 'r'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ errors: { [field]: expect.any(Array) } });
    }
  });

  it('judges its parameters itself: the route schema that documents them refuses nothing first', async () => {
    const hash = avatarHash('someone@example.com');
    // A repeated parameter is an array; the handler's message says so in its own words, not Ajv's.
    const repeated = await get(`/api/avatar/${hash}?size=1&size=2`);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ message: "The size '1,2' is not a whole number.", errors: { size: ['must be a whole number'] } });
    expect((await get(`/api/avatar/${hash}.svg?size=32&unknown=1`)).body).toContain('width="32"');
  });
});
