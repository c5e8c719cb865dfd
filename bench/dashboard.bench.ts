// The dashboard as users get it, over a large document table: BENCH_DASHBOARD_DOCUMENTS (default 1,000,000 on
// PostgreSQL, 20,000 on PGlite) documents of one tenant over a year, written in bulk beside the demo data, then the
// real server (server/server.ts in a process of its own, the production build) on that database:
//  (a) GET /api/turnover/daily, GET /api/documents/throughput and GET /api/currencies/exchange-rates through the real
//      routes, signed in with the tenant header, each BENCH_DASHBOARD_RUNS times; beside the first two a hand-written
//      Fastify + pg peer in this process on the same database (bench/dashboard-peer.ts; PostgreSQL only: PGlite has one
//      owner, the server); p50/p95 and the ratio;
//  (b) headless Chromium signed in as the administrator with every card in the stored layout: loads of `/` until
//      every card shows its content, and until the first one does (bench/dashboard-paint.ts), p50/p95.
// Prints the figures; asserts nothing (bench/README.md "dashboard"). The database and the processes go away at the end,
// also when something fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { discardStorage, freshStorage, startMate, type MateServer, type MateStorage } from '../e2e/support/mate-server';
import { DASHBOARD_CARD_NAMES, DASHBOARD_LAYOUT_VERSION } from '../schemas/dashboard-layout';
import { loadCatalogue } from '../server/data/catalogue';
import { quoteIdent as q } from '../server/data/sql-names';
import { syncEntityTables } from '../server/data/sync-entity-tables';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { openDatabase } from '../server/db/open-database';
import { bootstrapAdministrator, ensureIdentityIndexes } from '../server/identity/bootstrap-administrator';
import { encodeScopeValue } from '../server/identity/scope-headers';
import { createRole, createUser, setPermission, setUserRoles, setUserTenants } from '../server/identity/user-admin';
import { BUILT_IN_METADATA_DIR } from '../server/metadata/load-navigation';
import { ALL_MIGRATIONS } from '../server/schema-migrations';
import { seedDemoData } from '../server/seed/demo/seed-demo-data';
import { writeBenchDocuments } from './bench-documents';
import { latencyStats as stats, timedRequests } from './bench-timing';
import { startDashboardPeer, type DashboardPeer } from './dashboard-peer';
import { measureFirstPaint, type PaintProbe } from './dashboard-paint';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
// PGlite writes a million documents through the business-day trigger in one process with the bench: a smaller default.
const DOCUMENTS = Number(process.env.BENCH_DASHBOARD_DOCUMENTS ?? (ON_POSTGRES ? 1_000_000 : 20_000));
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 20);
const PAINT_RUNS = Number(process.env.BENCH_DASHBOARD_PAINT_RUNS ?? 10);
const COLD_RUNS = Number(process.env.BENCH_DASHBOARD_COLD_RUNS ?? 3);
const ADMIN_PASSWORD = 'bench-dashboard-admin';
const READER = { username: 'bench-dashboard', password: 'bench-dashboard-password' };
const TENANT_ID = 'MATE-DE';
const TENANT_NAME = 'Mate Deutschland';
const PAINT_TARGET_MS = 1000;
const staticDir = process.env.MATE_STATIC_DIR ?? 'dist';
const DAY_MS = 24 * 60 * 60 * 1000;

const log = (line: string) => console.log(`dashboard: ${line}`);
const round1 = (ms: number) => Math.round(ms * 10) / 10;
/**
 * The database as the server finds it: migrated, the demo data without articles (the administrator first, as the
 * server bootstraps it, so the seed gives them the demo tenants), the documents, and a reader who may read the
 * reports and the documents in the tenant only.
 */
