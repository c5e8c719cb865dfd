// The product at scale, on PostgreSQL only (DATABASE_URL): a database of its own with BENCH_SCALE_ARTICLES (default
// 1,000,000) articles and BENCH_SCALE_LINES (default 10,000,000) document lines (a tenth as many documents), written
// in bulk into the tables the product's migrations and catalogue sync made (bench/scale-data.ts) and analysed; then the
// real app, signed in as the administrator with the tenant header, and each read BENCH_SCALE_RUNS (default 20) times
// one after the other through the real routes: the article grid's first page (as the grid asks for it: with the
// count), a page deep in the list by the keyset cursor (BENCH_SCALE_DEEP, default nine tenths of the articles), text
// "contains" with many matches and with one, sort by text; the document viewer's first page (every tenant of the
// caller, and one), one article's documents; the sales-per-article report over a month and a year (over the article
// totals, booked after the load as the product books a bulk load: rebuildArticleTotals). The first four
// beside a hand-written Fastify + pg peer with the same token check (bench/scale-peer.ts). Prints p50/p95; asserts
// nothing (bench/README.md "scale"). The database goes away at the end, also when something fails.
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { buildInfoFor } from '../server/build-info';
import { loadConfig } from '../server/config';
import { DataEventBus } from '../server/data/data-event-bus';
import { encodeCursor } from '../server/data/list-query';
import { quoteIdent as q } from '../server/data/sql-names';
import { bootstrapAdministrator } from '../server/identity/bootstrap-administrator';
import { builtInCatalogue, createIdentityTestDatabase, signInToken } from '../server/identity/identity-test-app';
import { encodeScopeValue, SCOPE_HEADERS } from '../server/identity/scope-headers';
import { ARTICLE_MONTH_TOTAL_TABLE, ARTICLE_TOTAL_TABLE, rebuildArticleTotals } from '../server/reports/article-totals';
import { DOCUMENT_TOTAL_TABLE, rebuildDocumentTotals } from '../server/reports/document-totals';
import { articleTenantOid, seedDemoData } from '../server/seed/demo/seed-demo-data';
import { timedRequests } from './bench-timing';
import { BENCH_ADMIN_PASSWORD } from './request-path-messages';
import { scaleArticleNumber, scaleArticleText, settle, writeScaleArticles, writeScaleDocuments } from './scale-data';
import { startScalePeer } from './scale-peer';

const ARTICLES = Number(process.env.BENCH_SCALE_ARTICLES ?? 1_000_000);
const LINES = Number(process.env.BENCH_SCALE_LINES ?? 10_000_000);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 20);
const DEEP = Number(process.env.BENCH_SCALE_DEEP ?? Math.floor(ARTICLES * 0.9));
const DAYS = 365;
const DAY_MS = 86_400_000;

