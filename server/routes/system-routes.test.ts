import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { systemRoutes } from './system-routes';

// The system routes describe themselves (system-schemas.ts); their schemas' serialiser must not change a byte of
// what the handlers send, neither the JSON answers nor the XML ping.

const buildInfo = { version: '6.025.0114.0840', buildDate: '2025-01-14T08:40:00.000Z' };

async function appWith(databaseAnswers: boolean) {
  const db = { kind: 'postgres', query: async () => { if (!databaseAnswers) throw new Error('connection refused'); return { rows: [], rowCount: 1 }; } } as unknown as Database;
  const app = Fastify({ logger: false });
  await app.register(systemRoutes, { db, buildInfo, installationId: 'install-1' });
  return app;
}

describe('the system routes answer exactly what their handlers send', () => {
  let app: Awaited<ReturnType<typeof appWith>> | undefined;
  afterEach(async () => app?.close());

  it('/api/info, /version.json and /api/health name every property, in order', async () => {
    app = await appWith(true);
    expect((await app.inject({ url: '/api/info' })).body).toBe('{"name":"Mate","apiVersion":"1.0","version":"6.025.0114.0840","buildDate":"2025-01-14T08:40:00.000Z","database":"postgres","installationId":"install-1"}');
    expect((await app.inject({ url: '/version.json' })).body).toBe('{"version":"6.025.0114.0840","buildDate":"2025-01-14T08:40:00.000Z"}');
    expect((await app.inject({ url: '/api/health' })).body).toBe('{"status":"ok","database":"postgres"}');
  });

  it('answers 503 with the database kind while the database does not answer', async () => {
    app = await appWith(false);
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('{"status":"unavailable","database":"postgres"}');
  });

  it('sends the ping as XML, untouched by a JSON serialiser', async () => {
    app = await appWith(true);
    const res = await app.inject({ url: '/api/v1/ping' });
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<Ping><Status>OK<\/Status><Version>6.025.0114.0840<\/Version><Time>[^<]+<\/Time><\/Ping>$/);
  });
});