async function prepare(db: Database): Promise<{ tenantOid: number; writeSeconds: number }> {
  const catalogue = await loadCatalogue([BUILT_IN_METADATA_DIR]);
  await migrate(db, ALL_MIGRATIONS);
  await syncEntityTables(db, catalogue);
  await ensureIdentityIndexes(db);
  await bootstrapAdministrator(db, ADMIN_PASSWORD);
  await seedDemoData(db, catalogue, { articles: 0 });
  const tenantOid = Number((await db.query<{ Oid: string }>(`select "Oid" from ${q(catalogue.find('tenancy', 'tenant')!.table)} where "Id" = $1`, [TENANT_ID])).rows[0]!.Oid);
  const written = performance.now();
  await writeBenchDocuments(db, tenantOid, catalogue.find('tenancy', 'pos-terminal')!.table, DOCUMENTS, new Date(Date.now() - 365 * DAY_MS).toISOString(), 365);
  // A table a year old has been vacuumed by autovacuum (its visibility map lets counts read the index alone).
  await db.query('vacuum (analyze) mate_terminal_document');
  const writeSeconds = (performance.now() - written) / 1000;
  const readers = await createRole(db, 'Bench dashboard readers');
  for (const permissionPath of ['/report', '/document']) await setPermission(db, { subject: { roleOid: readers }, path: permissionPath, tenantOid: null, action: 'Read', allowed: true });
  const user = await createUser(db, { username: READER.username, password: READER.password, email: `${READER.username}@example.test` });
  await setUserTenants(db, user, { tenantOids: [tenantOid], primaryTenantOid: tenantOid });
  await setUserRoles(db, user, [{ roleOid: readers, tenantOid }]);
  return { tenantOid, writeSeconds };
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } });
  if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Stores a layout with every card (each once, medium) for the user of `token`, through the route the page saves with. */
async function storeLayoutWithAllCards(url: string, token: string): Promise<void> {
  const cards = Object.fromEntries(DASHBOARD_CARD_NAMES.map((name) => [`tile-${name}`, { name, params: { size: 'medium' } }]));
  const response = await fetch(`${url}/api/user/extension/dashboard`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: DASHBOARD_LAYOUT_VERSION, storedAt: null, cards }),
  });
  if (!response.ok) throw new Error(`storing the layout answered ${response.status}: ${await response.text()}`);
}

type Turnover = { tenants: { tenantOid: number; days: { receiptCount: number }[] }[] };
type Throughput = { tenants: { tenantOid: number; months: { count: number }[] }[] };

/** Both sides count the same documents: the week's receipts and the year's documents of the tenant. */
async function sameAnswers(get: (base: string, route: string) => Promise<unknown>, mateUrl: string, peerUrl: string, tenantOid: number): Promise<boolean> {
  const mateTurnover = (await get(mateUrl, '/api/turnover/daily')) as Turnover;
  const peerTurnover = (await get(peerUrl, '/peer/turnover')) as { days: { receiptCount: number }[] };
  const mateThroughput = (await get(mateUrl, '/api/documents/throughput')) as Throughput;
  const peerThroughput = (await get(peerUrl, '/peer/throughput')) as { months: { count: number }[] };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const receipts = [sum(mateTurnover.tenants.find((t) => t.tenantOid === tenantOid)?.days.map((d) => d.receiptCount) ?? []), sum(peerTurnover.days.map((d) => d.receiptCount))];
  const documents = [sum(mateThroughput.tenants.find((t) => t.tenantOid === tenantOid)?.months.map((m) => m.count) ?? []), sum(peerThroughput.months.map((m) => m.count))];
  log(`the week's receipts: Mate ${receipts[0]}, peer ${receipts[1]}; the year's documents: Mate ${documents[0]}, peer ${documents[1]}`);
  return receipts[0] === receipts[1] && documents[0] === documents[1] && receipts[0]! > 0;
}

function paintFigures(prefix: string, runs: PaintProbe[]): Record<string, number> {
  const all = stats(runs.map((run) => run.allMs!));
  const first = stats(runs.map((run) => run.firstMs!));
  const figures: Record<string, number> = { [`${prefix}.all_cards.p50_ms`]: all.p50, [`${prefix}.all_cards.p95_ms`]: all.p95, [`${prefix}.first_card.p50_ms`]: first.p50, [`${prefix}.first_card.p95_ms`]: first.p95 };
  return figures;
}