const log = (line: string) => console.log(`scale: ${line}`);
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function run(): Promise<Record<string, number>> {
  if (!process.env.DATABASE_URL) throw new Error('the scale bench runs on PostgreSQL only: set DATABASE_URL');
  const database = await createIdentityTestDatabase();
  const { db } = database;
  const catalogue = await builtInCatalogue();
  const articleTable = catalogue.find('pos-supply', 'article')!.table;
  const figures: Record<string, number> = { articles: ARTICLES, lines: LINES, deep: DEEP, runs: RUNS };
  let closeAll: (() => Promise<void>)[] = [];
  try {
    await bootstrapAdministrator(db, BENCH_ADMIN_PASSWORD);
    await seedDemoData(db, catalogue, { articles: 0 });
    const tenantOid = (await articleTenantOid(db, catalogue))!;
    const yesterday = Date.now() - DAY_MS;
    log(`writing ${ARTICLES} articles and ${LINES} document lines`);
    let begun = performance.now();
    await writeScaleArticles(db, articleTable, tenantOid, ARTICLES);
    figures['write.articles_seconds'] = seconds(begun);
    begun = performance.now();
    figures.documents = await writeScaleDocuments(db, catalogue.find('tenancy', 'pos-terminal')!.table, tenantOid, LINES, ARTICLES, `${day(yesterday - (DAYS - 1) * DAY_MS)}T00:00:00Z`, DAYS);
    figures['write.documents_seconds'] = seconds(begun);
    // Booked as the product books a bulk load (the demo data does the same): the reports read these totals, so a
    // load without them would measure reports over empty totals.
    begun = performance.now();
    await rebuildDocumentTotals(db, tenantOid);
    await rebuildArticleTotals(db, tenantOid);
    figures['book.totals_seconds'] = seconds(begun);
    begun = performance.now();
    await settle(db, [articleTable, 'mate_terminal_document', 'mate_document_line', DOCUMENT_TOTAL_TABLE, ARTICLE_TOTAL_TABLE, ARTICLE_MONTH_TOTAL_TABLE]);
    figures['analyze.seconds'] = seconds(begun);
    figures.article_total_rows = Number((await db.query<{ n: string }>(`select count(*) as n from ${ARTICLE_TOTAL_TABLE} where tenant_oid = $1`, [tenantOid])).rows[0]!.n);
    figures.article_month_total_rows = Number((await db.query<{ n: string }>(`select count(*) as n from ${ARTICLE_MONTH_TOTAL_TABLE} where tenant_oid = $1`, [tenantOid])).rows[0]!.n);
    log(`written in ${figures['write.articles_seconds']} + ${figures['write.documents_seconds']} s, booked in ${figures['book.totals_seconds']} s (${figures.article_total_rows} article total rows, ${figures.article_month_total_rows} per month), analysed in ${figures['analyze.seconds']} s`);

    const bus = new DataEventBus(db);
    await bus.start();
    closeAll.push(() => bus.close());
    const app = await createApp({
      config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn', DATABASE_URL: database.url! }),
      db,
      buildInfo: buildInfoFor(new Date()),
      installationId: 'bench-scale',
      navigation: [],
      data: { catalogue, events: bus },
      jobs: { run: false },
    });
    closeAll = [() => app.close(), ...closeAll];
    await app.listen({ port: 0, host: '127.0.0.1' });
    const mateUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const peer = await startScalePeer(db, articleTable);
    closeAll = [() => peer.close(), ...closeAll];

    const token = await signInToken(app, 'admin', BENCH_ADMIN_PASSWORD);
    const headers = { authorization: `Bearer ${token}`, [SCOPE_HEADERS.tenant]: encodeScopeValue(tenantOid) };
    const get = (url: string) => () => fetch(url, { headers });
    const post = (url: string, body: unknown) => () => fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const measure = async (name: string, call: () => Promise<Response>) => {
      const { p50, p95 } = await timedRequests(RUNS, call);
      figures[`${name}.p50_ms`] = p50;
      figures[`${name}.p95_ms`] = p95;
      log(`${name}: p50 ${p50} ms, p95 ${p95} ms`);
    };

    // The row DEEP rows into the grid's order (InternalNumber, then Oid), and the cursor the grid would hold there.
    const deep = (await db.query<{ InternalNumber: string; Oid: string }>(`select "InternalNumber", "Oid" from ${q(articleTable)} where "TenantOid" = $1 order by "InternalNumber", "Oid" offset $2 limit 1`, [tenantOid, DEEP - 1])).rows[0]!;
    const cursor = encodeCursor([{ field: 'InternalNumber', desc: false }, { field: 'Oid', desc: false }], [deep.InternalNumber, Number(deep.Oid)]);
    const one = Math.max(1, Math.floor(ARTICLES / 3));
    const grid = `${mateUrl}/api/data/pos-supply/article?take=50`;
    const contains = (text: string) => `contains=${encodeURIComponent(JSON.stringify({ Text: text }))}`;
    const cases: [string, string, string][] = [
      ['grid.first_page', `${grid}&count=true`, ''],
      ['grid.deep_page', `${grid}&cursor=${cursor}`, `after=${encodeURIComponent(`${deep.InternalNumber},${deep.Oid}`)}`],
      ['grid.contains_many', `${grid}&count=true&${contains('shirt')}`, 'contains=shirt'],
      ['grid.contains_one', `${grid}&count=true&${contains(scaleArticleText(one).split(' ')[1]!)}`, `contains=${scaleArticleText(one).split(' ')[1]}`],
      ['grid.sort_text', `${grid}&count=true&orderBy=Text`, 'sort=Text'],
    ];
    for (const [name, mate, peerQuery] of cases) {
      await measure(`${name}.mate`, get(mate));
      await measure(`${name}.peer`, get(`${peer.url}/peer/articles?${peerQuery}`));
      figures[`${name}.ratio_p50`] = Math.round((figures[`${name}.mate.p50_ms`]! / figures[`${name}.peer.p50_ms`]!) * 100) / 100;
    }

    const viewer = `${mateUrl}/api/documents/receipt/sales?take=50`;
    await measure('documents.first_page_all_tenants', get(viewer));
    await measure('documents.first_page_one_tenant', get(`${viewer}&tenant=${tenantOid}`));
    await measure('documents.one_article', get(`${viewer}&tenant=${tenantOid}&article=${scaleArticleNumber(one)}`));

    const report = `${mateUrl}/api/reports/sales/articles/run`;
    await measure('report.articles_month', post(report, { from: day(yesterday - 29 * DAY_MS), to: day(yesterday), tenant: tenantOid }));
    await measure('report.articles_year', post(report, { from: day(yesterday - (DAYS - 1) * DAY_MS), to: day(yesterday), tenant: tenantOid }));
    figures.loadavg = Math.round(loadavg()[0]! * 10) / 10;
    return figures;
  } finally {
    for (const close of closeAll) await close().catch(() => undefined);
    await database.drop().catch((error: unknown) => console.error(`scale: could not drop the bench database: ${String(error)}`));
  }
}
