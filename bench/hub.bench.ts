// The real-time hub as users meet it: 200 stock @microsoft/signalr clients (Node, WebSockets), signed in as users who
// may read the kind, and a writer going through the real data routes with scope headers. Beside it, in the same run
// and fed by the same NOTIFY, a hand-written `ws` relay (bench/hub-bench-server.ts), so the figures say what the hub
// costs on top of the bare minimum; and bare `ws` clients speaking the hub's protocol, which separate the hub's
// server-side cost from the stock client's (all clients share this process). Prints figures; asserts nothing
// (targets: bench/README.md).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import WebSocket from 'ws';
import { encodeScopeValue } from '../server/identity/scope-headers';
import { BENCH_TENANT, type HubBenchMemory, type HubBenchReady } from './hub-bench-messages';

const CLIENTS = Number(process.env.BENCH_HUB_CLIENTS ?? 200);
const ROUNDS = Number(process.env.BENCH_HUB_ROUNDS ?? 100);
const BURST = Number(process.env.BENCH_HUB_BURST ?? 300);
const BURST_CONCURRENCY = 8;
const FANOUT = Number(process.env.BENCH_HUB_FANOUT ?? 1000);
const IDLE = Number(process.env.BENCH_HUB_IDLE ?? 1000);
/** BENCH_HUB_PROFILE=1 writes a CPU profile of the server process to bench/results/ (open it in Chrome's DevTools). */
const PROFILE = process.env.BENCH_HUB_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=bench/results'] : [];
/** Not a target: a delivery that never comes would otherwise hang the bench. */
const GIVE_UP_MS = 30_000;
const KIND = '/api/data/pos-supply/quantity-unit';

type EventHandler = (type: string, oid: number) => void;

/** N connected clients of one server, whatever they speak, reporting each data event they receive. */
interface Fleet {
  onEvent(handler: EventHandler): void;
  close(): Promise<void>;
}

/** Opens `count` connections `batch` at a time (a real crowd does not arrive in the same millisecond either). */
async function openAll<T>(count: number, open: (i: number) => Promise<T>, batch = 25): Promise<T[]> {
  const all: T[] = [];
  for (let i = 0; i < count; i += batch) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => open(i + j)))));
  }
  return all;
}

async function signalrFleet(ready: HubBenchReady, count: number): Promise<Fleet> {
  let handler: EventHandler = () => undefined;
  const clients = await openAll(count, async (i) => {
    const token = ready.readerTokens[i % ready.readerTokens.length]!;
    const client = new HubConnectionBuilder()
      .withUrl(`${ready.hubUrl}/api/hub/mate`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    for (const type of ['DataServiceCreate', 'DataServiceUpdate']) client.on(type, (message: { oid: number }) => handler(type, message.oid));
    await client.start();
    return client;
  });
  return {
    onEvent: (next) => (handler = next),
    close: async () => void (await Promise.all(clients.map((client) => client.stop()))),
  };
}

/**
 * The hub's own protocol spoken by bare `ws` clients (negotiate, handshake, records split on 0x1E): the same client
 * cost as the peer's, so hub_wire against raw_ws is what the hub costs on the server, and hub against hub_wire what
 * the stock client costs in the (shared) measuring process.
 */
async function hubWireFleet(ready: HubBenchReady, count: number): Promise<Fleet> {
  let handler: EventHandler = () => undefined;
  const sockets = await openAll(count, async (i) => {
    const token = ready.readerTokens[i % ready.readerTokens.length]!;
    const negotiated = await fetch(`${ready.hubUrl}/api/hub/mate/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const socket = new WebSocket(`${ready.hubUrl.replace('http', 'ws')}/api/hub/mate?id=${encodeURIComponent(connectionToken)}`, { headers: { authorization: `Bearer ${token}` } });
    const handshaken = new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        for (const text of data.toString().split('\x1e')) {
          if (!text) continue;
          const message = JSON.parse(text) as { type?: number; target?: string; arguments?: { oid: number }[] };
          if (message.type === undefined) resolve();
          else if (message.type === 1 && message.target && message.arguments?.[0]) handler(message.target, message.arguments[0].oid);
        }
      });
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send('{"protocol":"json","version":1}\x1e');
    await handshaken;
    // The hub drops a client silent for 30 s; the stock client pings every 15 s.
    const ping = setInterval(() => socket.send('{"type":6}\x1e'), 10_000);
    socket.once('close', () => clearInterval(ping));
    return socket;
  });
  return {
    onEvent: (next) => (handler = next),
    close: async () => {
      await Promise.all(sockets.map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.close()))));
    },
  };
}

async function peerFleet(ready: HubBenchReady, count: number): Promise<Fleet> {
  let handler: EventHandler = () => undefined;
  const sockets = await openAll(count, async () => {
    const socket = new WebSocket(ready.peerUrl);
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as { type: string; oid: number };
      handler(event.type, event.oid);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  });
  return {
    onEvent: (next) => (handler = next),
    close: async () => {
      await Promise.all(sockets.map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.close()))));
    },
  };
}

/** The writer: the real data routes, signed in, with the tenant's scope header. */
function writer(ready: HubBenchReady) {
  const headers = { authorization: `Bearer ${ready.writerToken}`, 'content-type': 'application/json', 'x-mate-tenant': encodeScopeValue(BENCH_TENANT) };
  return async (method: 'POST' | 'PUT', path: string, body: unknown, etag?: string): Promise<{ Oid: number; ETag: string }> => {
    const response = await fetch(`${ready.hubUrl}${path}`, { method, headers: etag ? { ...headers, 'if-match': etag } : headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { Oid: number; ETag: string };
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
/** Math.max(...list) overflows the stack at 200,000 deliveries. */
const latest = (list: number[]) => list.reduce((a, b) => (b > a ? b : a), -Infinity);

/** Waits until `expected` matching deliveries arrived; answers their times since `since`. */
function deliveries(fleet: Fleet, expected: number, matches: (type: string, oid: number) => boolean, since: () => number) {
  const times: number[] = [];
  return new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${times.length} of ${expected} deliveries arrived`)), GIVE_UP_MS);
    fleet.onEvent((type, oid) => {
      if (!matches(type, oid)) return;
      times.push(performance.now() - since());
      if (times.length === expected) {
        clearTimeout(timer);
        resolve(times);
      }
    });
  });
}

