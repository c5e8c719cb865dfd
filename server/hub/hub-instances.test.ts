import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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

  it('takes the WebSocket on B of a connection negotiated on A, as behind a load balancer without sticky sessions', async () => {
    const negotiated = await a.app.inject({ method: 'POST', url: '/api/hub/mate/negotiate?negotiateVersion=1', headers: { authorization: `Bearer ${token}` } });
    expect(negotiated.statusCode).toBe(200);
    const { connectionToken } = negotiated.json() as { connectionToken: string };
    const socket = new WebSocket(`${b.url.replace('http', 'ws')}/api/hub/mate?id=${encodeURIComponent(connectionToken)}`, { headers: { authorization: `Bearer ${token}` } });
    const answered = new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(data.toString()));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`the upgrade was answered ${response.statusCode}`)));
      socket.once('error', reject);
    });
    socket.once('open', () => socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}\u001e`));
    // The handshake's answer: an empty record, no error.
    expect(await answered).toBe('{}\u001e');
    socket.close();
  });

  it('closes a connection on A when the token is revoked through B', async () => {
    const client = hubClient(a, () => token);
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await client.start();
    expect((await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    // A hears of the sign-out on B from its NOTIFY, a moment later on PostgreSQL; the revalidation counts from then.
    const negotiate = () => a.app.inject({ method: 'POST', url: '/api/hub/mate/negotiate?negotiateVersion=1', headers: { authorization: `Bearer ${token}` } });
    await expect.poll(async () => (await negotiate()).statusCode, { timeout: 5_000, interval: 20 }).toBe(401);
    await a.app.hub.revalidateAll();
    expect((await closed)?.message).toContain('revoked');
  });
});
