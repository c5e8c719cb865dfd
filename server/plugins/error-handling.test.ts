import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { registerErrorHandling } from './error-handling';

// No 4xx stores an error row, so the database is never reached here.
const noDatabase = {} as Database;

describe('field errors of a refused body', () => {
  it('names members called constructor, __proto__ or toString as any other, with a 400', async () => {
    const app = Fastify({ ajv: { customOptions: { removeAdditional: false } } });
    registerErrorHandling(app, noDatabase);
    app.post('/echo', { schema: { body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string' } } } } }, async () => ({ ok: true }));
    for (const member of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const r = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: `{"name":"a","${member}":1}` });
      // __proto__ is dropped by Fastify's JSON parser (its own protection), so that body is accepted.
      if (member === '__proto__') {
        expect(r.statusCode, r.body).toBeLessThan(500);
        continue;
      }
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().errors).toEqual({ [member]: ['is not a member this call takes'] });
    }
    const missing = await app.inject({ method: 'POST', url: '/echo', payload: {} });
    expect(missing.json().errors).toEqual({ name: [expect.stringContaining('name')] });
    await app.close();
  });
});
