// The dashboard's reads over a large document table: BENCH_DASHBOARD_DOCUMENTS (default 1,000,000) documents of one
// tenant over a year, written in bulk beside the demo data, then GET /api/turnover/daily, GET
// /api/documents/throughput and GET /api/currencies/exchange-rates through the real routes (signed in), each
// BENCH_DASHBOARD_RUNS times. PostgreSQL with DATABASE_URL, else PGlite (use a smaller count there). Prints p50/p95
// per read; asserts nothing (bench/README.md "dashboard").
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { buildInfoFor } from '../server/build-info';
import { loadConfig } from '../server/config';
import { DataEventBus } from '../server/data/data-event-bus';
import { quoteIdent as q } from '../server/data/sql-names';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../server/identity/identity-test-app';
import { encodeScopeValue } from '../server/identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../server/identity/user-admin';
import { seedDemoData } from '../server/seed/demo/seed-demo-data';

const DOCUMENTS = Number(process.env.BENCH_DASHBOARD_DOCUMENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 20);
const DAY_MS = 24 * 60 * 60 * 1000;

const round1 = (ms: number) => Math.round(ms * 10) / 10;

async function timed(runs: number, call: () => Promise<Response>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const response = await call();
    if (!response.ok) throw new Error(`answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 2) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { p50: round1(at(50)), p95: round1(at(95)) };
}

export async function run(): Promise<Record<string, number>> {
  const database = await createIdentityTestDatabase();
  const catalogue = await builtInCatalogue();
  await seedDemoData(database.db, catalogue, { articles: 0 });
  const tenantOid = Number((await database.db.query<{ Oid: string }>(`select "Oid" from ${q(catalogue.find('tenancy', 'tenant')!.table)} where "Id" = 'MATE-DE'`)).rows[0]!.Oid);
  const terminals = (await database.db.query<{ Oid: string }>(`select "Oid" from ${q(catalogue.find('tenancy', 'pos-terminal')!.table)} where "TenantOid" = $1 order by "Oid"`, [tenantOid])).rows.map((row) => Number(row.Oid));
  const written = performance.now();
  const first = new Date(Date.now() - 365 * DAY_MS).toISOString();
  for (let start = 0; start < DOCUMENTS; start += 200_000) {
    await database.db.query(
      `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, received_at, processed_at)
       select $1, ($2::bigint[])[1 + g % $3], 'bench-' || g, 'receipt', g, $4::timestamptz + (g::double precision / $5) * interval '365 days',
              'EUR', 1 + (g * 7919 % 19900) / 100.0, '{}'::jsonb, case when g % 10 = 0 then 'return' else 'sale' end, now(), now()
         from generate_series($6::bigint, $7::bigint) as g`,
      [tenantOid, terminals, terminals.length, first, DOCUMENTS, start, Math.min(DOCUMENTS, start + 200_000) - 1],
    );
  }
  await database.db.query('analyze mate_terminal_document');
  const writeSeconds = (performance.now() - written) / 1000;

  const bus = new DataEventBus(database.db);
  await bus.start();
  const app = await createApp({
    config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
    db: database.db,
    buildInfo: buildInfoFor(new Date()),
    installationId: 'bench-dashboard',
    navigation: [],
    data: { catalogue, events: bus },
    jobs: { run: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const readers = await createRole(database.db, 'Bench dashboard readers');
    for (const path of ['/report', '/document']) await setPermission(database.db, { subject: { roleOid: readers }, path, tenantOid: null, action: 'Read', allowed: true });
    const user = await addUser(database, 'bench-dashboard', 'bench-dashboard-password', [tenantOid]);
    await setUserRoles(database.db, user, [{ roleOid: readers, tenantOid }]);
    const token = await signInToken(app, 'bench-dashboard', 'bench-dashboard-password');
    const headers = { authorization: `Bearer ${token}`, 'x-mate-tenant': encodeScopeValue(tenantOid) };
    const figures: Record<string, number> = { database: database.url ? 1 : 0, documents: DOCUMENTS, 'write.seconds': round1(writeSeconds) };
    const reads = { turnover: '/api/turnover/daily', throughput: '/api/documents/throughput', exchange_rates: `/api/currencies/exchange-rates?tenantOid=${tenantOid}` };
    for (const [name, path] of Object.entries(reads)) {
      const times = await timed(RUNS, () => fetch(`${url}${path}`, { headers }));
      figures[`${name}.p50_ms`] = times.p50;
      figures[`${name}.p95_ms`] = times.p95;
    }
    return figures;
  } finally {
    await app.close();
    await bus.close();
    await database.drop();
  }
}
