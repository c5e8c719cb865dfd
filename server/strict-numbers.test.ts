import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubTestDatabase, startHubInstance, type HubInstance } from './hub/hub-test-app';
import { addUser, signInToken } from './identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from './identity/user-admin';
import type { TestDatabase } from './test-support/test-database';

// A number in a query too large for a double ("1e309") coerces to Infinity. Ajv's integer and number types let
// Infinity and NaN through by default, and routes then failed inside their handlers with a 500. The app's validator
// refuses them after coercion (server/plugins/input-guard.ts): a 400 that names the parameter.
describe('numbers in queries that are not finite', () => {
  let database: TestDatabase;
  let server: HubInstance;
  let token: string;

  beforeAll(async () => {
    database = await createHubTestDatabase();
    server = await startHubInstance(database);
    const readers = await createRole(database.db, 'Readers');
    await setPermission(database.db, { subject: { roleOid: readers }, path: '/', tenantOid: null, action: 'Read', allowed: true });
    const oid = await addUser(database, 'rita', 'rita-password-1', [11]);
    await setUserRoles(database.db, oid, [{ roleOid: readers, tenantOid: null }]);
    token = await signInToken(server.app, 'rita', 'rita-password-1');
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it.each([
    ['/api/bridge/jobs?take=1e309', 'take'],
    ['/api/bridge/jobs?take=Infinity', 'take'],
    ['/api/bridge/jobs?skip=-1e309', 'skip'],
    ['/api/documents/receipt/sales?take=1e309', 'take'],
    ['/api/documents/receipt/sales?amountMin=NaN', 'amountMin'],
  ])('%s is a 400 naming %s', async (url, parameter) => {
    const response = await server.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(parameter);
  });

  it('a JSON body with 1e309 (it parses to Infinity) is a 400 naming the member', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/reports/sales/daily/run', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"tenant":1e309}' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { tenant: ['must be a finite number (it is too large for a double)'] } });
  });

  // Fastify's Ajv default (removeAdditional) dropped unknown members silently: a misspelt member was a 200 that
  // changed nothing the caller meant. Now refused, naming the member (server/app.ts).
  it('an unknown member of a JSON body is a 400 naming it', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/reports/sales/daily/run', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"tennant":1}' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('tennant');
  });

  it('an unknown query parameter of a route that declares its parameters is a 400 naming it', async () => {
    const response = await server.app.inject({ url: '/api/bridge/jobs?tak=5', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'querystring/tak is not a member this call takes', errors: { tak: ['is not a member this call takes'] } });
  });
});
