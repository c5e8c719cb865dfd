// Where the time of a page of 50 wide rows goes: the article list of the demo data (PostgreSQL with DATABASE_URL,
// else PGlite), its steps timed apart as the list route runs them: the SQL round trip, the codec (rows to records),
// the profile, JSON serialisation; and the same page through the whole route (inject, signed in, tenant header).
// Prints the median microseconds of each; asserts nothing.
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { buildInfoFor } from '../server/build-info';
import { loadConfig } from '../server/config';
import { DataEventBus } from '../server/data/data-event-bus';
import { listSql, parseListQuery } from '../server/data/list-query';
import { toProfile } from '../server/data/profile';
import { rowToRecord } from '../server/data/record-codec';
import { rowScopeOf } from '../server/data/row-scope';
import { bootstrapAdministrator } from '../server/identity/bootstrap-administrator';
import { builtInCatalogue, createIdentityTestDatabase, signInToken } from '../server/identity/identity-test-app';
import { encodeScopeValue, SCOPE_HEADERS } from '../server/identity/scope-headers';
import { articleTenantOid, seedDemoData } from '../server/seed/demo/seed-demo-data';

const RUNS = Number(process.env.BENCH_LIST_PAGE_RUNS ?? 300);
const ARTICLES = Number(process.env.BENCH_LIST_PAGE_ARTICLES ?? 20_000);

const median = (times: number[]) => Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]! * 1000);

async function timed(work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const begun = performance.now();
    await work();
    times.push(performance.now() - begun);
  }
  return median(times);
}

export async function run(): Promise<Record<string, number>> {
  const database = await createIdentityTestDatabase();
  try {
    const catalogue = await builtInCatalogue();
    await bootstrapAdministrator(database.db, 'bench-admin-pass-1');
    await seedDemoData(database.db, catalogue, { articles: ARTICLES });
    const kind = catalogue.find('pos-supply', 'article')!;
    const tenantOid = (await articleTenantOid(database.db, catalogue))!;
    const bus = new DataEventBus(database.db);
    await bus.start();
    const app = await createApp({
      config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'warn' }),
      db: database.db,
      buildInfo: buildInfoFor(new Date()),
      installationId: 'bench-list-page',
      navigation: [],
      data: { catalogue, events: bus },
    });
    await app.ready();
    const token = await signInToken(app, 'admin', 'bench-admin-pass-1');
    const headers = { authorization: `Bearer ${token}`, [SCOPE_HEADERS.tenant]: encodeScopeValue(tenantOid) };
    const list = parseListQuery(kind, { take: '50' });
    const scope = rowScopeOf(kind, { tenantOid, locationOid: undefined, terminalOid: undefined, canGlobally: () => true });
    const { sql, params } = listSql(kind, list, scope);
    const rows = (await database.db.query(sql, params)).rows.slice(0, 50);
    const records = rows.map((row) => rowToRecord(kind, row));
    const profile = 'pascal' as const;
    const items = records.map((record) => toProfile(record, profile));
    const figures: Record<string, number> = {
      columns: Object.keys(rows[0] ?? {}).length,
      body_bytes: JSON.stringify({ items }).length,
      sql_us: await timed(() => database.db.query(sql, params)),
      codec_us: await timed(() => rows.map((row) => rowToRecord(kind, row))),
      profile_us: await timed(() => records.map((record) => toProfile(record, profile))),
      json_us: await timed(() => JSON.stringify({ items })),
      route_inject_us: await timed(async () => {
        const answer = await app.inject({ method: 'GET', url: '/api/data/pos-supply/article?take=50', headers });
        if (answer.statusCode !== 200) throw new Error(`list: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }),
      read_inject_us: await timed(() => app.inject({ method: 'GET', url: `/api/data/pos-supply/article/${String(rows[0]!.Oid)}`, headers })),
    };
    await app.close();
    await bus.close();
    return Object.fromEntries(Object.entries(figures).map(([key, value]) => [`${database.db.kind}.${key}`, value]));
  } finally {
    await database.drop();
  }
}
