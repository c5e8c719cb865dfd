// The server side of bench/request-path.bench.ts, in a process of its own so that the load generator's CPU stays out
// of the server's figures. One product instance (createApp: sign-in, the real context resolver, the data service)
// on a fresh database with the demo data, and beside it in the same process the hand-written peer: Fastify + the same
// database, verifying the same JWT with jose, on the same article table. Talks to the bench over IPC: 'ready'
// (urls and what the requests need), 'cpu' (process.cpuUsage now), 'stop'.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createApp } from '../server/app';
import { checkPeerTokens, peerTenantOf } from './peer-token-check';
import { buildInfoFor } from '../server/build-info';
import { loadConfig } from '../server/config';
import { DataEventBus } from '../server/data/data-event-bus';
import { quoteIdent } from '../server/data/sql-names';
import type { Database } from '../server/db/database';
import { bootstrapAdministrator } from '../server/identity/bootstrap-administrator';
import { builtInCatalogue, createIdentityTestDatabase } from '../server/identity/identity-test-app';
import { loadJwtSecret } from '../server/identity/token-service';
import { articleTenantOid, seedDemoData } from '../server/seed/demo/seed-demo-data';
import { BENCH_ADMIN_PASSWORD, type RequestPathReady } from './request-path-messages';

const ARTICLES = Number(process.env.BENCH_REQUEST_PATH_ARTICLES ?? 20_000);

/**
 * The hand-written peer: the token checked as the product checks it (HS256, issuer, expiry) with the same secret,
 * the tenant header decoded, one prepared statement per request; rows answered as stored plus an ETag.
 */
async function startPeer(db: Database, table: string, orderBy: string): Promise<FastifyInstance> {
  const secret = await loadJwtSecret(db);
  const app = Fastify({ logger: false });
  const prepared = { prepare: true };
  const withEtag = (row: Record<string, unknown>) => ({ ...row, ETag: `"${String(row.Oid)}-${String(row.row_version)}"` });
  checkPeerTokens(app, secret, '/open/');
  for (const prefix of ['/peer', '/open']) {
    app.get(`${prefix}/articles`, async (request) => {
      const rows = (await db.query(`select * from ${table} where "TenantOid" = $1 order by ${orderBy} limit 51`, [peerTenantOf(request.headers)], prepared)).rows;
      return { items: rows.slice(0, 50).map(withEtag), hasMore: rows.length > 50 };
    });
    app.get(`${prefix}/articles/:oid`, async (request, reply) => {
      const row = (await db.query(`select * from ${table} where "Oid" = $1 and "TenantOid" = $2`, [Number((request.params as { oid: string }).oid), peerTenantOf(request.headers)], prepared)).rows[0];
      return row ? withEtag(row) : reply.status(404).send({ status: 404 });
    });
    const update = `update ${table} set "Text" = $4, row_version = row_version + 1, modified_at = now() where "Oid" = $1 and "TenantOid" = $2 and row_version = $3 returning *`;
    // The same update telling listeners, as the product's does for its live grids (one NOTIFY in the statement).
    const notifying = `with changed as (${update}) select changed.*, pg_notify('bench_peer', changed."Oid"::text) from changed`;
    app.put(`${prefix}/articles/:oid`, async (request, reply) => {
      const version = Number(/-(\d+)"?$/.exec(String(request.headers['if-match'] ?? ''))?.[1] ?? -1);
      const body = request.body as { Text: string };
      const rows = (await db.query(
        (request.query as { notify?: string }).notify === undefined ? update : notifying,
        [Number((request.params as { oid: string }).oid), peerTenantOf(request.headers), version, body.Text],
        prepared,
      )).rows;
      if (!rows[0]) return reply.status(412).send({ status: 412 });
      const out = withEtag(rows[0]);
      return reply.header('etag', out.ETag).send(out);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function main(): Promise<void> {
  const database = await createIdentityTestDatabase();
  const catalogue = await builtInCatalogue();
  await bootstrapAdministrator(database.db, BENCH_ADMIN_PASSWORD);
  const begun = Date.now();
  await seedDemoData(database.db, catalogue, { articles: ARTICLES });
  const seedMs = Date.now() - begun;
  const article = catalogue.find('pos-supply', 'article')!;
  const table = quoteIdent(article.table);
  const tenantOid = (await articleTenantOid(database.db, catalogue))!;
  const bus = new DataEventBus(database.db);
  await bus.start();
  const app = await createApp({
    config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
    db: database.db,
    buildInfo: buildInfoFor(new Date()),
    installationId: 'bench-request-path',
    navigation: [],
    data: { catalogue, events: bus },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The kind's default sort (the grid's), which the product's list uses when no orderBy is given; Oid ends it.
  const orderBy = '"InternalNumber", "Oid"';
  const peer = await startPeer(database.db, table, orderBy);
  const oids = (await database.db.query<{ Oid: number }>(`select "Oid" from ${table} where "TenantOid" = $1 order by ${orderBy} limit 200`, [tenantOid])).rows.map((r) => Number(r.Oid));
  const ready: RequestPathReady = {
    type: 'ready',
    engine: database.db.kind,
    mateUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    peerUrl: `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`,
    tenantOid,
    articleOids: oids,
    seedMs,
  };
  process.send!(ready);
  // A CPU profile of one measurement only (BENCH_REQUEST_PATH_PROFILE): start and stop around its load.
  const inspector = new Session();
  inspector.connect();
  process.on('message', (message: { type: string; name?: string }) => {
    if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
    if (message.type === 'profile-start') {
      void (async () => {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
        process.send!({ type: 'profiling' });
      })();
    }
    if (message.type === 'profile-stop') {
      void (async () => {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(`bench/results/request-path-${database.db.kind}-${message.name!}.cpuprofile`, JSON.stringify(profile));
        process.send!({ type: 'profiled' });
      })();
    }
    if (message.type === 'stop') {
      void (async () => {
        await app.close();
        await peer.close();
        await bus.close();
        await database.drop();
        process.exit(0);
      })();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
