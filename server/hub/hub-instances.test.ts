import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import type { TestDatabase } from '../test-support/test-database';
import { createHubTestDatabase, hubClient, nextMessage, startHubInstance, type HubInstance } from './hub-test-app';

// Two server instances on one database behave as one hub: a write on B reaches a client of A.
const TENANT = 11;
const KIND = '/api/data/pos-supply/quantity-unit';

describe('two hub instances on one database', () => {
  let database: TestDatabase;
  let a: HubInstance;
  let b: HubInstance;
  let token: string;

  beforeAll(async () => {
    database = await createHubTestDatabase();
    a = await startHubInstance(database);
    b = await startHubInstance(database);
    const clerk = await createRole(database.db, 'Clerk');
    for (const action of ['Read', 'Create', 'Update', 'Delete'] as const) {
      await setPermission(database.db, { subject: { roleOid: clerk }, path: '/data', tenantOid: null, action, allowed: true });
    }
    const user = await addUser(database, 'gina', 'gina-password', [TENANT]);
    await setUserRoles(database.db, user, [{ roleOid: clerk, tenantOid: TENANT }]);
    token = await signInToken(a.app, 'gina', 'gina-password');
  }, 120_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('delivers DataServiceCreate, DataServiceUpdate and DataServiceDelete of a write on B to a client on A', async () => {
    const client = hubClient(a, () => token);
    await client.start();
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      b.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, payload: payload as string | undefined });

    const created = nextMessage<{ oid: number }>(client, 'DataServiceCreate');
    const record = (await call('POST', KIND, { Code: 'BOX', Name: 'Box' })).json() as { Oid: number; ETag: string };
    expect((await created).oid).toBe(record.Oid);

    const updated = nextMessage<{ oid: number; etag: string }>(client, 'DataServiceUpdate');
    const put = await call('PUT', `${KIND}/${record.Oid}`, { Code: 'BOX', Name: 'Boxes' }, { 'if-match': record.ETag });
    expect(put.statusCode).toBe(200);
    expect(await updated).toEqual(expect.objectContaining({ oid: record.Oid, etag: put.json().ETag }));

    const deleted = nextMessage<{ oid: number }>(client, 'DataServiceDelete');
    expect((await call('DELETE', `${KIND}/${record.Oid}`, undefined, { 'if-match': put.json().ETag })).statusCode).toBe(204);
    expect((await deleted).oid).toBe(record.Oid);
    await client.stop();
  });

  it('closes a connection on A when the token is revoked through B', async () => {
    const client = hubClient(a, () => token);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await client.start();
    expect((await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    await a.app.hub.revalidateAll();
    expect((await closed)?.message).toContain('revoked');
  });
});
