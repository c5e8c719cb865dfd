// The hand-written peer of bench/dashboard.bench.ts: the dashboard's two aggregations over the documents table as a
// developer would write them by hand, Fastify + pg on the same database as the product, each request's token
// checked as the product checks it (HS256, issuer, expiry, the same stored secret: bench/request-path-server.ts) and
// the tenant taken from the scope header. One SQL statement per request, no permission lookups, no time zones beyond
// the stored business day.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../server/db/database';
import { loadJwtSecret } from '../server/identity/token-service';
import { checkPeerTokens, peerTenantOf } from './peer-token-check';

export interface DashboardPeer {
  url: string;
  close(): Promise<void>;
}

export async function startDashboardPeer(db: Database): Promise<DashboardPeer> {
  const secret = await loadJwtSecret(db);
  const app: FastifyInstance = Fastify({ logger: false });
  const prepared = { prepare: true };
  checkPeerTokens(app, secret);
  // Turnover per day of the last 7 days (today included) of the tenant: receipts that are sales, returns or
  // cancellations and could be booked.
  app.get('/peer/turnover', async (request) => {
    const rows = await db.query<{ day: string; total: string; receipts: number }>(
      `select to_char(business_day, 'YYYY-MM-DD') as day, sum(total) as total, count(*)::int as receipts
         from mate_terminal_document
        where tenant_oid = $1 and business_day > current_date - 7 and business_day <= current_date
          and document_type = 'receipt' and kind in ('sale', 'return', 'cancellation') and processing_error is null
        group by 1 order by 1`,
      [peerTenantOf(request.headers)],
      prepared,
    );
    return { days: rows.rows.map((row) => ({ day: row.day, total: Number(row.total), receiptCount: row.receipts })) };
  });
  // Documents per month of the last 12 months (this one included) of the tenant, every kind.
  app.get('/peer/throughput', async (request) => {
    const rows = await db.query<{ month: string; n: number }>(
      `select to_char(business_day, 'YYYY-MM') as month, count(*)::int as n
         from mate_terminal_document
        where tenant_oid = $1 and business_day >= (date_trunc('month', current_date) - interval '11 months')::date
        group by 1 order by 1`,
      [peerTenantOf(request.headers)],
      prepared,
    );
    return { months: rows.rows.map((row) => ({ month: row.month, count: row.n })) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
