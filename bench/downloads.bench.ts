// Receipt download figures: p50/p95 of GET /api/download/receipt/{uid}/{name}.{ext} per format, signed in, through
// the real route (token, permission, the document read from the database, rendering), on PostgreSQL with
// DATABASE_URL (else PGlite); beside them the rendering alone (no HTTP, no database), so that the route's own share
// shows. BENCH_DOWNLOADS_RUNS sets the downloads per format (default 100).
import { performance } from 'node:perf_hooks';
import { addUser, createIdentityTestApp, signInToken } from '../server/identity/identity-test-app';
import { setPermission } from '../server/identity/user-admin';
import { receiptDownload, RECEIPT_FORMATS } from '../server/documents/receipt-download';
import { insertReceipt, insertReceiptWorld, receiptBody } from '../server/documents/receipt-test-data';
import type { ReceiptDocument } from '../server/documents/receipt-model';

const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(runs: number, once: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await once(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

export async function run(): Promise<Record<string, number>> {
  const runs = Number(process.env.BENCH_DOWNLOADS_RUNS ?? 100);
  const t = await createIdentityTestApp();
  try {
    const db = t.database.db;
    await insertReceiptWorld(db, t.catalogue);
    // 2,000 receipts of 12 lines in the tenant, so that the lookup is by index, not a scan of a few rows.
    const lines = Array.from({ length: 12 }, (_, i) => ({ articleNumber: `A-${i}`, text: `Article ${i}`, quantity: 1, unitPrice: 2.5, amount: 2.5, taxRate: i % 2 ? 19 : 7 }));
    const uids: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const uid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      uids.push(uid);
      await insertReceipt(db, 11, 1001, receiptBody(uid, { number: i + 1, lines, payments: [{ method: 'card', amount: 30 }], total: 30 }));
    }
    const oid = await addUser(t.database, 'bench', 'bench-password-1', [11]);
    await setPermission(db, { subject: { userOid: oid }, path: '/document/receipt/sales', tenantOid: 11, action: 'Read', allowed: true });
    const token = await signInToken(t.app, 'bench', 'bench-password-1');
    const figures: Record<string, number> = { runs, database: process.env.DATABASE_URL ? 1 : 0 };
    let next = 0;
    for (const format of RECEIPT_FORMATS) {
      const route = await timed(runs, async () => {
        const uid = uids[next++ % uids.length]!;
        const answer = await t.app.inject({ url: `/api/download/receipt/${uid}/receipt.${format}`, headers: { authorization: `Bearer ${token}` } });
        if (answer.statusCode !== 200) throw new Error(`${format}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      });
      figures[`${format}RouteP50Ms`] = route.p50;
      figures[`${format}RouteP95Ms`] = route.p95;
    }
    const document: ReceiptDocument = { oid: 1, tenantOid: 11, kind: 'sale', body: receiptBody(uids[0]!, { lines, payments: [{ method: 'card', amount: 30 }], total: 30 }), tenantName: 'Bench', language: 'de-DE', timeZone: 'Europe/Berlin', locationName: 'Filiale', terminalName: 'Kasse 1', processed: true };
    for (const format of RECEIPT_FORMATS) {
      const render = await timed(runs, async () => void (await receiptDownload(document, 'receipt', format)));
      figures[`${format}RenderP95Ms`] = render.p95;
    }
    return figures;
  } finally {
    await t.close();
  }
}