/**
 * Write-to-delivery latency: ROUNDS updates of one record, one after the other, each timed from just before its PUT
 * is sent to its arrival at each of the `count` clients (so it includes the write itself; see the `put` figures).
 */
async function latency(fleet: Fleet, count: number, write: ReturnType<typeof writer>, prefix: string, code: string, figures: Record<string, number>) {
  let record = await write('POST', KIND, { Code: `L${code}`, Name: 'Latency probe' });
  const all: number[] = [];
  const lastClient: number[] = [];
  const puts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = 0;
    const arrived = deliveries(fleet, count, (type, oid) => type === 'DataServiceUpdate' && oid === record.Oid, () => start);
    start = performance.now();
    record = await write('PUT', `${KIND}/${record.Oid}`, { Code: `L${code}`, Name: `Latency probe ${round}` }, record.ETag);
    puts.push(performance.now() - start);
    const times = await arrived;
    all.push(...times);
    lastClient.push(latest(times));
  }
  for (const list of [all, lastClient, puts]) list.sort((a, b) => a - b);
  figures[`${prefix}.delivery.p50_ms`] = round1(percentile(all, 50));
  figures[`${prefix}.delivery.p95_ms`] = round1(percentile(all, 95));
  figures[`${prefix}.delivery_all_clients.p50_ms`] = round1(percentile(lastClient, 50));
  figures[`${prefix}.delivery_all_clients.p95_ms`] = round1(percentile(lastClient, 95));
  figures[`${prefix}.put.p50_ms`] = round1(percentile(puts, 50));
  figures[`${prefix}.put.p95_ms`] = round1(percentile(puts, 95));
}

/** A burst of BURST creates (BURST_CONCURRENCY at a time): messages delivered per second over all clients. */
async function burst(fleet: Fleet, count: number, write: ReturnType<typeof writer>, prefix: string, code: string, figures: Record<string, number>) {
  const start = performance.now();
  const arrived = deliveries(fleet, BURST * count, (type) => type === 'DataServiceCreate', () => start);
  let next = 0;
  await Promise.all(
    Array.from({ length: BURST_CONCURRENCY }, async () => {
      while (next < BURST) {
        const n = next++;
        await write('POST', KIND, { Code: `B${code}${n}`, Name: `Burst ${n}` });
      }
    }),
  );
  const written = performance.now() - start;
  const times = await arrived;
  const seconds = latest(times) / 1000;
  figures[`${prefix}.burst.writes_per_s`] = Math.round(BURST / (written / 1000));
  figures[`${prefix}.burst.messages_per_s`] = Math.round((BURST * count) / seconds);
}

