import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import { hubClient, nextMessage, type HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { TERMINAL_MONITORING_PATH } from './terminal-monitoring';
import { TERMINAL_SERVER_PATH, type TerminalServerState } from './terminal-server-state';
import type { TerminalLogEntry } from './terminal-state';
import { connectTerminal, sampleReceipt, startTerminalInstance, type TestTerminal } from './terminal-test-app';

// GET /api/terminals/server, the log's paging and PingRequest to a terminal, with real terminals on two instances of
// one database.
describe('the terminal server state', () => {
  let database: TestDatabase;
  let a: HubInstance;
  let b: HubInstance;
  let tenantDe: number;
  let tenantAt: number;
  let keys: { de: { oid: number; key: string }[]; at: { oid: number; key: string }[] };
  const tokens: Record<string, string> = {};
  const open: TestTerminal[] = [];

  const state = async (user: string) => a.app.inject({ url: '/api/terminals/server', headers: { authorization: `Bearer ${tokens[user]}` } });

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    const tenants = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    tenantDe = Number(tenants.rows.find((t) => t.Id === 'MATE-DE')!.Oid);
    tenantAt = Number(tenants.rows.find((t) => t.Id === 'MATE-AT')!.Oid);
    const credentials = await database.db.query<{ terminal_oid: string; tenant_oid: string; terminal_key: string }>('select terminal_oid, tenant_oid, terminal_key from mate_terminal_credential order by terminal_key');
    const all = credentials.rows.map((row) => ({ oid: Number(row.terminal_oid), tenantOid: Number(row.tenant_oid), key: row.terminal_key }));
    keys = { de: all.filter((t) => t.tenantOid === tenantDe), at: all.filter((t) => t.tenantOid === tenantAt) };
    a = await startTerminalInstance(database);
    b = await startTerminalInstance(database);

    // dora and erik belong to both tenants; dora holds the server page in MATE-DE only, erik only the monitoring page.
    const operators = await createRole(database.db, 'Terminal server operators');
    await setPermission(database.db, { subject: { roleOid: operators }, path: TERMINAL_SERVER_PATH, tenantOid: null, action: 'Read', allowed: true });
    const watchers = await createRole(database.db, 'Terminal watchers');
    await setPermission(database.db, { subject: { roleOid: watchers }, path: TERMINAL_MONITORING_PATH, tenantOid: null, action: 'Read', allowed: true });
    const dora = await addUser(database, 'dora', 'dora-password', [tenantDe, tenantAt]);
    const erik = await addUser(database, 'erik', 'erik-password', [tenantDe, tenantAt]);
    await setUserRoles(database.db, dora, [{ roleOid: operators, tenantOid: tenantDe }]);
    await setUserRoles(database.db, erik, [{ roleOid: watchers, tenantOid: tenantDe }, { roleOid: watchers, tenantOid: tenantAt }]);
    // fritz belongs to both tenants and monitors MATE-DE only.
    const fritz = await addUser(database, 'fritz', 'fritz-password', [tenantDe, tenantAt]);
    await setUserRoles(database.db, fritz, [{ roleOid: watchers, tenantOid: tenantDe }]);
    tokens.fritz = await signInToken(a.app, 'fritz', 'fritz-password');
    tokens.dora = await signInToken(a.app, 'dora', 'dora-password');
    tokens.erik = await signInToken(a.app, 'erik', 'erik-password');
  }, 180_000);
  afterAll(async () => {
    for (const terminal of open) terminal.socket.close();
    await a.close();
    await b.close();
    await database.drop();
  });

  it('counts live connections per instance and receipts, of the tenants where the caller holds the page only', async () => {
    const before = (await state('dora')).json() as TerminalServerState;
    expect(before).toMatchObject({ connected: 0, instances: [], receiptsToday: 0, receiptsLastHour: 0 });
    expect(before.terminals).toBe(keys.de.length);

    open.push(await connectTerminal(a.url, keys.de[0]!.key, DEMO_TERMINAL_SECRET));
    open.push(await connectTerminal(b.url, keys.de[1]!.key, DEMO_TERMINAL_SECRET));
    open.push(await connectTerminal(b.url, keys.de[2]!.key, DEMO_TERMINAL_SECRET));
    // A terminal of MATE-AT, where dora does not hold the page: it is not counted for her.
    open.push(await connectTerminal(b.url, keys.at[0]!.key, DEMO_TERMINAL_SECRET));
    open[0]!.send(sampleReceipt(randomUUID()));
    await open[0]!.next('receipt-ack');
    open[3]!.send(sampleReceipt(randomUUID()));
    await open[3]!.next('receipt-ack');

    const answer = await state('dora');
    expect(answer.statusCode).toBe(200);
    const seen = answer.json() as TerminalServerState;
    expect(seen.connected).toBe(3);
    expect(seen.instances.map((instance) => instance.connections).sort()).toEqual([1, 2]);
    expect(seen).toMatchObject({ receiptsToday: 1, receiptsLastHour: 1, terminals: keys.de.length });
  });

  it('refuses a caller without Read on the terminal server page in any tenant, and one not signed in', async () => {
    const refused = await state('erik');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: `Not permitted: Read on ${TERMINAL_SERVER_PATH}.` });
    expect((await a.app.inject({ url: '/api/terminals/server' })).statusCode).toBe(401);
  });

  it('pages a terminal log newest first with beforeId', async () => {
    const terminal = await connectTerminal(a.url, keys.de[3]!.key, DEMO_TERMINAL_SECRET);
    for (let number = 1; number <= 3; number++) {
      terminal.send(sampleReceipt(randomUUID(), number));
      await terminal.next('receipt-ack');
    }
    open.push(terminal);
    const page = async (query: string) =>
      (await a.app.inject({ url: `/api/terminals/${keys.de[3]!.oid}/log?${query}`, headers: { authorization: `Bearer ${tokens.erik}` } })).json() as { items: TerminalLogEntry[]; terminal: { documentsReceived: number } };
    const first = await page('take=2');
    expect(first.items.map((item) => item.detail?.number)).toEqual([3, 2]);
    expect(first.terminal.documentsReceived).toBe(3);
    const second = await page(`take=2&beforeId=${first.items[1]!.id}`);
    expect(second.items.map((item) => item.event)).toEqual(['receipt', 'connected']);
    expect(second.items[0]!.detail?.number).toBe(1);
  });

  it('pings a terminal over its socket for a user who monitors its tenant, and says when it cannot', async () => {
    const here = await connectTerminal(a.url, keys.de[4]!.key, DEMO_TERMINAL_SECRET);
    const there = await connectTerminal(b.url, keys.de[5]!.key, DEMO_TERMINAL_SECRET);
    const atHere = await connectTerminal(a.url, keys.at[1]!.key, DEMO_TERMINAL_SECRET);
    const atThere = await connectTerminal(b.url, keys.at[2]!.key, DEMO_TERMINAL_SECRET);
    open.push(here, there, atHere, atThere);
    const client = hubClient(a, () => tokens.fritz!);
    await client.start();
    try {
      type Notified = { note: string; terminalOid: number; outcome: string; roundTripMs: number | null };
      const notified = (note: string) => nextMessage<Notified>(client, 'NotifyResponse', (message) => message.note === note);

      // The terminal answers the server's ping with a pong: the answer carries the server's round trip to it.
      const answered = notified('p1');
      // The invocation completes once the terminal answered (or not), so it is awaited after the pong.
      const invoked = client.invoke('PingRequest', 'p1', keys.de[4]!.oid);
      const ping = await here.next('ping');
      here.send({ type: 'pong', id: ping.id });
      await invoked;
      expect(await answered).toMatchObject({ terminalOid: keys.de[4]!.oid, outcome: 'answered', roundTripMs: expect.any(Number) });
      // A pong nobody waits for is refused, the socket stays.
      here.send({ type: 'pong', id: ping.id });
      expect((await here.next('error')).message).toContain('A pong must carry the id of a ping');

      // Held by the other instance: the ping is relayed to it, the terminal there answers, and the caller on A hears
      // it with the round trip as for a terminal held here.
      const relayed = notified('p2');
      const relayedInvocation = client.invoke('PingRequest', 'p2', keys.de[5]!.oid);
      const relayedPing = await there.next('ping');
      there.send({ type: 'pong', id: relayedPing.id });
      await relayedInvocation;
      expect(await relayed).toMatchObject({ terminalOid: keys.de[5]!.oid, outcome: 'answered', roundTripMs: expect.any(Number), instanceId: a.app.terminals!.instanceId });
      // Not connected at all.
      const away = notified('p3');
      await client.invoke('PingRequest', 'p3', keys.de[6]!.oid);
      expect(await away).toMatchObject({ outcome: 'disconnected' });

      // The permission matrix: fritz monitors MATE-DE only; dora belongs to both but monitors neither.
      await expect(client.invoke('PingRequest', 'p4', keys.at[1]!.oid)).rejects.toThrow(`Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
      // Also when the terminal of the tenant fritz does not monitor is held by the other instance: nothing is relayed.
      await expect(client.invoke('PingRequest', 'p4b', keys.at[2]!.oid)).rejects.toThrow(`Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
      const doraClient = hubClient(a, () => tokens.dora!);
      await doraClient.start();
      await expect(doraClient.invoke('PingRequest', 'p5', keys.de[4]!.oid)).rejects.toThrow(`Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
      await doraClient.stop();
      await expect(client.invoke('PingRequest', 'p6', 999_999_999)).rejects.toThrow('POS terminal 999999999 does not exist.');
      await expect(client.invoke('PingRequest', 'p7', 'one')).rejects.toThrow('Argument 2 (terminalOid) must be a positive whole number.');
      await expect(client.invoke('PingRequest', 'p8', 1, 2)).rejects.toThrow('takes at most 2 argument(s)');
    } finally {
      await client.stop();
    }
  });

  it('ends a relayed ping as timeout when the terminal on the holder does not answer or the holder is gone', async () => {
    // Instances with a short ping timeout (the product waits 5 s), so the test does not wait for it.
    const asker = await startTerminalInstance(database, { pingTimeoutMs: 300 });
    const holder = await startTerminalInstance(database, { pingTimeoutMs: 300 });
    const client = hubClient(asker, () => tokens.fritz!);
    try {
      await client.start();
      type Notified = { note: string; terminalOid: number; outcome: string; roundTripMs: number | null };
      const notified = (note: string) => nextMessage<Notified>(client, 'NotifyResponse', (message) => message.note === note);

      // The terminal on the holder is asked but keeps silent.
      const silent = await connectTerminal(holder.url, keys.de[7]!.key, DEMO_TERMINAL_SECRET);
      open.push(silent);
      const unanswered = notified('t1');
      const invoked = client.invoke('PingRequest', 't1', keys.de[7]!.oid);
      expect(await silent.next('ping')).toMatchObject({ type: 'ping', id: expect.any(String) });
      await invoked;
      expect(await unanswered).toMatchObject({ terminalOid: keys.de[7]!.oid, outcome: 'timeout', roundTripMs: null });

      // The holder dies with the terminal's row still connected: the relayed ping reaches nobody and ends as timeout.
      const orphan = await connectTerminal(holder.url, keys.de[8]!.key, DEMO_TERMINAL_SECRET);
      open.push(orphan);
      await holder.app.terminals!.kill();
      const lost = notified('t2');
      await client.invoke('PingRequest', 't2', keys.de[8]!.oid);
      expect(await lost).toMatchObject({ terminalOid: keys.de[8]!.oid, outcome: 'timeout', roundTripMs: null });
    } finally {
      await client.stop();
      await asker.close();
      await holder.close();
    }
  });
});
