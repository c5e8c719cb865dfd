import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, basic, createIdentityTestDatabase } from './identity/identity-test-app';
import { encodeScopeValue } from './identity/scope-headers';
import { createRole, setPermission, setUserRoles } from './identity/user-admin';
import { NGINX_BINARY, startLoadBalancer, type LoadBalancer } from './test-support/nginx';
import { startServerProcess, type ServerProcess } from './test-support/server-process';
import type { TestDatabase } from './test-support/test-database';

// Several instances as one (docs/operations.md "Several instances"): two server processes on one PostgreSQL database
// behind nginx from Debian, round robin, no sticky sessions. PostgreSQL only: a PGlite folder belongs to one process.
const TENANT = 11;
const KIND = '/api/data/pos-supply/quantity-unit';
const PASSWORD = 'gina-password-1';
const onPostgres = process.env.DATABASE_URL !== undefined;

it.runIf(onPostgres && process.env.CI !== undefined && !NGINX_BINARY)('has nginx to test several instances with (.ci/run installs nginx-light)', () => {
  expect(NGINX_BINARY, 'nginx is needed on CI for the several-instances test').toBeDefined();
});

describe.runIf(onPostgres && NGINX_BINARY !== undefined)('two instances behind nginx', () => {
  let database: TestDatabase;
  let instances: ServerProcess[] = [];
  let balancer: LoadBalancer;
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const clerk = await createRole(database.db, 'Clerk');
    for (const action of ['Read', 'Create', 'Update', 'Delete'] as const) {
      await setPermission(database.db, { subject: { roleOid: clerk }, path: '/data', tenantOid: null, action, allowed: true });
    }
    const user = await addUser(database, 'gina', PASSWORD, [TENANT]);
    await setUserRoles(database.db, user, [{ roleOid: clerk, tenantOid: TENANT }]);
    // Both start at once on the same database, as a rolling deployment's do: the migrations lock keeps them apart.
    instances = await Promise.all([startServerProcess(database.url!), startServerProcess(database.url!)]);
    balancer = await startLoadBalancer(instances.map((instance) => instance.port));
  }, 240_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.stop().catch(() => undefined)));
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  }, 60_000);

  const signIn = async () => {
    const answer = await fetch(`${balancer.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: basic('gina', PASSWORD) } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-mate-tenant': encodeScopeValue(TENANT), 'content-type': 'application/json' });
  const upstreamOf = (answer: Response) => answer.headers.get('x-mate-upstream');
  const hubClient = (token: string, reconnect = false) => {
    const builder = new HubConnectionBuilder()
      .withUrl(`${balancer.url}/api/hub/mate`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None);
    const client = (reconnect ? builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 200 }) : builder).build();
    clients.push(client);
    return client;
  };
  const created = (client: HubConnection, oid: () => number | undefined, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no DataServiceCreate arrived')), timeoutMs);
      client.on('DataServiceCreate', (event: { oid: number }) => {
        if (event.oid !== oid()) return;
        clearTimeout(timer);
        resolve();
      });
    });

  it('signs in on one instance and is served by both, the token good on each', async () => {
    const token = await signIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${balancer.url}/api/user/profile`, { headers: headers(token) })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map(upstreamOf)).size).toBe(2);
    for (const instance of instances) expect((await fetch(`${instance.url}/api/user/profile`, { headers: headers(token) })).status).toBe(200);
  });

  it('hub clients behind the balancer hear a write whichever instance takes it, though negotiate and socket land apart', async () => {
    const token = await signIn();
    // Four clients: round robin sends the negotiate of each to one instance and its socket to the other.
    const listeners = Array.from({ length: 4 }, () => hubClient(token));
    await Promise.all(listeners.map((client) => client.start()));
    for (let round = 0; round < 2; round += 1) {
      // The event may come before the write's answer: the listeners read the oid when it comes.
      const written: { oid?: number } = {};
      const heard = listeners.map((client) => created(client, () => written.oid));
      const answer = await fetch(`${balancer.url}${KIND}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ Code: `R${round}`, Name: `Round ${round}` }) });
      expect(answer.status).toBe(201);
      written.oid = ((await answer.json()) as { Oid: number }).Oid;
      await Promise.all(heard);
    }
    await Promise.all(listeners.map((client) => client.stop()));
  });

  it('a sign-out through the balancer holds on every instance at once', async () => {
    const token = await signIn();
    const listener = hubClient(token);
    const closed = new Promise<void>((resolve) => listener.onclose(() => resolve()));
    await listener.start();
    expect((await fetch(`${balancer.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    for (const instance of instances) expect((await fetch(`${instance.url}/api/user/profile`, { headers: headers(token) })).status).toBe(401);
    await closed;
  });

  it('an instance killed under load loses no acknowledged write, and a hub client goes on with the other', async () => {
    const token = await signIn();
    const listener = hubClient(token, true);
    await listener.start();
    const acknowledged: number[] = [];
    let refused = 0;
    for (let n = 0; n < 40; n += 1) {
      if (n === 12) await instances[0]!.kill();
      // A write in flight on the instance that dies gets no answer it could take for success (nginx answers 502);
      // every 201 must be kept.
      const answer = await fetch(`${balancer.url}${KIND}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ Code: `K${n}`, Name: `Kill ${n}` }) }).catch(() => undefined);
      if (answer?.status === 201) acknowledged.push(((await answer.json()) as { Oid: number }).Oid);
      else refused += 1;
    }
    // The balancer stops sending to the dead instance: nearly every write is taken by the other.
    expect(acknowledged.length).toBeGreaterThanOrEqual(38);
    expect(refused).toBeLessThanOrEqual(2);
    for (const oid of acknowledged) {
      const answer = await fetch(`${instances[1]!.url}${KIND}/${oid}`, { headers: headers(token) });
      expect(answer.status, `written record ${oid}`).toBe(200);
    }
    // The client whose socket was on the dead instance reconnects to the other (or never lost it) and hears writes
    // again: a write made while it was still reconnecting is not replayed, so write until one is heard.
    let heard = false;
    for (let attempt = 0; attempt < 15 && !heard; attempt += 1) {
      const written: { oid?: number } = {};
      const arrival = created(listener, () => written.oid, 2_000).then(() => true, () => false);
      const answer = await fetch(`${balancer.url}${KIND}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ Code: `A${attempt}`, Name: 'After the kill' }) });
      expect(answer.status).toBe(201);
      written.oid = ((await answer.json()) as { Oid: number }).Oid;
      heard = await arrival;
    }
    expect(heard, 'the hub client heard a write after the instance was killed').toBe(true);
  }, 120_000);
});
