// Data service throughput: the generic routes against a minimal hand-written Fastify endpoint doing the same
// SQL, on PGlite and (with DATABASE_URL) PostgreSQL. Prints req/s, p50 and p95; asserts nothing.
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../server/db/database';
import { loadCatalogue } from '../server/data/catalogue';
import { DataEventBus } from '../server/data/data-event-bus';
import { dataRoutes } from '../server/data/data-routes';
import { TEST_FIXTURES_DIR } from '../server/data/data-test-app';
import { devContextResolver } from '../server/data/dev-context';
import { encodeCursor } from '../server/data/list-query';
import { syncEntityTables } from '../server/data/sync-entity-tables';
import { createTestDatabase } from '../server/test-support/test-database';

const ROWS = Number(process.env.BENCH_DATA_ROWS ?? 100_000);
const DEEP = 90_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const require = createRequire(import.meta.url);
// autocannon ships no types; the little used here is typed locally.
type AutocannonOptions = Record<string, unknown>;
interface AutocannonResult { requests: { average: number }; latency: { p50: number }; non2xx: number }
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;
// autocannon's own histogram, kept alive after the run so p95 can be read (autocannon reports p90 and p97.5).
const hdr = require('hdr-histogram-js') as { build(o: object): { getValueAtPercentile(p: number): number; destroy(): void } };

async function measure(url: string, options: Partial<AutocannonOptions> = {}) {
  const latencies = hdr.build({ useWebAssembly: false, autoResize: true, lowestDiscernibleValue: 1, highestTrackableValue: 10000, numberOfSignificantValueDigits: 5 });
  latencies.destroy = () => undefined;
  const result = await autocannon({ url, connections: 10, duration: SECONDS, ...options, histograms: { latencies } } as AutocannonOptions);
  const non2xx = result.non2xx;
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p95: latencies.getValueAtPercentile(95), non2xx };
}

// Each connection updates its own row and carries the ETag of its last answer into the next If-Match.
function updates(base: string, firstOid: number) {
  let next = firstOid;
  return {
    requests: [
      {
        method: 'PUT' as const,
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
          if (context.oid === undefined) {
            context.oid = next++;
            context.etag = `"${context.oid}-1"`;
            context.n = 0;
          }
          context.n = (context.n as number) + 1;
          return { ...request, path: `${base}/${context.oid}`, headers: { 'content-type': 'application/json', 'if-match': context.etag as string }, body: JSON.stringify({ Code: `P${context.oid}`, Name: `Updated ${context.n}`, Price: context.n }) };
        },
        onResponse: (_status: number, _body: string, context: Record<string, unknown>, headers: Record<string, string>) => {
          if (headers.etag) context.etag = headers.etag;
        },
      },
    ],
  } as unknown as Partial<AutocannonOptions>;
}

