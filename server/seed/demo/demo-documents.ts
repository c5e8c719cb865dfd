import { quoteIdent as q } from '../../data/sql-names';
import { LINE_COLUMNS, LINES_FROM_BODY, PAYMENT_COLUMNS, PAYMENTS_FROM_BODY } from '../../documents/document-migrations';
import { TURNOVER_KINDS_SQL } from '../../documents/document-kinds';
import { ARTICLE_MONTH_TOTAL_TABLE, ARTICLE_TOTAL_TABLE, rebuildArticleTotals } from '../../reports/article-totals';
import { DOCUMENT_TOTAL_TABLE, rebuildDocumentTotals } from '../../reports/document-totals';
import { parseReceipt } from '../../terminals/terminal-documents';
import type { Receipt, ReceiptLine } from '../../terminals/receipt-schema';
import { addDays, money, type DemoContext } from './demo-context';
import type { Random } from './random';
import type { SeededTenant } from './tenancy-records';

/** Days of documents by default (the server and `npm run seed`; MATE_DEMO_DOCUMENT_DAYS changes it). */
export { DEFAULT_DEMO_DOCUMENT_DAYS } from '../../config';
/** Terminals per store or outlet that hand in documents. */
export const TERMINALS_PER_LOCATION = 2;
/** Sales per terminal and day on average by default. */
export const DEFAULT_DEMO_SALES_PER_DAY = 4;

/** What the documents of a tenant may sell: its articles (when it has any) or open-price goods at its tax rates. */
interface Goods {
  articleNumber?: string;
  gtin?: string;
  text: string;
  price: number;
  taxRate: number;
}

/** Open-price goods of tenants without articles, priced in euro and converted. */
const OPEN_GOODS: { text: string; euro: number; reduced: boolean }[] = [
  { text: 'Bread', euro: 2.49, reduced: true },
  { text: 'Milk 1 l', euro: 1.19, reduced: true },
  { text: 'Coffee 500 g', euro: 7.99, reduced: true },
  { text: 'Apples 1 kg', euro: 2.99, reduced: true },
  { text: 'Chocolate', euro: 1.49, reduced: true },
  { text: 'Shampoo', euro: 3.95, reduced: false },
  { text: 'Batteries AA', euro: 5.99, reduced: false },
  { text: 'T-shirt', euro: 14.99, reduced: false },
  { text: 'Umbrella', euro: 12.99, reduced: false },
  { text: 'Notebook', euro: 2.79, reduced: false },
];

async function goodsOf(ctx: DemoContext, tenant: SeededTenant): Promise<Goods[]> {
  const articleTable = q(ctx.kind('pos-supply/article').table);
  const taxTable = q(ctx.kind('pos-supply/tax').table);
  const articles = await ctx.tx.query<{ ArticleNumber: string; GTIN: string | null; Text: string; RetailPrice: string | number; Rate: string | number }>(
    `select a."ArticleNumber", a."GTIN", a."Text", a."RetailPrice", t."Rate" from ${articleTable} a join ${taxTable} t on t."Oid" = a."TaxOid"
      where a."TenantOid" = $1 and a."RetailPrice" > 0 order by a."Oid" limit 400`,
    [tenant.oid],
  );
  if (articles.rowCount > 0) {
    return articles.rows.map((row) => ({ articleNumber: row.ArticleNumber, ...(row.GTIN ? { gtin: row.GTIN } : {}), text: row.Text.slice(0, 40), price: Number(row.RetailPrice), taxRate: Number(row.Rate) }));
  }
  const standard = tenant.country.taxes.find((tax) => tax.isDefault)!.rate;
  const reduced = tenant.country.taxes.find((tax) => tax.category === 'Reduced')?.rate ?? standard;
  return OPEN_GOODS.map((good) => ({ text: good.text, price: money(good.euro, tenant.country.currency), taxRate: good.reduced ? reduced : standard }));
}

