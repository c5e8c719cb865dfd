import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_ID_HEADER } from '../plugins/error-handling';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { setUserRoles } from './user-admin';
import { publicRoute } from '../plugins/authenticate-first';

describe('GET api/error({id})', () => {
  let t: IdentityTestApp;
  let id: string;

  beforeAll(async () => {
    t = await createIdentityTestApp({
      configure: (app) => {
        app.get('/api/test/fault', publicRoute(), async () => {
          throw new Error('relation "e_secret" violates check constraint "internal_rule"');
        });
      },
    });
    const bossOid = await addUser(t.database, 'boss', 'boss-password', [11]);
    await setUserRoles(t.database.db, bossOid, [{ roleOid: await ensureAdministratorRole(t.database.db), tenantOid: null }]);
    await addUser(t.database, 'clerk', 'clerk-password', [11]);
    id = (await t.app.inject({ url: '/api/test/fault' })).headers[ERROR_ID_HEADER] as string;
  });
  afterAll(async () => t.close());

  const read = (headers: Record<string, string> = {}) => t.app.inject({ url: `/api/error(${id})`, headers });

  it('shows an administrator what the fault said', async () => {
    const r = await read({ authorization: `Bearer ${await signInToken(t.app, 'boss', 'boss-password')}` });
    expect(r.json()).toMatchObject({ id, status: 500, message: expect.stringContaining('e_secret'), method: 'GET', url: '/api/test/fault' });
    // Byte for byte what the handler returns: these members in this order (the route's answer schema keeps them).
    const { message, createdAt } = r.json<{ message: string; createdAt: string }>();
    expect(r.body).toBe(JSON.stringify({ id, status: 500, message, method: 'GET', url: '/api/test/fault', createdAt }));
  });

  it('shows anonymous callers, other users and bad tokens only the id and a generic message', async () => {
    const clerk = await signInToken(t.app, 'clerk', 'clerk-password');
    const callers: Record<string, string>[] = [{}, { authorization: `Bearer ${clerk}` }, { authorization: 'Bearer not-a-token' }];
    for (const headers of callers) {
      const r = await read(headers);
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain('e_secret');
      expect(r.json()).toEqual({ id, status: 500, message: expect.stringMatching(/^An unexpected error occurred/), createdAt: expect.any(String) });
      const { message, createdAt } = r.json<{ message: string; createdAt: string }>();
      expect(r.body).toBe(JSON.stringify({ id, status: 500, message, createdAt }));
    }
  });
});
