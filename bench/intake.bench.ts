// Document intake as terminals hand documents in: the real terminal endpoint (HTTP `POST /api/terminals/receipts`
// with Basic credentials of a seeded terminal, and the WebSocket with its acknowledgements) on the demo data, against
// a hand-written Fastify + pg endpoint on the same database that checks the same credential hash and stores the same
// body once per id. PostgreSQL with DATABASE_URL, else PGlite. Prints documents per second, p50 and p95; asserts
// nothing (targets: bench/README.md).
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { createApp } from '../server/app';
import { buildInfoFor } from '../server/build-info';
import { loadConfig } from '../server/config';
import { DataEventBus } from '../server/data/data-event-bus';
import type { Database } from '../server/db/database';
import { builtInCatalogue, createIdentityTestDatabase } from '../server/identity/identity-test-app';
import { DEMO_TERMINAL_SECRET } from '../server/seed/demo/demo-terminals';
import { seedDemoData } from '../server/seed/demo/seed-demo-data';
import { parseTerminalAuthorization, terminalSecretHash } from '../server/terminals/terminal-credentials';
import { connectTerminal, sampleReceipt, terminalAuthorization } from '../server/terminals/terminal-test-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_INTAKE_CONNECTIONS ?? 10);
/** Documents each socket hands in, one after the other, each waiting for its acknowledgement as a terminal does. */
const SOCKET_DOCUMENTS = Number(process.env.BENCH_INTAKE_SOCKET_DOCUMENTS ?? 300);
const require = createRequire(import.meta.url);
type AutocannonOptions = Record<string, unknown>;
interface AutocannonResult { requests: { average: number; total: number }; latency: { p50: number }; non2xx: number }
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;
const hdr = require('hdr-histogram-js') as { build(o: object): { getValueAtPercentile(p: number): number; destroy(): void } };

/** A receipt like a till's: a few article lines, one payment, a new id each time. */
function receipt(number: number): string {
  return JSON.stringify({ ...sampleReceipt(randomUUID(), number), createdAt: new Date().toISOString() });
}

async function measure(url: string, authorization: string) {
  const latencies = hdr.build({ useWebAssembly: false, autoResize: true, lowestDiscernibleValue: 1, highestTrackableValue: 10000, numberOfSignificantValueDigits: 5 });
  latencies.destroy = () => undefined;
  let number = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    histograms: { latencies },
    requests: [
      {
        method: 'POST',
        setupRequest: (request: Record<string, unknown>) => ({ ...request, headers: { 'content-type': 'application/json', authorization }, body: receipt(++number) }),
      },
    ],
  } as AutocannonOptions);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p95: latencies.getValueAtPercentile(95) };
}

/**
 * The hand-written peer: Basic credentials checked against the same stored SHA-256 (one prepared query), the body
 * parsed and stored once per (tenant, id) in a table of its own. No schema check, no sums, no log line, no lines and
 * payments: the floor a generic intake is measured against.
 */
async function handWritten(db: Database): Promise<FastifyInstance> {
  await db.query('create table if not exists bench_peer_document (oid bigserial primary key, tenant_oid bigint not null, document_id text not null, total numeric(18, 4) not null, body jsonb not null, unique (tenant_oid, document_id))');
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  const prepared = { prepare: true };
  app.post('/peer/receipts', async (request, reply) => {
    const credentials = parseTerminalAuthorization(request.headers.authorization);
    const found = await db.query<{ tenant_oid: string; secret_hash: string }>('select tenant_oid, secret_hash from mate_terminal_credential where terminal_key = $1', [credentials.key], prepared);
    const terminal = found.rows[0];
    if (!terminal || terminal.secret_hash !== terminalSecretHash(credentials.secret)) return reply.status(401).send({ status: 401 });
    const body = request.body as { id: string; total: number };
    const stored = await db.query('insert into bench_peer_document (tenant_oid, document_id, total, body) values ($1, $2, $3, $4) on conflict do nothing', [terminal.tenant_oid, body.id, body.total, JSON.stringify(body)], prepared);
    return reply.status(stored.rowCount > 0 ? 201 : 200).send({ id: body.id, stored: stored.rowCount > 0 });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** CONNECTIONS terminals on their sockets, each handing in SOCKET_DOCUMENTS receipts and awaiting each ack. */
async function overSockets(baseUrl: string, keys: string[]): Promise<{ perSecond: number; p50: number; p95: number }> {
  const terminals = await Promise.all(keys.map((key) => connectTerminal(baseUrl, key, DEMO_TERMINAL_SECRET)));
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    terminals.map(async (terminal) => {
      for (let n = 0; n < SOCKET_DOCUMENTS; n++) {
        const sent = performance.now();
        terminal.send(receipt(n + 1));
        const ack = await terminal.next('receipt-ack');
        if (ack.stored !== true) throw new Error(`a socket receipt was not stored: ${JSON.stringify(ack)}`);
        times.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(terminals.map((terminal) => (terminal.socket.close(), terminal.closed)));
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { perSecond: Math.round(times.length / seconds), p50: round1(at(50)), p95: round1(at(95)) };
}

export async function run(): Promise<Record<string, number>> {
  const database = await createIdentityTestDatabase();
  const catalogue = await builtInCatalogue();
  await seedDemoData(database.db, catalogue, { articles: 200 });
  const bus = new DataEventBus(database.db);
  await bus.start();
  const app = await createApp({
    config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
    db: database.db,
    buildInfo: buildInfoFor(new Date()),
    installationId: 'bench-intake',
    navigation: [],
    data: { catalogue, events: bus },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const mateUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const peer = await handWritten(database.db);
  const peerUrl = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
  try {
    const keys = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential order by terminal_key limit $1', [CONNECTIONS])).rows.map((row) => row.terminal_key);
    const authorization = terminalAuthorization(keys[0]!, DEMO_TERMINAL_SECRET);
    // A short warm-up of both, so neither pays for JIT and first plans in its figures.
    await measure(`${mateUrl}/api/terminals/receipts`, authorization);
    await measure(`${peerUrl}/peer/receipts`, authorization);
    const mate = await measure(`${mateUrl}/api/terminals/receipts`, authorization);
    const raw = await measure(`${peerUrl}/peer/receipts`, authorization);
    const sockets = await overSockets(mateUrl, keys);
    return {
      database: database.url ? 1 : 0,
      'http.mate.documents_per_s': mate.rps,
      'http.mate.p50_ms': mate.p50,
      'http.mate.p95_ms': mate.p95,
      'http.peer.documents_per_s': raw.rps,
      'http.peer.p50_ms': raw.p50,
      'http.peer.p95_ms': raw.p95,
      'http.ratio': Math.round((mate.rps / raw.rps) * 100) / 100,
      'socket.mate.documents_per_s': sockets.perSecond,
      'socket.mate.ack_p50_ms': sockets.p50,
      'socket.mate.ack_p95_ms': sockets.p95,
    };
  } finally {
    await peer.close();
    await app.close();
    await bus.close();
    await database.drop();
  }
}