/**
 * What one instance can fan out: FANOUT events NOTIFYed in one statement (faster than any writer), timed from
 * the request to the last delivery at the last client. The burst above is bounded by the writes; this is not.
 */
async function capacity(server: ChildProcess, fleet: Fleet, count: number, prefix: string, figures: Record<string, number>) {
  const payloads = Array.from({ length: FANOUT }, (_, i) =>
    JSON.stringify({ type: 'DataServiceCreate', kind: 'pos-supply/quantity-unit', oid: 1_000_000 + i, etag: `"${1_000_000 + i}-1"`, tenantOid: BENCH_TENANT }),
  );
  const start = performance.now();
  const arrived = deliveries(fleet, FANOUT * count, (type, oid) => type === 'DataServiceCreate' && oid >= 1_000_000, () => start);
  server.send({ type: 'notify', payloads });
  const times = await arrived;
  figures[`${prefix}.fanout.messages_per_s`] = Math.round((FANOUT * count) / (latest(times) / 1000));
}

/** Asks the server process for its heap and RSS after a full GC. */
function memory(server: ChildProcess): Promise<HubBenchMemory> {
  return new Promise((resolve) => {
    const answer = (message: { type: string }) => {
      if (message.type !== 'memory') return;
      server.off('message', answer);
      resolve(message as HubBenchMemory);
    };
    server.on('message', answer);
    server.send({ type: 'memory' });
  });
}

/** Heap and RSS the server holds per idle connection: IDLE connections opened, measured after GC, closed. */
async function idleCost(server: ChildProcess, open: () => Promise<Fleet>, prefix: string, figures: Record<string, number>) {
  const before = await memory(server);
  const fleet = await open();
  const after = await memory(server);
  await fleet.close();
  figures[`${prefix}.idle.heap_per_connection_kib`] = round1((after.heapUsed - before.heapUsed) / IDLE / 1024);
  figures[`${prefix}.idle.rss_per_connection_kib`] = round1((after.rss - before.rss) / IDLE / 1024);
}

function startServer(): Promise<{ server: ChildProcess; ready: HubBenchReady }> {
  const server = fork(fileURLToPath(new URL('./hub-bench-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx', '--expose-gc', ...PROFILE] });
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
    server.once('message', (message: HubBenchReady) => resolve({ server, ready: message }));
  });
}

/** Runs the hub bench on PostgreSQL when DATABASE_URL is set, else on PGlite. */
export async function run(): Promise<Record<string, number>> {
  const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const figures: Record<string, number> = { clients: CLIENTS, rounds: ROUNDS, burst_writes: BURST, fanout_events: FANOUT, idle_connections: IDLE };
  const { server, ready } = await startServer();
  try {
    const write = writer(ready);
    // The code letter keeps each side's records apart (Code is unique, at most 8 characters).
    const sides: [string, string, (count: number) => Promise<Fleet>][] = [
      [`${engine}.hub`, 'H', (count) => signalrFleet(ready, count)],
      [`${engine}.hub_wire`, 'W', (count) => hubWireFleet(ready, count)],
      [`${engine}.raw_ws`, 'R', (count) => peerFleet(ready, count)],
    ];
    for (const [prefix, code, open] of sides) {
      const fleet = await open(CLIENTS);
      await latency(fleet, CLIENTS, write, prefix, code, figures);
      await burst(fleet, CLIENTS, write, prefix, code, figures);
      await capacity(server, fleet, CLIENTS, prefix, figures);
      await fleet.close();
      await idleCost(server, () => open(IDLE), prefix, figures);
    }
    const ratio = (side: string, name: string) => Math.round((figures[`${engine}.${side}.${name}`]! / figures[`${engine}.raw_ws.${name}`]!) * 100) / 100;
    for (const side of ['hub', 'hub_wire']) {
      figures[`${engine}.${side}_vs_raw.delivery_p95`] = ratio(side, 'delivery.p95_ms');
      figures[`${engine}.${side}_vs_raw.fanout_messages_per_s`] = ratio(side, 'fanout.messages_per_s');
      figures[`${engine}.${side}_vs_raw.heap_per_connection`] = ratio(side, 'idle.heap_per_connection_kib');
    }
  } finally {
    server.removeAllListeners('exit');
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.send({ type: 'stop' });
    await exited;
  }
  return figures;
}