// The hand-written endpoints prepare their statements as the generic layer does (PostgreSQL; PGlite ignores it),
// so the ratio measures the generic layer, not the planner.
function handWritten(db: Database): FastifyInstance {
  const app = Fastify({ logger: false });
  const prepared = { prepare: true };
  const columns = '"Oid", row_version, "Disabled", "TenantOid", "Code", "Name", "Price", "Stock", "Kind", "Active", "Note", "Legacy", "CategoryOid", "Attributes", "Tags"';
  const shape = (row: Record<string, unknown>) => ({ ...row, ETag: `"${String(row.Oid)}-${String(row.row_version)}"`, Price: Number(row.Price) });
  app.get('/raw/list', async (request) => {
    const after = Number((request.query as { after?: string }).after ?? 0);
    const rows = (await db.query(`select ${columns} from e_shop_product where "TenantOid" = $1 and "Oid" > $2 order by "Oid" limit 51`, [1, after], prepared)).rows;
    return { items: rows.slice(0, 50).map(shape), hasMore: rows.length > 50 };
  });
  app.get('/raw/:id', async (request) => shape((await db.query(`select ${columns} from e_shop_product where "Oid" = $1 and "TenantOid" = 1`, [Number((request.params as { id: string }).id)], prepared)).rows[0]!));
  app.put('/raw/:id', async (request, reply) => {
    const tag = String(request.headers['if-match'] ?? '').replace(/"/g, '').split('-')[1];
    const body = request.body as { Name: string; Price: number };
    const rows = (await db.query(`update e_shop_product set "Name" = $3, "Price" = $4, row_version = row_version + 1 where "Oid" = $1 and row_version = $2 returning ${columns}`, [Number((request.params as { id: string }).id), Number(tag), body.Name, body.Price], prepared)).rows;
    if (!rows[0]) return reply.status(409).send({ status: 409 });
    const out = shape(rows[0]);
    return reply.header('etag', out.ETag).send(out);
  });
  return app;
}

async function engine(label: string, figures: Record<string, number>): Promise<void> {
  const test = await createTestDatabase();
  const catalogue = await loadCatalogue([TEST_FIXTURES_DIR]);
  await syncEntityTables(test.db, catalogue);
  for (let from = 1; from <= ROWS; from += 20_000) {
    await test.db.query(
      `insert into e_shop_product ("TenantOid", "Code", "Name", "Price", "Attributes") select 1, 'P' || g, 'Name ' || (g % 1000), g, '{}'::jsonb from generate_series($1::int, $2::int) g`,
      [from, Math.min(ROWS, from + 19_999)],
    );
  }
  await test.db.query('analyze e_shop_product');
  const bus = new DataEventBus(test.db);
  await bus.start();
  const app = Fastify({ logger: false });
  await app.register(dataRoutes, { db: test.db, catalogue, resolveContext: devContextResolver(), events: bus });
  const raw = handWritten(test.db);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const rawBase = await raw.listen({ port: 0, host: '127.0.0.1' });
  const product = `${base}/api/data/shop/product`;
  const deepOid = Number((await test.db.query<{ Oid: number }>(`select "Oid" from e_shop_product order by "Oid" offset ${DEEP - 1} limit 1`)).rows[0]!.Oid);
  const cursor = encodeCursor([{ field: 'Oid', desc: false }], [deepOid]);
  const runs: [string, string, Partial<AutocannonOptions>?][] = [
    ['list.first', `${product}?take=51`],
    ['list.deep', `${product}?take=51&cursor=${cursor}`],
    ['read', `${product}/12345`],
    ['update', product, updates('/api/data/shop/product', 1)],
    ['raw.list.first', `${rawBase}/raw/list`],
    ['raw.list.deep', `${rawBase}/raw/list?after=${deepOid}`],
    ['raw.read', `${rawBase}/raw/12345`],
    // autocannon resets the context after each request of a one-request list, so every PUT takes a fresh row: the
    // hand-written run starts far from the rows the generic run touched, or it would answer cheap 409s.
    ['raw.update', `${rawBase}/raw`, updates('/raw', 50_001)],
  ];
  for (const [name, url, options] of runs) {
    const m = await measure(url, options);
    figures[`${label}.${name}.rps`] = m.rps;
    figures[`${label}.${name}.p50_ms`] = m.p50;
    figures[`${label}.${name}.p95_ms`] = m.p95;
    if (m.non2xx > 0) figures[`${label}.${name}.non2xx`] = m.non2xx;
  }
  for (const name of ['list.first', 'list.deep', 'read', 'update']) {
    figures[`${label}.${name}.ratio_to_raw`] = Math.round((figures[`${label}.${name}.rps`]! / figures[`${label}.raw.${name}.rps`]!) * 100) / 100;
  }
  figures[`${label}.deep_cost_vs_first`] = Math.round((figures[`${label}.list.first.rps`]! / figures[`${label}.list.deep.rps`]!) * 100) / 100;
  await app.close();
  await raw.close();
  await bus.close();
  await test.drop();
}

/** Runs the data-service bench on PGlite and, with DATABASE_URL set, on PostgreSQL. */
export async function run(): Promise<Record<string, number>> {
  const figures: Record<string, number> = { rows: ROWS };
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    await engine('pglite', figures);
  } finally {
    if (url) process.env.DATABASE_URL = url;
  }
  if (url) await engine('postgres', figures);
  return figures;
}
