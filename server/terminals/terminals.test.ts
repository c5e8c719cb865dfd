import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { quoteIdent as q } from '../data/sql-names';
import { hubClient, nextMessage, type HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { TERMINAL_MONITORING_PATH, type TerminalConnectionChangedMessage } from './terminal-monitoring';
import type { TerminalConnectionState } from './terminal-state';
import { connectTerminal, refusalOf, sampleReceipt, startTerminalInstance, terminalAuthorization } from './terminal-test-app';

// Terminals are real clients: the ws client as a terminal, the stock @microsoft/signalr client as the monitoring
// page, two listening instances on one database (the second drops silent terminals quickly).
interface DemoTerminal {
  oid: number;
  tenantOid: number;
  key: string;
}

describe('the terminal endpoint', () => {
  let database: TestDatabase;
  let a: HubInstance;
  let b: HubInstance;
  let posTable: string;
  let tenantDe: number;
  let tenantAt: number;
  let de: DemoTerminal[];
  let at: DemoTerminal[];
  let alice: string; // monitors and manages terminals of MATE-DE
  let bruno: string; // monitors MATE-AT
  let carl: string; // in MATE-DE without the monitoring page
  const clients: HubConnection[] = [];

  const get = (instance: HubInstance, token: string, url: string) => instance.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const stateOf = async (terminalOid: number): Promise<TerminalConnectionState> => {
    const answer = await get(a, alice, `/api/terminals/connections?tenantOid=${tenantDe}`);
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { items: TerminalConnectionState[] }).items.find((item) => item.terminalOid === terminalOid)!;
  };
  const monitor = async (instance: HubInstance, token: string, tenantOid?: number) => {
    const client = hubClient(instance, () => token);
    clients.push(client);
    await client.start();
    const result = await client.invoke<{ terminals: TerminalConnectionState[] }>('SubscribeTerminalMonitoring', ...(tenantOid === undefined ? [] : [tenantOid]));
    return { client, result };
  };
  const changeOf = (client: HubConnection, terminalOid: number, connected: boolean) =>
    nextMessage<TerminalConnectionChangedMessage>(client, 'TerminalConnectionChanged', (m) => m.terminalOid === terminalOid && m.connected === connected);

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    posTable = catalogue.find('tenancy', 'pos-terminal')!.table;
    const tenants = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    tenantDe = Number(tenants.rows.find((t) => t.Id === 'MATE-DE')!.Oid);
    tenantAt = Number(tenants.rows.find((t) => t.Id === 'MATE-AT')!.Oid);
    const credentials = await database.db.query<{ terminal_oid: string; tenant_oid: string; terminal_key: string }>('select terminal_oid, tenant_oid, terminal_key from mate_terminal_credential order by terminal_key');
    const all = credentials.rows.map((row) => ({ oid: Number(row.terminal_oid), tenantOid: Number(row.tenant_oid), key: row.terminal_key }));
    de = all.filter((t) => t.tenantOid === tenantDe);
    at = all.filter((t) => t.tenantOid === tenantAt);

    a = await startTerminalInstance(database);
    b = await startTerminalInstance(database, { silenceMs: 400 });
    const supervisor = await createRole(database.db, 'Terminal supervisors');
    await setPermission(database.db, { subject: { roleOid: supervisor }, path: TERMINAL_MONITORING_PATH, tenantOid: null, action: 'Read', allowed: true });
    await setPermission(database.db, { subject: { roleOid: supervisor }, path: '/data/tenancy/pos-terminal', tenantOid: null, action: 'Update', allowed: true });
    const aliceOid = await addUser(database, 'alice', 'alice-password', [tenantDe]);
    const brunoOid = await addUser(database, 'bruno', 'bruno-password', [tenantAt]);
    await addUser(database, 'carl', 'carl-password', [tenantDe]);
    await setUserRoles(database.db, aliceOid, [{ roleOid: supervisor, tenantOid: tenantDe }]);
    await setUserRoles(database.db, brunoOid, [{ roleOid: supervisor, tenantOid: tenantAt }]);
    alice = await signInToken(a.app, 'alice', 'alice-password');
    bruno = await signInToken(a.app, 'bruno', 'bruno-password');
    carl = await signInToken(a.app, 'carl', 'carl-password');
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) await client.stop();
    await a.close();
    await b.close();
    await database.drop();
  });

  it('seeds a credential for every demo POS terminal, spread over the tenants', async () => {
    expect(de.length).toBeGreaterThan(2);
    expect(at.length).toBeGreaterThan(1);
    const terminals = await database.db.query<{ n: number }>(`select count(*)::int as n from ${q(posTable)}`);
    const credentials = await database.db.query<{ n: number; hashes: number }>('select count(*)::int as n, count(distinct secret_hash)::int as hashes from mate_terminal_credential');
    expect(credentials.rows[0]!.n).toBe(terminals.rows[0]!.n);
    // Only a hash is stored, never the secret.
    const stored = await database.db.query<{ secret_hash: string }>('select secret_hash from mate_terminal_credential limit 1');
    expect(stored.rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.secret_hash).not.toContain(DEMO_TERMINAL_SECRET);

    // A demo database seeded before terminals had credentials gets the same ones at the next start.
    const before = await database.db.query('select terminal_oid, terminal_key from mate_terminal_credential order by terminal_key');
    await database.db.query('delete from mate_terminal_credential');
    expect(await seedDemoData(database.db, await builtInCatalogue(), { articles: 0 })).toEqual({ seeded: false, terminalCredentials: before.rowCount });
    expect((await database.db.query('select terminal_oid, terminal_key from mate_terminal_credential order by terminal_key')).rows).toEqual(before.rows);
    expect(await seedDemoData(database.db, await builtInCatalogue(), { articles: 0 })).toEqual({ seeded: false });
  });

  it('lets a terminal in with its secret only: wrong secret 401, unknown terminal 401, disabled terminal 403', async () => {
    const terminal = await connectTerminal(a.url, de[0]!.key, DEMO_TERMINAL_SECRET);
    terminal.socket.close();
    await terminal.closed;

    const wrong = await refusalOf(connectTerminal(a.url, de[0]!.key, 'not-the-secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    expect(JSON.parse(wrong.body)).toMatchObject({ status: 401, message: 'Unknown terminal or wrong secret.' });
    expect((await refusalOf(connectTerminal(a.url, 'demo-pos-999', DEMO_TERMINAL_SECRET))).status).toBe(401);
    const anonymous = await a.app.inject({ url: '/api/terminals/socket', headers: { upgrade: 'websocket' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toContain('Basic');

    const disabled = de[de.length - 1]!;
    await database.db.query(`update ${q(posTable)} set "Disabled" = true where "Oid" = $1`, [disabled.oid]);
    const refused = await refusalOf(connectTerminal(a.url, disabled.key, DEMO_TERMINAL_SECRET));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toBe(`The terminal '${disabled.key}' is disabled.`);
    // A disabled terminal that guesses wrong learns nothing about being disabled.
    expect((await refusalOf(connectTerminal(a.url, disabled.key, 'guess'))).status).toBe(401);
    await database.db.query(`update ${q(posTable)} set "Disabled" = false where "Oid" = $1`, [disabled.oid]);

    // Disabled while connected: the next heartbeat ends the connection, and the state says so.
    const connected = await connectTerminal(a.url, disabled.key, DEMO_TERMINAL_SECRET);
    await database.db.query(`update ${q(posTable)} set "Disabled" = true where "Oid" = $1`, [disabled.oid]);
    connected.send({ type: 'heartbeat' });
    expect(await connected.closed).toBe(4003);
    await expect.poll(async () => (await stateOf(disabled.oid)).connected).toBe(false);
    await database.db.query(`update ${q(posTable)} set "Disabled" = false where "Oid" = $1`, [disabled.oid]);
  });

  it('records the connection, its address and version, and heartbeats in the state and the log', async () => {
    const terminal = await connectTerminal(a.url, de[1]!.key, DEMO_TERMINAL_SECRET, '6.25.0');
    expect(terminal.welcome).toMatchObject({ terminalOid: de[1]!.oid, tenantOid: tenantDe, terminalKey: de[1]!.key, currency: 'EUR', heartbeatSeconds: 30 });
    const connected = await stateOf(de[1]!.oid);
    expect(connected).toMatchObject({ connected: true, address: '127.0.0.1', version: '6.25.0' });
    terminal.send({ type: 'heartbeat', version: '6.26.0' });
    expect((await terminal.next('heartbeat-ack')).at).toEqual(expect.any(String));
    const beaten = await stateOf(de[1]!.oid);
    expect(beaten.version).toBe('6.26.0');
    expect(Date.parse(beaten.lastHeartbeatAt!)).toBeGreaterThanOrEqual(Date.parse(connected.lastHeartbeatAt!));
    terminal.send({ type: 'heartbeat', version: 42 });
    expect(await terminal.next('error')).toMatchObject({ status: 400, errors: { version: [expect.any(String)] } });
    terminal.send('not json');
    expect(await terminal.next('error')).toMatchObject({ status: 400, message: 'The message is not valid JSON.' });
    terminal.send({ type: 'launch-missiles' });
    expect((await terminal.next('error')).message).toContain("Unknown message type 'launch-missiles'");
    terminal.socket.close();
    await terminal.closed;
    await expect.poll(async () => (await stateOf(de[1]!.oid)).connected).toBe(false);
    const log = await get(a, alice, `/api/terminals/${de[1]!.oid}/log?take=5`);
    expect(log.statusCode).toBe(200);
    expect((log.json() as { items: { event: string }[] }).items.map((item) => item.event).slice(0, 2)).toEqual(['disconnected', 'connected']);
  });

  it('tells subscribed hub clients of connects and disconnects of their tenants only, on every instance', async () => {
    const aliceWatch = await monitor(a, alice);
    expect(aliceWatch.result.terminals.map((t) => t.terminalOid).sort()).toEqual(de.map((t) => t.oid).sort());
    const brunoWatch = await monitor(b, bruno);
    expect(brunoWatch.result.terminals.every((t) => t.tenantOid === tenantAt)).toBe(true);
    const brunoSaw: TerminalConnectionChangedMessage[] = [];
    brunoWatch.client.on('TerminalConnectionChanged', (m: TerminalConnectionChangedMessage) => brunoSaw.push(m));

    // The terminal connects on B; Alice's hub connection is on A.
    const up = changeOf(aliceWatch.client, de[2]!.oid, true);
    const terminal = await connectTerminal(b.url, de[2]!.key, DEMO_TERMINAL_SECRET);
    expect(await up).toMatchObject({ terminalOid: de[2]!.oid, tenantOid: tenantDe, connected: true });
    const down = changeOf(aliceWatch.client, de[2]!.oid, false);
    terminal.socket.close();
    expect(await down).toMatchObject({ terminalOid: de[2]!.oid, connected: false });

    // Both changes went out in the same turn as Alice's; a round trip on Bruno's connection proves none came.
    const pong = nextMessage(brunoWatch.client, 'NotifyResponse');
    await brunoWatch.client.invoke('PingRequest');
    await pong;
    expect(brunoSaw).toEqual([]);
  });

  it('refuses SubscribeTerminalMonitoring without the page permission, for another tenant and with bad arguments', async () => {
    const client = hubClient(a, () => carl);
    clients.push(client);
    await client.start();
    await expect(client.invoke('SubscribeTerminalMonitoring')).rejects.toThrow(`Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
    const aliceClient = hubClient(a, () => alice);
    clients.push(aliceClient);
    await aliceClient.start();
    await expect(aliceClient.invoke('SubscribeTerminalMonitoring', tenantAt)).rejects.toThrow(`You do not belong to tenant ${tenantAt}.`);
    await expect(aliceClient.invoke('SubscribeTerminalMonitoring', 'all')).rejects.toThrow('Argument 1 (tenantOid) must be a positive whole number.');
    await expect(aliceClient.invoke('SubscribeTerminalMonitoring', 1, 2)).rejects.toThrow('takes at most 1 argument(s)');
    expect((await get(a, carl, '/api/terminals/connections')).statusCode).toBe(403);
    expect((await get(a, alice, `/api/terminals/connections?tenantOid=${tenantAt}`)).statusCode).toBe(403);
    expect((await get(a, alice, `/api/terminals/${at[0]!.oid}/log`)).statusCode).toBe(404);
  });

  it('marks a dropped socket and a silent terminal disconnected', async () => {
    const { client } = await monitor(a, alice, tenantDe);
    // Dropped: the terminal's end goes away without a close handshake.
    const dropped = changeOf(client, de[3]!.oid, false);
    const terminal = await connectTerminal(a.url, de[3]!.key, DEMO_TERMINAL_SECRET);
    terminal.socket.terminate();
    expect((await dropped).connected).toBe(false);
    expect((await stateOf(de[3]!.oid)).connected).toBe(false);

    // Silent: B drops a terminal that sends no heartbeat for its 400 ms.
    const silenced = changeOf(client, de[0]!.oid, false);
    const silent = await connectTerminal(b.url, de[0]!.key, DEMO_TERMINAL_SECRET);
    expect(await silent.closed).toBe(4000);
    await silenced;
    const log = (await get(a, alice, `/api/terminals/${de[0]!.oid}/log?take=1`)).json() as { items: { event: string; detail: { reason: string } }[] };
    expect(log.items[0]).toMatchObject({ event: 'disconnected', detail: { reason: 'no heartbeat for 0.4 s' } });
  });

  it('lets a newer connection of a terminal replace the older one', async () => {
    const first = await connectTerminal(a.url, at[0]!.key, DEMO_TERMINAL_SECRET);
    const second = await connectTerminal(a.url, at[0]!.key, DEMO_TERMINAL_SECRET);
    expect(await first.closed).toBe(4001);
    second.send({ type: 'heartbeat' });
    await second.next('heartbeat-ack');
    const states = (await get(a, bruno, '/api/terminals/connections')).json() as { items: TerminalConnectionState[] };
    expect(states.items.find((t) => t.terminalOid === at[0]!.oid)?.connected).toBe(true);
    second.socket.close();
    await second.closed;
  });

  it('closes a socket that sends a frame over the message limit, and marks it disconnected', async () => {
    const terminal = await connectTerminal(a.url, at[1]!.key, DEMO_TERMINAL_SECRET);
    terminal.send(JSON.stringify({ type: 'heartbeat', padding: 'x'.repeat(70 * 1024) }));
    expect(await terminal.closed).toBe(1009);
    const states = async () => ((await get(a, bruno, '/api/terminals/connections')).json() as { items: TerminalConnectionState[] }).items;
    await expect.poll(async () => (await states()).find((t) => t.terminalOid === at[1]!.oid)?.connected).toBe(false);
  });

  it('stores a handed-in receipt once, by its id, over the socket and over HTTP', async () => {
    const id = randomUUID();
    const terminal = await connectTerminal(a.url, de[1]!.key, DEMO_TERMINAL_SECRET);
    terminal.send(sampleReceipt(id));
    expect(await terminal.next('receipt-ack')).toEqual({ type: 'receipt-ack', id, stored: true });
    terminal.send(sampleReceipt(id));
    expect(await terminal.next('receipt-ack')).toEqual({ type: 'receipt-ack', id, stored: false });

    const badId = randomUUID();
    terminal.send({ ...sampleReceipt(badId), total: 1, lines: [{ text: 'x', quantity: 1, unitPrice: 1, amount: 1, taxRate: 7, price: 3 }] });
    const refused = await terminal.next('error');
    expect(refused).toMatchObject({ status: 400, id: badId, errors: { 'lines.0.price': ['is not a member of a receipt'] } });
    terminal.send({ ...sampleReceipt(randomUUID()), total: 99 });
    expect(await terminal.next('error')).toMatchObject({ status: 400, errors: { total: ['must be the sum of the line amounts'] } });
    terminal.socket.close();
    await terminal.closed;
    // The terminal's log tells what was refused and why, for whoever looks after it.
    const log = (await get(a, alice, `/api/terminals/${de[1]!.oid}/log?take=10`)).json() as { items: { event: string; detail: { id?: string; message?: string } }[] };
    expect(log.items.find((item) => item.event === 'refused' && item.detail.id === badId)?.detail.message).toContain('lines.0.price');
    expect(log.items.filter((item) => item.event === 'receipt' && item.detail.id === id)).toHaveLength(1);

    const post = (body: unknown, authorization = terminalAuthorization(de[1]!.key, DEMO_TERMINAL_SECRET)) =>
      a.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await post(sampleReceipt(id))).json()).toEqual({ id, stored: false });
    expect((await post(sampleReceipt(id))).statusCode).toBe(200);
    const another = randomUUID();
    expect((await post(sampleReceipt(another, 2))).statusCode).toBe(201);
    expect((await post(sampleReceipt(randomUUID()), terminalAuthorization(de[1]!.key, 'wrong'))).statusCode).toBe(401);
    const invalid = await post({ ...sampleReceipt(randomUUID()), currency: 'euro' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ currency: [expect.stringContaining('pattern')] });

    const rows = await database.db.query<{ document_id: string; terminal_oid: string; total: string }>('select document_id, terminal_oid, total::text as total from mate_terminal_document where document_id = any($1::text[]) order by receipt_number', [[id, another]]);
    expect(rows.rows.map((row) => [row.document_id, Number(row.terminal_oid), Number(row.total)])).toEqual([
      [id, de[1]!.oid, 17.37],
      [another, de[1]!.oid, 17.37],
    ]);
  });

  it('issues a terminal a new secret, shown once, to a user who may update its record', async () => {
    const terminal = de[4] ?? de[0]!;
    const old = await connectTerminal(a.url, terminal.key, DEMO_TERMINAL_SECRET);
    expect((await a.app.inject({ method: 'POST', url: `/api/terminals/${terminal.oid}/credential`, headers: { authorization: `Bearer ${bruno}` } })).statusCode).toBe(404);
    expect((await a.app.inject({ method: 'POST', url: `/api/terminals/${terminal.oid}/credential`, headers: { authorization: `Bearer ${carl}` } })).statusCode).toBe(403);
    const issued = await a.app.inject({ method: 'POST', url: `/api/terminals/${terminal.oid}/credential`, headers: { authorization: `Bearer ${alice}` } });
    expect(issued.statusCode).toBe(201);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { terminalKey, secret } = issued.json() as { terminalKey: string; secret: string };
    expect(terminalKey).toBe(`pos-${terminal.oid}`);
    expect(secret).toMatch(/^mate_t_[A-Za-z0-9_-]{43}$/);
    // The connection made with the old secret ends at its next heartbeat.
    old.send({ type: 'heartbeat' });
    expect(await old.closed).toBe(4401);
    const connected = await connectTerminal(a.url, terminalKey, secret);
    connected.socket.close();
    await connected.closed;
    // The old demo credential was replaced.
    expect((await refusalOf(connectTerminal(a.url, terminal.key, DEMO_TERMINAL_SECRET))).status).toBe(401);
  });
});
