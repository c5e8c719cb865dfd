import fc from 'fast-check';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, basic, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { createHubTestDatabase, hubClient, nextMessage, startHubInstance, type HubInstance } from '../hub/hub-test-app';
import type { TestDatabase } from '../test-support/test-database';
import type { ServerLogAppendedMessage } from './server-log-hub';
import type { ServerLogRecord } from './server-log-record';

// The log page's server side against a real listening instance: the route's permission matrix, filters and paging,
// redaction, and the hub's live lines with the stock @microsoft/signalr client.
const TENANT_A = 11;
const TENANT_B = 22;
const LOG = '/api/diagnostics/server-log';

interface LogPage {
  instance: { id: string; hostname: string; pid: number };
  capacity: number;
  items: ServerLogRecord[];
  lastSeq: number;
  firstSeq: number;
  hasMore: boolean;
}

describe('the server log', () => {
  let database: TestDatabase;
  let server: HubInstance;
  /** Read on /diagnostics/logs in the Global column (own decision). */
  let olga: string;
  let olgaOid: number;
  /** Read on /diagnostics (the parent) globally, through a role held in every tenant of theirs. */
  let paul: string;
  /** Read on /diagnostics/logs through a role in tenant A only. */
  let tina: string;
  /** Update on the page globally, but not Read. */
  let uwe: string;
  /** No right at all. */
  let nick: string;

  const get = (token: string | undefined, query = '') => server.app.inject({ method: 'GET', url: `${LOG}${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    database = await createHubTestDatabase();
    server = await startHubInstance(database);
    olgaOid = await addUser(database, 'olga', 'olga-password', [TENANT_A, TENANT_B]);
    await setPermission(database.db, { subject: { userOid: olgaOid }, path: '/diagnostics/logs', tenantOid: null, action: 'Read', allowed: true });
    const paulOid = await addUser(database, 'paul', 'paul-password', [TENANT_A]);
    const diagnostics = await createRole(database.db, 'Diagnostics');
    await setPermission(database.db, { subject: { roleOid: diagnostics }, path: '/diagnostics', tenantOid: null, action: 'Read', allowed: true });
    await setPermission(database.db, { subject: { userOid: paulOid }, path: '/diagnostics', tenantOid: null, action: 'Read', allowed: true });
    const tinaOid = await addUser(database, 'tina', 'tina-password', [TENANT_A, TENANT_B]);
    const logReader = await createRole(database.db, 'Log reader');
    await setPermission(database.db, { subject: { roleOid: logReader }, path: '/diagnostics/logs', tenantOid: null, action: 'Read', allowed: true });
    await setUserRoles(database.db, tinaOid, [{ roleOid: logReader, tenantOid: TENANT_A }]);
    const uweOid = await addUser(database, 'uwe', 'uwe-password', [TENANT_A]);
    await setPermission(database.db, { subject: { userOid: uweOid }, path: '/diagnostics/logs', tenantOid: null, action: 'Update', allowed: true });
    await addUser(database, 'nick', 'nick-password', [TENANT_A]);
    const tokens = await Promise.all(['olga', 'paul', 'tina', 'uwe', 'nick'].map((name) => signInToken(server.app, name, `${name}-password`)));
    [olga, paul, tina, uwe, nick] = tokens as [string, string, string, string, string];
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('is read only with Read on the page in the Global column (the log is installation-wide)', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(olga)).statusCode).toBe(200);
    expect((await get(paul)).statusCode).toBe(200);
    // Tenant A's right, even asked from tenant A, is not a right to every tenant's requests.
    const tenantOnly = await server.app.inject({ method: 'GET', url: LOG, headers: { authorization: `Bearer ${tina}` } });
    expect(tenantOnly.statusCode).toBe(403);
    expect(tenantOnly.json().message).toContain('Global');
    expect((await get(uwe)).statusCode).toBe(403);
    expect((await get(nick)).statusCode).toBe(403);
  });

  it("answers this instance's lines with who the instance is, filtered by level and text, paged with after", async () => {
    const marker = `marker-${Date.now()}`;
    for (let n = 0; n < 3; n += 1) await server.app.inject({ method: 'GET', url: `/api/info?probe=${marker}` });
    const page = (await get(olga, `?q=${marker}&take=4`)).json<LogPage>();
    expect(page.instance.pid).toBe(process.pid);
    expect(page.capacity).toBe(2000);
    // Each request logs two lines: incoming (method and URL) and completed (status and route).
    expect(page.items).toHaveLength(4);
    expect(page.hasMore).toBe(true);
    const completed = page.items.find((record) => record.message === 'request completed')!;
    expect(completed).toMatchObject({ level: 'info', method: 'GET', route: '/api/info', status: 200 });
    expect(completed.url).toContain(marker);
    expect(completed.reqId).toBeTruthy();
    const seqs = page.items.map((record) => record.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Paging on from the first of them gives the rest in order, and nothing past the newest.
    const after = (await get(olga, `?q=${marker}&after=${seqs[0]! - 1}&take=100`)).json<LogPage>();
    expect(after.items).toHaveLength(6);
    expect(after.hasMore).toBe(false);
    expect((await get(olga, `?after=${after.lastSeq + 1000}`)).json<LogPage>().items).toEqual([]);
    // At warn and above, no routine request line.
    expect((await get(olga, `?q=${marker}&level=warn`)).json<LogPage>().items).toEqual([]);
  });

  it('keeps passwords, tokens and credentials out of the lines', async () => {
    await server.app.inject({ method: 'GET', url: '/api/v1-pub/auth/user/token.json', headers: { authorization: basic('olga', 'Wrong-Secret-Pw1') } });
    await server.app.inject({ method: 'GET', url: '/api/info?access_token=leaked-token-1&password=leaked-password-2', headers: { cookie: 'sid=leaked-cookie-3' } });
    const text = JSON.stringify((await get(olga, '?take=1000')).json<LogPage>());
    for (const secret of ['Wrong-Secret-Pw1', Buffer.from('olga:Wrong-Secret-Pw1').toString('base64'), 'leaked-token-1', 'leaked-password-2', 'leaked-cookie-3', olga]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('access_token=[redacted]');
    expect(text).toMatch(/"status":401/);
  });

  it('refuses hostile parameters with a 400 that names them', async () => {
    for (const [query, name] of [['?take=0', 'take'], ['?take=5000', 'take'], ['?after=-1', 'after'], ['?level=loud', 'level'], [`?q=${'x'.repeat(201)}`, 'q'], ['?after=abc', 'after']] as const) {
      const answer = await get(olga, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body, query).toContain(name);
    }
  });

  it('pushes new lines in batches to a subscriber who may read the log, and to nobody else', async () => {
    const olgaClient = hubClient(server, () => olga);
    const tinaClient = hubClient(server, () => tina);
    await olgaClient.start();
    await tinaClient.start();
    const tinaSaw: unknown[] = [];
    tinaClient.on('ServerLogAppended', (message) => tinaSaw.push(message));
    const subscribed = await olgaClient.invoke<{ instance: { id: string; pid: number }; lastSeq: number }>('SubscribeServerLog');
    expect(subscribed.instance.pid).toBe(process.pid);
    await expect(tinaClient.invoke('SubscribeServerLog')).rejects.toThrow('Not permitted: Read on /diagnostics/logs in the Global column.');
    await expect(olgaClient.invoke('SubscribeServerLog', 'extra')).rejects.toThrow('SubscribeServerLog takes at most 0 argument(s), got 1.');

    const marker = `live-${Date.now()}`;
    const batch = nextMessage<ServerLogAppendedMessage>(olgaClient, 'ServerLogAppended', (message) => message.records.some((record) => record.url?.includes(marker)));
    await server.app.inject({ method: 'GET', url: `/api/info?probe=${marker}` });
    const message = await batch;
    expect(message.instanceId).toBe(subscribed.instance.id);
    expect(message.records.filter((record) => record.url?.includes(marker)).map((record) => record.message)).toEqual(['incoming request', 'request completed']);
    expect(message.lastSeq).toBe(message.records[message.records.length - 1]!.seq);
    expect(message.afterSeq).toBe(message.records[0]!.seq - 1);

    // Tina's connection heard nothing: a message sent before the pong would have arrived before it.
    const pong = nextMessage(tinaClient, 'NotifyResponse');
    await tinaClient.invoke('PingRequest');
    await pong;
    expect(tinaSaw).toEqual([]);
    await tinaClient.stop();

    // Losing the right stops the lines at the next push; unsubscribing stops them too.
    await setPermission(database.db, { subject: { userOid: olgaOid }, path: '/diagnostics/logs', tenantOid: null, action: 'Read', allowed: null });
    // The instance learns of a change written straight to the table from its NOTIFY (docs/permissions.md), which on
    // PostgreSQL arrives a moment later: the revalidation counts from then, as it does for a change made elsewhere.
    await expect.poll(async () => (await get(olga)).statusCode, { timeout: 5_000, interval: 20 }).toBe(403);
    await server.app.hub.revalidateAll();
    // A batch pushed to her before the revalidation (the polls above are logged too) arrives before this pong.
    const settledPong = nextMessage(olgaClient, 'NotifyResponse');
    await olgaClient.invoke('PingRequest');
    await settledPong;
    const olgaSaw: ServerLogAppendedMessage[] = [];
    olgaClient.on('ServerLogAppended', (appended) => olgaSaw.push(appended));
    const paulClient = hubClient(server, () => paul);
    await paulClient.start();
    await paulClient.invoke('SubscribeServerLog');
    const after = `after-${Date.now()}`;
    const paulBatch = nextMessage<ServerLogAppendedMessage>(paulClient, 'ServerLogAppended', (appended) => appended.records.some((record) => record.url?.includes(after)));
    await server.app.inject({ method: 'GET', url: `/api/info?probe=${after}` });
    await paulBatch;
    const olgaPong = nextMessage(olgaClient, 'NotifyResponse');
    await olgaClient.invoke('PingRequest');
    await olgaPong;
    expect(olgaSaw).toEqual([]);
    await setPermission(database.db, { subject: { userOid: olgaOid }, path: '/diagnostics/logs', tenantOid: null, action: 'Read', allowed: true });
    await expect.poll(async () => (await get(olga)).statusCode, { timeout: 5_000, interval: 20 }).toBe(200);
    await paulClient.invoke('UnsubscribeServerLog');
    await olgaClient.stop();
    await paulClient.stop();
  });

  it('answers any arguments to its hub methods with a Completion error and keeps the connection', async () => {
    const client = hubClient(server, () => paul);
    await client.start();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('SubscribeServerLog', 'UnsubscribeServerLog'), fc.array(fc.jsonValue(), { minLength: 1, maxLength: 4 }), async (method, args) => {
        await expect(client.invoke(method, ...args)).rejects.toThrow(`${method} takes at most 0 argument(s), got ${args.length}.`);
      }),
      { numRuns: 20 },
    );
    expect(client.state).toBe(HubConnectionState.Connected);
    await client.stop();
  });
});
