import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { SCHEMA_PLAYGROUND_PATH } from './schema-playground-schemas';

type Answer = { kinds: { kind: string; document: { area: string; entity: string; fields: { name: string }[] } }[] };

// The playground's catalogue route: the loaded documents for a user with Read on the page (given on the page or
// inherited from /tools), a 403 for one with rights elsewhere only, a 401 anonymous; only GET exists.
describe('GET /api/schema-playground/catalogue', () => {
  let t: IdentityTestApp;
  const tokens: Record<string, string> = {};
  const get = (token?: string) => t.app.inject({ method: 'GET', url: '/api/schema-playground/catalogue', headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const page = await createRole(t.database.db, 'Playground');
    await setPermission(t.database.db, { subject: { roleOid: page }, path: SCHEMA_PLAYGROUND_PATH, tenantOid: null, action: 'Read', allowed: true });
    const tools = await createRole(t.database.db, 'Tools');
    await setPermission(t.database.db, { subject: { roleOid: tools }, path: '/tools', tenantOid: null, action: 'Read', allowed: true });
    const other = await createRole(t.database.db, 'Scan sheet');
    await setPermission(t.database.db, { subject: { roleOid: other }, path: '/tools/scan-sheet', tenantOid: null, action: 'Read', allowed: true });
    for (const [name, role] of [['page', page], ['tools', tools], ['other', other]] as const) {
      const oid = await addUser(t.database, name, `${name}-password-1`);
      await setUserRoles(t.database.db, oid, [{ roleOid: role, tenantOid: null }]);
      tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every loaded kind with its document to whoever may read the page', async () => {
    for (const user of ['page', 'tools']) {
      const answer = await get(tokens[user]);
      expect(answer.statusCode, user).toBe(200);
      const { kinds } = answer.json() as Answer;
      expect(kinds.map((entry) => entry.kind)).toEqual(t.catalogue.kinds.map((kind) => kind.kind).sort((a, b) => a.localeCompare(b)));
      const article = kinds.find((entry) => entry.kind === 'pos-supply/article')!;
      expect(article.document.fields.map((field) => field.name)).toEqual(t.catalogue.find('pos-supply', 'article')!.doc.fields.map((field) => field.name));
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('refuses a user without Read on the page and an anonymous caller, and offers no way to write', async () => {
    expect((await get(tokens.other)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await t.app.inject({ method, url: '/api/schema-playground/catalogue', headers: { authorization: `Bearer ${tokens.page}` }, payload: {} });
      expect(answer.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, method).toBeLessThan(500);
    }
  });
});