export async function run(): Promise<Record<string, number>> {
  // BENCH_DASHBOARD_PAINT_RUNS=0: the reads only, without the UI build and the browser.
  if (PAINT_RUNS > 0 && !existsSync(path.join(staticDir, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', staticDir], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the UI build failed');
  }
  const figures: Record<string, number> = { database: ON_POSTGRES ? 1 : 0, documents: DOCUMENTS, 'loadavg.start': round1(loadavg()[0]!) };
  let storage: MateStorage | undefined;
  let db: Database | undefined;
  let mate: MateServer | undefined;
  let peer: DashboardPeer | undefined;
  try {
    storage = await freshStorage();
    db = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    log(`writing ${DOCUMENTS} documents (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`);
    const { tenantOid, writeSeconds } = await prepare(db);
    figures['write.seconds'] = round1(writeSeconds);
    if (!ON_POSTGRES) {
      // PGlite has one owner: the server's from here on.
      await db.close();
      db = undefined;
    }
    mate = await startMate(storage, { MATE_ADMIN_PASSWORD: ADMIN_PASSWORD, MATE_STATIC_DIR: PAINT_RUNS > 0 ? staticDir : '/nonexistent-ui-build', MATE_DEMO_DATA: 'false' });
    log(`server up at ${mate.url}`);

    // (a) the reads, signed in as the reader with the tenant header.
    const token = await signIn(mate.url, READER.username, READER.password);
    const headers = { authorization: `Bearer ${token}`, 'x-mate-tenant': encodeScopeValue(tenantOid) };
    const get = async (base: string, route: string) => {
      const response = await fetch(`${base}${route}`, { headers });
      if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };
    if (db) {
      peer = await startDashboardPeer(db);
      figures['peer.same_answers'] = (await sameAnswers(get, mate.url, peer.url, tenantOid)) ? 1 : 0;
    } else {
      log('no hand-written peer on PGlite (the server owns the database); set DATABASE_URL for it');
    }
    const reads = { turnover: ['/api/turnover/daily', '/peer/turnover'], throughput: ['/api/documents/throughput', '/peer/throughput'], exchange_rates: [`/api/currencies/exchange-rates?tenantOid=${tenantOid}`] } as const;
    for (const [name, [route, peerRoute]] of Object.entries(reads) as [string, readonly [string, string?]][]) {
      const ours = await timedRequests(RUNS, () => fetch(`${mate!.url}${route}`, { headers }));
      figures[`${name}.mate.p50_ms`] = ours.p50;
      figures[`${name}.mate.p95_ms`] = ours.p95;
      if (peer && peerRoute) {
        const theirs = await timedRequests(RUNS, () => fetch(`${peer!.url}${peerRoute}`, { headers }));
        figures[`${name}.peer.p50_ms`] = theirs.p50;
        figures[`${name}.peer.p95_ms`] = theirs.p95;
        figures[`${name}.ratio_p50`] = Math.round((ours.p50 / theirs.p50) * 100) / 100;
        figures[`${name}.ratio_p95`] = Math.round((ours.p95 / theirs.p95) * 100) / 100;
      }
      log(`${name} measured`);
    }

    figures['loadavg.end'] = round1(loadavg()[0]!);
    if (PAINT_RUNS === 0) return figures;
    // (b) first paint, as the administrator (database usage needs the global right) with every card.
    await storeLayoutWithAllCards(mate.url, await signIn(mate.url, 'admin', ADMIN_PASSWORD));
    const paint = await measureFirstPaint({ url: mate.url, username: 'admin', password: ADMIN_PASSWORD, tenantName: TENANT_NAME, warmRuns: PAINT_RUNS, coldRuns: COLD_RUNS, log });
    Object.assign(figures, paintFigures('paint', paint.warm), COLD_RUNS > 0 ? paintFigures('paint.cold', paint.cold) : {}, { 'paint.target_ms': PAINT_TARGET_MS });
    // Per card, when it showed its content (median of the warm loads): which card the page waits for.
    for (const name of DASHBOARD_CARD_NAMES) figures[`paint.card.${name}.p50_ms`] = stats(paint.warm.map((run) => run.cards[name]!)).p50;
    const w = paint.waterfall;
    log(`last load: document ${w.documentMs} ms, DOMContentLoaded ${w.domContentLoadedMs} ms, last script ${w.lastScriptMs} ms; API calls (start-end ms):`);
    for (const call of w.calls) log(`  ${String(call.startMs).padStart(5)}-${String(call.endMs).padEnd(5)} ${call.path}`);
    figures['loadavg.end'] = round1(loadavg()[0]!);
    return figures;
  } finally {
    await peer?.close().catch(() => undefined);
    await mate?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    if (storage) await discardStorage(storage).catch((error: unknown) => console.error(`dashboard: could not drop the bench database: ${String(error)}`));
  }
}