/** A deterministic v4-shaped UUID from the random sequence. */
function uuidOf(r: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(r.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const sum = (values: number[]) => round2(values.reduce((total, value) => total + value, 0));

/** The totals per tax rate of some lines, with net and tax split from the gross amount. */
function taxesOf(lines: ReceiptLine[]): NonNullable<Receipt['taxes']> {
  const perRate = new Map<number, number>();
  for (const line of lines) perRate.set(line.taxRate, round2((perRate.get(line.taxRate) ?? 0) + line.amount));
  return [...perRate].map(([rate, amount]) => {
    const tax = round2((amount * rate) / (100 + rate));
    return { rate, amount, net: round2(amount - tax), tax };
  });
}

function withoutTaxes(receipt: Receipt): Receipt {
  const { taxes: _taxes, ...rest } = receipt;
  return rest;
}

/** One stored demo document: its body and the columns intake would have derived. */
interface DemoDocument {
  receipt: Receipt;
  tenantOid: number;
  terminalOid: number;
  locationOid: number;
  /** Why it stays unprocessed; undefined: processed. */
  problem?: string;
}

function document(base: { id: string; number: number; at: Date; currency: string; operator: string }, kind: Receipt['kind'], lines: ReceiptLine[], method: 'cash' | 'card' | 'voucher' | 'mobile', extra: Partial<Receipt> = {}): Receipt {
  const total = sum(lines.map((line) => line.amount));
  return {
    id: base.id,
    type: 'receipt',
    ...(kind === 'sale' ? {} : { kind }),
    number: base.number,
    createdAt: base.at.toISOString(),
    currency: base.currency,
    operator: base.operator,
    lines,
    payments: [{ method, amount: total }],
    total,
    ...extra,
  };
}

/**
 * The documents of one tenant's stores: per open terminal and day a cash deposit in the morning, sales through the
 * day (some returned later, a few cancelled at once), now and then a withdrawal, and the end of day with the
 * day's totals per tax rate and payment method. Operators are the location's. A handful do not fit the tenant on
 * purpose (an unknown article or tax rate, an unknown original) and stay unprocessed with the reason.
 */
async function tenantDocuments(ctx: DemoContext, tenant: SeededTenant, options: DemoDocumentOptions): Promise<DemoDocument[]> {
  const r = ctx.random(`documents/${tenant.def.id}`);
  const goods = await goodsOf(ctx, tenant);
  const currency = tenant.country.currency;
  const operatorTable = q(ctx.kind('identity/operator').table);
  const operators = await ctx.tx.query<{ ReceiptName: string; HomeLocationOid: string | number }>(
    `select "ReceiptName", "HomeLocationOid" from ${operatorTable} where "TenantOid" = $1 and "ReceiptName" is not null order by "Oid"`,
    [tenant.oid],
  );
  const documents: DemoDocument[] = [];
  const firstDay = addDays(new Date(`${options.until.toISOString().slice(0, 10)}T00:00:00Z`), -(options.days - 1));
  for (const location of tenant.locations.filter((l) => l.type === 'Store' || l.type === 'Outlet')) {
    const names = operators.rows.filter((row) => Number(row.HomeLocationOid) === location.oid).map((row) => row.ReceiptName.slice(0, 40));
    const staff = names.length > 0 ? names : ['Cashier 1'];
    // The first two tills of each store: enough for the viewer and the reports, and the seed stays quick.
    for (const terminal of location.terminals.slice(0, TERMINALS_PER_LOCATION)) {
      let number = 0;
      const earlierSales: Receipt[] = [];
      const add = (receipt: Receipt, problem?: string) => {
        documents.push({ receipt, tenantOid: tenant.oid, terminalOid: terminal.oid, locationOid: location.oid, ...(problem ? { problem } : {}) });
        return receipt;
      };
      for (let day = 0; day < options.days; day += 1) {
        // Opening at 08:00 UTC plus a little; the demo keeps UTC days so the turnover days match.
        let at = new Date(addDays(firstDay, day).getTime() + 8 * 3_600_000 + r.int(0, 900) * 1000);
        const operator = r.pick(staff);
        const next = (minutes: number) => {
          at = new Date(at.getTime() + minutes * 60_000);
          number += 1;
          return { id: uuidOf(r), number, at, currency, operator };
        };
        const daily: Receipt[] = [];
        const float = money(150, currency);
        daily.push(add(document(next(1), 'cash-deposit', [{ text: 'Float', quantity: 1, unitPrice: float, amount: float, taxRate: 0 }], 'cash')));
        const sales = r.int(Math.max(1, options.salesPerDay - 2), options.salesPerDay + 2);
        for (let s = 0; s < sales; s += 1) {
          const lines: ReceiptLine[] = [];
          for (let l = r.int(1, 4); l > 0; l -= 1) {
            const good = r.pick(goods);
            const quantity = r.chance(0.8) ? 1 : r.int(2, 3);
            const { price, ...rest } = good;
            lines.push({ ...rest, quantity, unitPrice: price, amount: round2(price * quantity) });
          }
          const base = next(r.int(5, Math.max(6, Math.floor(540 / sales))));
          const sale = add(document(base, 'sale', lines, r.chance(0.35) ? 'cash' : r.chance(0.85) ? 'card' : 'mobile', { taxes: taxesOf(lines) }));
          daily.push(sale);
          if (r.chance(0.015)) {
            // Cancelled at once: every line voided.
            const voided = sale.lines.map((line) => ({ ...line, quantity: -line.quantity, amount: -line.amount }));
            daily.push(add(document(next(1), 'cancellation', voided, sale.payments[0]!.method, { references: sale.id, taxes: taxesOf(voided) })));
          } else {
            earlierSales.push(sale);
          }
        }
        if (earlierSales.length > 10 && r.chance(0.2)) {
          // A customer brings back the first line of an earlier sale.
          const original = earlierSales[r.int(0, earlierSales.length - 10)]!;
          const line = original.lines[0]!;
          const back = [{ ...line, quantity: -1, amount: -line.unitPrice }];
          daily.push(add(document(next(r.int(1, 30)), 'return', back, original.payments[0]!.method === 'cash' ? 'cash' : 'card', { references: original.id, taxes: taxesOf(back) })));
        }
        if (r.chance(0.3)) {
          const amount = -money(r.pick([50, 100, 200]), currency);
          daily.push(add(document(next(r.int(1, 20)), 'cash-withdrawal', [{ text: 'To the safe', quantity: 1, unitPrice: amount, amount, taxRate: 0 }], 'cash')));
        }
        // The end of day: what the terminal turned over, per tax rate and per payment method.
        const turnover = daily.filter((receipt) => receipt.kind === undefined || receipt.kind === 'return' || receipt.kind === 'cancellation');
        const taxes = taxesOf(turnover.flatMap((receipt) => receipt.lines));
        const methods = new Map<string, number>();
        for (const receipt of turnover) for (const payment of receipt.payments) methods.set(payment.method, round2((methods.get(payment.method) ?? 0) + payment.amount));
        const lines = taxes.map((tax) => ({ text: `Turnover ${tax.rate} %`, quantity: 1, unitPrice: tax.amount, amount: tax.amount, taxRate: tax.rate }));
        const eod = document(next(r.int(10, 60)), 'end-of-day', lines, 'cash', { taxes });
        eod.payments = [...methods].map(([method, amount]) => ({ method: method as 'cash', amount }));
        add(eod);
      }
    }
  }
  // On purpose: a few documents that do not fit the tenant, left in the queue with their reason.
  const sample = documents.filter((doc) => doc.receipt.kind === undefined);
  const spoil = (index: number, change: (receipt: Receipt) => Receipt, problem: string) => {
    const target = sample[Math.floor(index * (sample.length - 1))];
    if (!target) return;
    target.receipt = change(target.receipt);
    target.problem = problem;
  };
  const unknownRate = 16;
  spoil(0.97, (receipt) => ({ ...withoutTaxes(receipt), lines: receipt.lines.map((line) => ({ ...line, taxRate: unknownRate })) }), `Line 1: the tax rate ${unknownRate} % does not exist for the tenant's country (${tenant.country.code}).`);
  if (goods[0]?.articleNumber) {
    spoil(0.99, (receipt) => ({ ...receipt, lines: receipt.lines.map((line, index) => (index === 0 ? { text: line.text, quantity: line.quantity, unitPrice: line.unitPrice, amount: line.amount, taxRate: line.taxRate, articleNumber: '999-0000001' } : line)) }), 'Line 1: the article 999-0000001 does not exist in the tenant.');
  }
  const original = uuidOf(r);
  spoil(
    0.995,
    (receipt) => ({ ...withoutTaxes(receipt), kind: 'return', references: original, lines: receipt.lines.map((line) => ({ ...line, quantity: -line.quantity, amount: -line.amount })), payments: receipt.payments.map((p) => ({ ...p, amount: -p.amount })), total: -receipt.total }),
    `The original document ${original} that this return references does not exist in the tenant.`,
  );
  return documents;
}

/** What seedDemoDocuments wrote. */
export interface DemoDocumentReport {
  documents: number;
  unprocessed: number;
}

/** The last day of the documents a new installation gets: yesterday, the last whole day (nothing dated ahead of now). */
export function demoDocumentsUntil(now = Date.now()): Date {
  return new Date(now - 24 * 60 * 60 * 1000);
}

/** How many days of documents, how busy, and up to which day (its UTC date). */
export interface DemoDocumentOptions {
  days: number;
  salesPerDay: number;
  until: Date;
}

/**
 * Writes the demo documents of every tenant in bulk (the same rows intake would write: the documents, their lines
 * and payments), checked with the intake's own parser, processed except the few meant to stay unprocessed, with
 * the turnover days and the reports' totals booked. Runs ANALYZE after the load.
 */
export async function seedDemoDocuments(ctx: DemoContext, tenants: SeededTenant[], options: DemoDocumentOptions): Promise<DemoDocumentReport> {
  if (options.days <= 0) return { documents: 0, unprocessed: 0 };
  let documents = 0;
  let unprocessed = 0;
  for (const tenant of tenants) {
    const all = await tenantDocuments(ctx, tenant, options);
    // The intake's own checks: a generator bug stops the seed instead of storing what a terminal could not send.
    for (const doc of all) parseReceipt(doc.receipt);
    for (let start = 0; start < all.length; start += 2_000) {
      const rows = all.slice(start, start + 2_000).map((doc) => ({
        tenant_oid: doc.tenantOid,
        terminal_oid: doc.terminalOid,
        document_id: doc.receipt.id,
        receipt_number: doc.receipt.number,
        created_at: doc.receipt.createdAt,
        currency: doc.receipt.currency,
        total: doc.receipt.total,
        body: doc.receipt,
        kind: doc.receipt.kind ?? 'sale',
        location_oid: doc.locationOid,
        operator: doc.receipt.operator ?? null,
        references_id: doc.receipt.references ?? null,
        processing_error: doc.problem ?? null,
      }));
      await ctx.tx.query(
        `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, location_oid, operator, references_id, received_at, processed_at, processing_error)
         select tenant_oid, terminal_oid, document_id, 'receipt', receipt_number, created_at, currency, total, body, kind, location_oid, operator, references_id,
                created_at, case when processing_error is null then created_at + interval '5 minutes' end, processing_error
           from jsonb_to_recordset($1::jsonb) as x(tenant_oid bigint, terminal_oid bigint, document_id text, receipt_number bigint, created_at timestamptz, currency text,
                total numeric, body jsonb, kind text, location_oid bigint, operator text, references_id text, processing_error text)`,
        [JSON.stringify(rows)],
      );
    }
    documents += all.length;
    unprocessed += all.filter((doc) => doc.problem).length;
  }
  // A fresh database holds no other documents: every one is unnested at once.
  await ctx.tx.query(`insert into mate_document_line (${LINE_COLUMNS}) ${LINES_FROM_BODY}`);
  await ctx.tx.query(`insert into mate_document_payment (${PAYMENT_COLUMNS}) ${PAYMENTS_FROM_BODY}`);
  await ctx.tx.query(
    `insert into mate_turnover_day (tenant_oid, day, receipt_count, total, computed_at)
     select tenant_oid, business_day, count(*)::int, sum(total), $1::timestamptz from mate_terminal_document
      where document_type = 'receipt' and kind in (${TURNOVER_KINDS_SQL}) and processing_error is null
      group by tenant_oid, business_day
     on conflict (tenant_oid, day) do update set receipt_count = excluded.receipt_count, total = excluded.total, computed_at = excluded.computed_at`,
    [options.until.toISOString()],
  );
  // The reports read their totals from here: the processed documents just written are booked like intake books them.
  await rebuildDocumentTotals(ctx.tx);
  await rebuildArticleTotals(ctx.tx);
  for (const table of ['mate_terminal_document', 'mate_document_line', 'mate_document_payment', DOCUMENT_TOTAL_TABLE, ARTICLE_TOTAL_TABLE, ARTICLE_MONTH_TOTAL_TABLE]) await ctx.tx.query(`analyze ${table}`);
  ctx.counts['documents'] = documents;
  return { documents, unprocessed };
}
