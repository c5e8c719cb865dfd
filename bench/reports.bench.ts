// The daily-sales report as users run it, over a large document table: BENCH_REPORT_DOCUMENTS (default 1,000,000)
// processed documents of one tenant over a year, written in bulk beside the demo data and booked into the reports'
// totals as intake books them (mate_document_total, rebuilt after the bulk load), the report run through the real
// route (`POST /api/reports/sales/daily/run`, signed in, tenant header) for a year, a month and a year by month;
// against a hand-written Fastify + pg endpoint running the same aggregation over the raw documents in the same run. PostgreSQL with
// DATABASE_URL, else PGlite (use a smaller count there). Prints p50/p95 per case; asserts nothing (target:
// bench/README.md "reports").
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { createApp } from '../server/app';
import { rebuildDocumentTotals } from '../server/reports/document-totals';
import { buildInfoFor } from '../server/build-info';
import { loadConfig } from '../server/config';
import { DataEventBus } from '../server/data/data-event-bus';
import { quoteIdent as q } from '../server/data/sql-names';
import type { Database } from '../server/db/database';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../server/identity/identity-test-app';
import { encodeScopeValue } from '../server/identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../server/identity/user-admin';
import { seedDemoData } from '../server/seed/demo/seed-demo-data';
import { writeBenchDocuments } from './bench-documents';
import { timedRequests } from './bench-timing';

const DOCUMENTS = Number(process.env.BENCH_REPORT_DOCUMENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 15);
const DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The bench's year: the DAYS days up to yesterday. */
const lastDay = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
const firstDay = new Date(Date.parse(`${lastDay}T00:00:00Z`) - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
const monthStart = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);


/**
 * The same report written by hand: documents of the tenant's sales per business day (the stored day in the location's
 * time zone) and location, with counts and sums, over the raw documents.
 */
async function handWritten(db: Database, locationTable: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.post('/peer/daily', async (request) => {
    const { tenant, from, to, grouping } = request.body as { tenant: number; from: string; to: string; grouping: 'day' | 'month' };
    const rows = await db.query(
      `select to_char(date_trunc('${grouping === 'month' ? 'month' : 'day'}', d.business_day::timestamp), 'YYYY-MM-DD') as day, l."Name" as "locationName",
              count(*)::int as documents, sum(d.total) as total
         from mate_terminal_document d left join ${q(locationTable)} l on l."Oid" = d.location_oid
        where d.tenant_oid = $1 and d.kind = 'sale' and d.processed_at is not null
          and d.business_day >= $2::date and d.business_day <= $3::date
        group by 1, 2 order by 1, 2`,
      [tenant, from, to],
    );
    return { rows: rows.rows };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

export async function run(): Promise<Record<string, number>> {
  const database = await createIdentityTestDatabase();
  const catalogue = await builtInCatalogue();
  await seedDemoData(database.db, catalogue, { articles: 0 });
  const tenantTable = catalogue.find('tenancy', 'tenant')!.table;
  const tenantOid = Number((await database.db.query<{ Oid: string }>(`select "Oid" from ${q(tenantTable)} where "Id" = 'MATE-DE'`)).rows[0]!.Oid);
  const written = performance.now();
  await writeBenchDocuments(database.db, tenantOid, catalogue.find('tenancy', 'pos-terminal')!.table, DOCUMENTS, `${firstDay}T00:00:00Z`, DAYS);
  const writeSeconds = (performance.now() - written) / 1000;
  // Intake books each document into the totals as it stores it; a bulk load books them all at once afterwards.
  const booking = performance.now();
  await rebuildDocumentTotals(database.db, tenantOid);
  await database.db.query('analyze mate_document_total');
  const totalsSeconds = (performance.now() - booking) / 1000;

  const bus = new DataEventBus(database.db);
  await bus.start();
  const app = await createApp({
    config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
    db: database.db,
    buildInfo: buildInfoFor(new Date()),
    installationId: 'bench-reports',
    navigation: [],
    data: { catalogue, events: bus },
    jobs: { run: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const mateUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const peer = await handWritten(database.db, catalogue.find('tenancy', 'location')!.table);
  const peerUrl = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
  try {
    // A controller who may run the sales reports in this tenant only, as the permission matrix grants it.
    const controllers = await createRole(database.db, 'Bench controllers');
    await setPermission(database.db, { subject: { roleOid: controllers }, path: '/report', tenantOid: null, action: 'Read', allowed: true });
    const user = await addUser(database, 'bench-controller', 'bench-controller-password', [tenantOid]);
    await setUserRoles(database.db, user, [{ roleOid: controllers, tenantOid }]);
    const token = await signInToken(app, 'bench-controller', 'bench-controller-password');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-mate-tenant': encodeScopeValue(tenantOid) };
    const mate = (body: Record<string, unknown>) => () => fetch(`${mateUrl}/api/reports/sales/daily/run`, { method: 'POST', headers, body: JSON.stringify(body) });
    const hand = (body: Record<string, unknown>) => () => fetch(`${peerUrl}/peer/daily`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenant: tenantOid, ...body }) });

    const figures: Record<string, number> = { database: database.url ? 1 : 0, documents: DOCUMENTS, 'write.seconds': Math.round(writeSeconds * 10) / 10, 'totals.seconds': Math.round(totalsSeconds * 10) / 10 };
    const cases = {
      year_by_day: { from: firstDay, to: lastDay, grouping: 'day' },
      month_by_day: { from: monthStart, to: lastDay, grouping: 'day' },
      year_by_month: { from: firstDay, to: lastDay, grouping: 'month' },
    } as const;
    for (const [name, body] of Object.entries(cases)) {
      const ours = await timedRequests(RUNS, mate(body));
      const theirs = await timedRequests(RUNS, hand(body));
      figures[`${name}.mate.p50_ms`] = ours.p50;
      figures[`${name}.mate.p95_ms`] = ours.p95;
      figures[`${name}.peer.p50_ms`] = theirs.p50;
      figures[`${name}.peer.p95_ms`] = theirs.p95;
    }
    return figures;
  } finally {
    await peer.close();
    await app.close();
    await bus.close();
    await database.drop();
  }
}
