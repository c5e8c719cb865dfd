// The data service as users call it: the real server (sign-in, the real context resolver with the tenant header, the
// demo data's 20,000 articles, a wide catalogue kind) over HTTP on loopback, against a hand-written Fastify + pg peer
// in the same server process that verifies the same JWT on the same table (and the same peer without a token check).
// Read by id, a list page of 50 in the kind's default sort, and an update with If-Match (beside the peer's update,
// also the peer's update with one NOTIFY in its statement, as the product's carries its event). PGlite, then
// PostgreSQL with DATABASE_URL. Each operation runs BENCH_REQUEST_PATH_ROUNDS times per side, alternating. Prints
// req/s, p50, p95, the ratio to the peer and the server's CPU per request (medians over the rounds); asserts nothing.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { encodeScopeValue, SCOPE_HEADERS } from '../server/identity/scope-headers';
import { BENCH_ADMIN_PASSWORD, type RequestPathReady } from './request-path-messages';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_REQUEST_PATH_CONNECTIONS ?? 10);
const require = createRequire(import.meta.url);
type AutocannonOptions = Record<string, unknown>;
interface AutocannonResult { requests: { average: number; total: number }; latency: { p50: number }; non2xx: number; errors: number }
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;
const hdr = require('hdr-histogram-js') as { build(o: object): { getValueAtPercentile(p: number): number; destroy(): void } };

type Cpu = NodeJS.CpuUsage;

/**
 * BENCH_REQUEST_PATH_PROFILE=1 writes a CPU profile of the server process per measurement (its load only, not the
 * start or the seed) to bench/results/request-path-<engine>-<side>.<op>.cpuprofile (open it in Chrome's DevTools).
 */
const PROFILE = process.env.BENCH_REQUEST_PATH_PROFILE !== undefined && process.env.BENCH_REQUEST_PATH_PROFILE !== '';
/** BENCH_REQUEST_PATH_ROUNDS: how many times each operation runs on each side, alternating (default 3). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_REQUEST_PATH_ROUNDS ?? 3));
/** BENCH_REQUEST_PATH_OPS=update (comma-separated: read, list50, update) measures only those. */
const OPS = (process.env.BENCH_REQUEST_PATH_OPS ?? 'read,list50,update').split(',');

