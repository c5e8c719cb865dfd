// The hand-written peer of bench/scale.bench.ts: the article grid's reads as a developer would write them for this one
// table, Fastify + pg on the same database, each request's token checked as the product checks it
// (bench/peer-token-check.ts) and the tenant taken from the scope header. One statement per request: 51 rows (the
// 51st says whether more exist) in the grid's order, a keyset position for deep pages, ILIKE for "contains". No
// count, no permissions, no codec: the floor the product is measured against.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { quoteIdent as q } from '../server/data/sql-names';
import type { Database } from '../server/db/database';
import { loadJwtSecret } from '../server/identity/token-service';
import { likePattern } from '../server/data/list-query';
import { checkPeerTokens, peerTenantOf } from './peer-token-check';

export interface ScalePeer {
  url: string;
  close(): Promise<void>;
}

export async function startScalePeer(db: Database, articleTable: string): Promise<ScalePeer> {
  const secret = await loadJwtSecret(db);
  const app = Fastify({ logger: false });
  const table = q(articleTable);
  const prepared = { prepare: true };
  checkPeerTokens(app, secret);
  const page = async (where: string, order: string, params: unknown[]) => {
    const rows = (await db.query(`select * from ${table} where "TenantOid" = $1${where} order by ${order} limit 51`, params, prepared)).rows;
    return { items: rows.slice(0, 50), hasMore: rows.length > 50 };
  };
  // ?after=<InternalNumber>,<Oid>: the keyset of the grid's order (the numbers are never null in this table).
  app.get('/peer/articles', async (request) => {
    const { after, contains, sort } = request.query as { after?: string; contains?: string; sort?: string };
    const tenant = peerTenantOf(request.headers);
    if (sort === 'Text') return page('', '"Text", "Oid"', [tenant]);
    if (contains) return page(' and "Text" ilike $2', '"InternalNumber", "Oid"', [tenant, likePattern(contains)]);
    if (after) {
      const [number, oid] = after.split(',');
      return page(' and ("InternalNumber", "Oid") > ($2, $3::bigint)', '"InternalNumber", "Oid"', [tenant, number, oid]);
    }
    return page('', '"InternalNumber", "Oid"', [tenant]);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
