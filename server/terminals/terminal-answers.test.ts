import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import type { HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { RECEIPT_SCHEMA } from './receipt-schema';
import { TERMINAL_MONITORING_PATH } from './terminal-monitoring';
import { readTerminalServerState, TERMINAL_SERVER_PATH } from './terminal-server-state';
import { DEFAULT_TERMINAL_TIMINGS } from './terminal-session';
import { listTerminalStates, readTerminalLog, type TerminalTables } from './terminal-state';
import { connectTerminal, sampleReceipt, startTerminalInstance, terminalAuthorization, type TestTerminal } from './terminal-test-app';

// The terminal routes' answers, byte for byte: Fastify's serialiser writes only what a route's response schema names,
// in the schema's order, so each answer is compared with the JSON text of what its handler sends (read here through
// the same functions), and each refusal with its text. Fixed receipt ids keep the refusals' texts fixed.
const STORED = '0d5c1a9e-4f3b-4c11-9a53-2f1f6f0a0001';
const UNFIT = '0d5c1a9e-4f3b-4c11-9a53-2f1f6f0a0002';
const REFUSED = '0d5c1a9e-4f3b-4c11-9a53-2f1f6f0a0003';

describe('the terminal routes answer as their handlers write', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let tables: TerminalTables;
  let tenantDe: number;
  let terminal: { oid: number; key: string };
  let disabled: { oid: number; key: string };
  let alice: string;
  let connected: TestTerminal;
  const staleAfterMs = DEFAULT_TERMINAL_TIMINGS.staleAfterMs;

  const get = (url: string) => instance.app.inject({ url, headers: { authorization: `Bearer ${alice}` } });
  const post = (body: unknown, authorization = terminalAuthorization(terminal.key, DEMO_TERMINAL_SECRET)) =>
    instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 0 });
    tables = { pos: catalogue.find('tenancy', 'pos-terminal')!.table, location: catalogue.find('tenancy', 'location')!.table };
    const tenants = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    tenantDe = Number(tenants.rows.find((t) => t.Id === 'MATE-DE')!.Oid);
    const credentials = await database.db.query<{ terminal_oid: string; terminal_key: string }>('select terminal_oid, terminal_key from mate_terminal_credential where tenant_oid = $1 order by terminal_key', [tenantDe]);
    [terminal, disabled] = credentials.rows.map((row) => ({ oid: Number(row.terminal_oid), key: row.terminal_key })) as [typeof terminal, typeof disabled];
    await database.db.query(`update ${q(tables.pos)} set "Disabled" = true where "Oid" = $1`, [disabled.oid]);
    instance = await startTerminalInstance(database);
    const supervisor = await createRole(database.db, 'Terminal supervisors');
    for (const path of [TERMINAL_MONITORING_PATH, TERMINAL_SERVER_PATH]) await setPermission(database.db, { subject: { roleOid: supervisor }, path, tenantOid: null, action: 'Read', allowed: true });
    await setPermission(database.db, { subject: { roleOid: supervisor }, path: '/data/tenancy/pos-terminal', tenantOid: null, action: 'Update', allowed: true });
    const aliceOid = await addUser(database, 'alice', 'alice-password', [tenantDe]);
    await setUserRoles(database.db, aliceOid, [{ roleOid: supervisor, tenantOid: tenantDe }]);
    alice = await signInToken(instance.app, 'alice', 'alice-password');
    // A connected terminal with a heartbeat, a stored, an unprocessed and a refused receipt: every member has a value.
    connected = await connectTerminal(instance.url, terminal.key, DEMO_TERMINAL_SECRET, '6.25.0');
    connected.send({ type: 'heartbeat', version: '6.26.0' });
    await connected.next('heartbeat-ack');
  }, 180_000);
  afterAll(async () => {
    connected.socket.close();
    await connected.closed;
    await instance.close();
    await database.drop();
  });

  it('answers a receipt handed in over HTTP: stored, stored unprocessed, handed in before', async () => {
    const stored = await post(sampleReceipt(STORED));
    expect(stored.statusCode).toBe(201);
    expect(stored.body).toBe(`{"id":"${STORED}","stored":true}`);
    const unfit = await post({ ...sampleReceipt(UNFIT, 2), currency: 'USD' });
    expect(unfit.statusCode).toBe(201);
    expect(unfit.body).toBe(`{"id":"${UNFIT}","stored":true,"unprocessed":"The document is in USD, but its tenant books in EUR."}`);
    const again = await post(sampleReceipt(STORED));
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(`{"id":"${STORED}","stored":false}`);
  });

  it("refuses a receipt with errors that name each path, checked by the handler and not before it", async () => {
    const receipt = sampleReceipt(REFUSED, 3) as { lines: Record<string, unknown>[] };
    const invalid = await post({ ...receipt, currency: 'euro', lines: [{ ...receipt.lines[0], amount: 'many', price: 3 }, receipt.lines[1]], payments: undefined });
    const notAnObject = await post([1, 2]);
    const unsummed = await post({ ...sampleReceipt(REFUSED, 3), total: 99 });
    expect([invalid, notAnObject, unsummed].map((answer) => [answer.statusCode, answer.body])).toEqual([
      [400, String.raw`{"status":400,"message":"The receipt is not valid: payments must have required property 'payments'; currency must match pattern \"^[A-Z]{3}$\"; lines.0.price is not a member of a receipt.","errors":{"payments":["must have required property 'payments'"],"currency":["must match pattern \"^[A-Z]{3}$\""],"lines.0.price":["is not a member of a receipt"],"lines.0.amount":["must be number"]}}`],
      [400, '{"status":400,"message":"The receipt is not valid: receipt must be object.","errors":{"receipt":["must be object"]}}'],
      [400, '{"status":400,"message":"The receipt\'s total 99 is not the sum of its lines (17.37).","errors":{"total":["must be the sum of the line amounts"]}}'],
    ]);
  });

  it('refuses a terminal without its credential, or whose record is disabled', async () => {
    const anonymous = await instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(anonymous.headers['www-authenticate']).toBe('Basic realm="mate-terminals", charset="UTF-8"');
    const wrong = await post(sampleReceipt(REFUSED), terminalAuthorization(terminal.key, 'wrong'));
    const off = await post(sampleReceipt(REFUSED), terminalAuthorization(disabled.key, DEMO_TERMINAL_SECRET));
    const socket = (headers: Record<string, string>) => instance.app.inject({ url: '/api/terminals/socket', headers: { authorization: terminalAuthorization(terminal.key, DEMO_TERMINAL_SECRET), ...headers } });
    const notUpgraded = await socket({});
    const badVersion = await socket({ upgrade: 'websocket', 'x-terminal-version': 'a b' });
    expect([anonymous, wrong, off, notUpgraded, badVersion].map((answer) => [answer.statusCode, answer.body])).toEqual([
      [401, '{"status":401,"message":"Send the terminal key and secret as HTTP Basic credentials (Authorization: Basic base64(key:secret))."}'],
      [401, '{"status":401,"message":"Unknown terminal or wrong secret."}'],
      [403, `{"status":403,"message":"The terminal '${disabled.key}' is disabled."}`],
      [400, '{"status":400,"message":"The terminal endpoint speaks WebSockets only: open /api/terminals/socket with a WebSocket upgrade (docs/terminals.md)."}'],
      [400, String.raw`{"status":400,"message":"headers/x-terminal-version must match pattern \"^[\\x21-\\x7e]{1,32}$\"","errors":{"x-terminal-version":["must match pattern \"^[\\x21-\\x7e]{1,32}$\""]}}`],
    ]);
  });

  it('answers the connection states with every member of each', async () => {
    const all = await get('/api/terminals/connections');
    expect(all.statusCode).toBe(200);
    const states = await listTerminalStates(database.db, tables, [tenantDe], staleAfterMs);
    expect(states.find((state) => state.terminalOid === terminal.oid)).toMatchObject({ connected: true, version: '6.26.0', documentsReceived: 2, locationName: expect.any(String) });
    expect(all.body).toBe(JSON.stringify({ items: states }));
    expect((await get(`/api/terminals/connections?tenantOid=${tenantDe}`)).body).toBe(JSON.stringify({ items: states }));
    expect((await get('/api/terminals/connections?tenantOid=x')).body).toBe('{"status":400,"message":"querystring/tenantOid must be integer","errors":{"tenantOid":["must be integer"]}}');
  });

  it("answers a terminal's state and log, details as the log holds them", async () => {
    const answer = await get(`/api/terminals/${terminal.oid}/log?take=10`);
    expect(answer.statusCode).toBe(200);
    const [state] = await listTerminalStates(database.db, tables, [tenantDe], staleAfterMs, terminal.oid);
    const items = await readTerminalLog(database.db, terminal.oid, 10);
    expect(items.map((item) => item.event)).toEqual(['refused', 'refused', 'refused', 'receipt', 'receipt', 'connected']);
    expect(answer.body).toBe(JSON.stringify({ terminal: state, items }));
    const older = await get(`/api/terminals/${terminal.oid}/log?take=2&beforeId=${items[1]!.id}`);
    expect(older.body).toBe(JSON.stringify({ terminal: state, items: items.slice(2, 4) }));
    expect((await get(`/api/terminals/${terminal.oid}/log?take=0`)).body).toBe('{"status":400,"message":"querystring/take must be >= 1","errors":{"take":["must be >= 1"]}}');
  });

  it('answers the server state with its instances', async () => {
    const answer = await get('/api/terminals/server');
    expect(answer.statusCode).toBe(200);
    const state = await readTerminalServerState(database.db, tables.pos, [tenantDe], staleAfterMs);
    expect(state.instances).toHaveLength(1);
    expect(answer.body).toBe(JSON.stringify({ ...state, at: (answer.json() as { at: string }).at }));
  });

  it('documents the receipt body the handler checks, and the Basic scheme terminals use', async () => {
    const document = (await instance.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: unknown; requestBody?: { content: Record<string, { schema: unknown }> } }>>; components: { securitySchemes: Record<string, unknown> } };
    const { $id: _id, ...body } = RECEIPT_SCHEMA;
    const receipts = document.paths['/api/terminals/receipts']!.post!;
    expect(receipts.requestBody?.content['application/json']?.schema).toEqual(body);
    expect(receipts.security).toEqual([{ terminalBasic: [] }]);
    expect(document.components.securitySchemes.terminalBasic).toEqual({ type: 'http', scheme: 'basic', description: 'Terminal key and secret' });
  });

  it('answers a new credential with the key and the secret', async () => {
    const issued = await instance.app.inject({ method: 'POST', url: `/api/terminals/${disabled.oid}/credential`, headers: { authorization: `Bearer ${alice}` } });
    expect(issued.statusCode).toBe(201);
    const { secret } = issued.json() as { secret: string };
    expect(issued.body).toBe(`{"terminalOid":${disabled.oid},"terminalKey":"pos-${disabled.oid}","secret":"${secret}"}`);
    expect((await instance.app.inject({ method: 'POST', url: '/api/terminals/0/credential', headers: { authorization: `Bearer ${alice}` } })).body).toBe('{"status":400,"message":"params/id must be >= 1","errors":{"id":["must be >= 1"]}}');
  });
});