/** The server process and a way to read its CPU time. */
async function startServer(databaseUrl: string | undefined) {
  const env = { ...process.env };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = fork(fileURLToPath(new URL('./request-path-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], env });
  const ready = await new Promise<RequestPathReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server ended with ${code}`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve(message as RequestPathReady);
    });
  });
  const cpu = () =>
    new Promise<Cpu>((resolve) => {
      const heard = (message: { type: string; usage?: Cpu }) => {
        if (message.type !== 'cpu') return;
        child.off('message', heard);
        resolve(message.usage!);
      };
      child.on('message', heard);
      child.send({ type: 'cpu' });
    });
  /** Sends a message and waits for the server's answer of the given type. */
  const ask = (type: string, answer: string, extra: Record<string, unknown> = {}) =>
    new Promise<void>((resolve) => {
      const heard = (message: { type: string }) => {
        if (message.type !== answer) return;
        child.off('message', heard);
        resolve();
      };
      child.on('message', heard);
      child.send({ type, ...extra });
    });
  const profile = { start: () => ask('profile-start', 'profiling'), stop: (name: string) => ask('profile-stop', 'profiled', { name }) };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  return { ready, cpu, profile, stop };
}

async function signIn(mateUrl: string): Promise<string> {
  const response = await fetch(`${mateUrl}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`admin:${BENCH_ADMIN_PASSWORD}`).toString('base64')}` } });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Measured { rps: number; p50: number; p95: number; cpuMsPerRequest: number }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measure(url: string, headers: Record<string, string>, cpu: () => Promise<Cpu>, options: Partial<AutocannonOptions> = {}): Promise<Measured> {
  const latencies = hdr.build({ useWebAssembly: false, autoResize: true, lowestDiscernibleValue: 1, highestTrackableValue: 10000, numberOfSignificantValueDigits: 5 });
  latencies.destroy = () => undefined;
  const before = await cpu();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, histograms: { latencies }, ...options } as AutocannonOptions);
  const after = await cpu();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  const cpuMs = (after.user - before.user + after.system - before.system) / 1000;
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p95: latencies.getValueAtPercentile(95), cpuMsPerRequest: Math.round((cpuMs / Math.max(1, result.requests.total)) * 1000) / 1000 };
}

/**
 * Updates: each request takes a free article (autocannon resets a connection's context after each request of a
 * one-request list, so the state lives here) with its current ETag as If-Match, and gives it back with the new one.
 * The product's PUT takes the whole record, so the body is the record as read, with a new Text.
 */
function updates(base: string, oids: number[], records: Map<number, Record<string, unknown>>, query = '') {
  const free = [...oids];
  const etags = new Map(oids.map((oid) => [oid, String(records.get(oid)!.ETag)]));
  let n = 0;
  return {
    requests: [
      {
        method: 'PUT' as const,
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
          const oid = free.shift()!;
          context.oid = oid;
          const record: Record<string, unknown> = { ...records.get(oid)!, Text: `Bench ${++n}` };
          delete record.ETag;
          const headers = { ...(request.headers as Record<string, string>), 'content-type': 'application/json', 'if-match': etags.get(oid)! };
          return { ...request, path: `${base}/${oid}${query}`, headers, body: JSON.stringify(record) };
        },
        onResponse: (_status: number, _body: string, context: Record<string, unknown>, headers: Record<string, string>) => {
          const oid = context.oid as number;
          if (headers.etag) etags.set(oid, headers.etag);
          free.push(oid);
        },
      },
    ],
  } as unknown as Partial<AutocannonOptions>;
}

async function engine(databaseUrl: string | undefined, figures: Record<string, number>): Promise<void> {
  const server = await startServer(databaseUrl);
  const { ready } = server;
  const label = ready.engine;
  try {
    figures[`${label}.seed_ms`] = ready.seedMs;
    const token = await signIn(ready.mateUrl);
    const headers = { authorization: `Bearer ${token}`, [SCOPE_HEADERS.tenant]: encodeScopeValue(ready.tenantOid) };
    const mate = `${ready.mateUrl}/api/data/pos-supply/article`;
    const readOid = ready.articleOids[17]!;
    // Each side updates its own articles with their current ETags (the product's answer names them).
    const records = new Map<number, Record<string, unknown>>();
    for (const oid of ready.articleOids) {
      const response = await fetch(`${mate}/${oid}`, { headers });
      if (!response.ok) throw new Error(`read ${oid}: ${response.status} ${await response.text()}`);
      records.set(oid, (await response.json()) as Record<string, unknown>);
    }
    const half = Math.floor(ready.articleOids.length / 2);
    const mateOids = ready.articleOids.slice(0, half);
    const peerOids = ready.articleOids.slice(half);
    const runs: [string, string, Partial<AutocannonOptions>?][] = [
      ['mate.read', `${mate}/${readOid}`],
      ['peer.read', `${ready.peerUrl}/peer/articles/${readOid}`],
      ['open.read', `${ready.peerUrl}/open/articles/${readOid}`],
      ['mate.list50', `${mate}?take=50`],
      ['peer.list50', `${ready.peerUrl}/peer/articles`],
      ['open.list50', `${ready.peerUrl}/open/articles`],
      ['mate.update', mate, updates('/api/data/pos-supply/article', mateOids, records)],
      ['peer.update', `${ready.peerUrl}/peer/articles`, updates('/peer/articles', peerOids.slice(0, Math.floor(peerOids.length / 2)), records)],
      // The peer's update with one NOTIFY in its statement, as the product's: what telling the live grids costs.
      ['notifying.update', `${ready.peerUrl}/peer/articles`, updates('/peer/articles', peerOids.slice(Math.floor(peerOids.length / 2)), records, '?notify')],
    ];
    // Rounds alternate the sides, so a neighbour's burst of load falls on both rather than on whichever ran then;
    // each figure is the median over the rounds, and each ratio the median of the rounds' own ratios.
    const measured = new Map<string, Measured[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, options] of runs.filter(([name]) => OPS.includes(name.split('.')[1]!))) {
        if (PROFILE) await server.profile.start();
        const m = await measure(url, headers, server.cpu, options);
        if (PROFILE) await server.profile.stop(round === 0 ? name : `${name}.${round}`);
        measured.set(name, [...(measured.get(name) ?? []), m]);
      }
    }
    for (const [name, rounds] of measured) {
      figures[`${label}.${name}.rps`] = median(rounds.map((m) => m.rps));
      figures[`${label}.${name}.p50_ms`] = median(rounds.map((m) => m.p50));
      figures[`${label}.${name}.p95_ms`] = median(rounds.map((m) => m.p95));
      figures[`${label}.${name}.cpu_ms_per_request`] = median(rounds.map((m) => m.cpuMsPerRequest));
    }
    const ratio = (a: string, b: string) => {
      const mine = measured.get(a)!;
      const theirs = measured.get(b)!;
      return Math.round(median(mine.map((m, round) => m.rps / theirs[round]!.rps)) * 100) / 100;
    };
    for (const op of OPS) figures[`${label}.${op}.ratio_to_peer`] = ratio(`mate.${op}`, `peer.${op}`);
    if (OPS.includes('update')) figures[`${label}.update.ratio_to_notifying_peer`] = ratio('mate.update', 'notifying.update');
  } finally {
    await server.stop();
  }
}

/** PGlite, then PostgreSQL with DATABASE_URL (`BENCH_REQUEST_PATH_ENGINES=postgres` runs only that one). */
export async function run(): Promise<Record<string, number>> {
  const figures: Record<string, number> = { connections: CONNECTIONS, seconds: SECONDS };
  const url = process.env.DATABASE_URL;
  const engines = (process.env.BENCH_REQUEST_PATH_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) await engine(undefined, figures);
  if (url && engines.includes('postgres')) await engine(url, figures);
  return figures;
}
