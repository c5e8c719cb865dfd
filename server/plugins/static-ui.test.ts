import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticUi } from './static-ui';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mate-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Mate</title>');
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1);');
  mkdirSync(path.join(dir, 'assets', 'cldr'));
  writeFileSync(path.join(dir, 'assets', 'cldr', 'de.json'), '{"locale":"de"}');
  mkdirSync(path.join(dir, 'loc'));
  writeFileSync(path.join(dir, 'loc', 'de.json'), '{"messages":{}}');
  app = Fastify();
  await registerStaticUi(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built UI', () => {
  it('serves hashed assets as immutable for a year, so a reload does not revalidate each chunk', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated, directly and as the fallback of a deep link', async () => {
    const direct = await app.inject({ method: 'GET', url: '/' });
    expect(direct.headers['cache-control']).toBe('no-cache');
    const deep = await app.inject({ method: 'GET', url: '/data/some/kind', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Mate</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('has the catalogues and locale data revalidated: their names stay when a build changes them', async () => {
    for (const url of ['/loc/de.json', '/assets/cldr/de.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
