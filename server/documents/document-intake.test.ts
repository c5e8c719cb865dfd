import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import type { HubInstance } from '../hub/hub-test-app';
import { builtInCatalogue, createIdentityTestDatabase } from '../identity/identity-test-app';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { listUnprocessedDocuments, processDocument } from '../terminals/terminal-document-processing';
import { sampleReceipt, startTerminalInstance, terminalAuthorization } from '../terminals/terminal-test-app';
import { terminalTables } from '../jobs/built-in/terminal-tables';
import type { Catalogue } from '../data/catalogue';

// Intake of the document model (docs/terminals.md "Document kinds", "Processing"): the kinds' rules are a 400; a
// well-formed document that does not fit the tenant's data is stored and stays unprocessed with its reason, and
// reprocessing after the fix books it.
describe('document intake', () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let instance: HubInstance;
  let tenantDe: number;
  let terminal: { oid: number; key: string; locationOid: number };
  let article: { oid: number; number: string; gtin: string };
  let articleTable: string;

  const post = (body: unknown) =>
    instance.app.inject({ method: 'POST', url: '/api/terminals/receipts', headers: { authorization: terminalAuthorization(terminal.key, DEMO_TERMINAL_SECRET) }, payload: body as object });
  const documentOf = async (id: string) =>
    (
      await database.db.query<{ oid: string; kind: string; location_oid: string | null; operator: string | null; references_id: string | null; processed_at: string | null; processing_error: string | null }>(
        'select oid, kind, location_oid, operator, references_id, processed_at, processing_error from mate_terminal_document where document_id = $1',
        [id],
      )
    ).rows[0];
  const receipt = (overrides: Record<string, unknown> = {}): Record<string, unknown> & { id: string } => {
    const id = randomUUID();
    return { ...sampleReceipt(id), createdAt: '2026-03-02T10:00:00.000Z', ...overrides, id };
  };
  const articleLine = (amount = 2.5) => ({ articleNumber: article.number, gtin: article.gtin, text: 'Article', quantity: 1, unitPrice: amount, amount, taxRate: 19 });
  const reprocess = async () => {
    const tables = terminalTables(catalogue);
    const outcomes = [];
    for (const document of await listUnprocessedDocuments(database.db, tenantDe)) outcomes.push(await database.db.transaction((tx) => processDocument(tx, tables, document.oid, Date.now())));
    return outcomes;
  };

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 3 });
    const tenants = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    tenantDe = Number(tenants.rows.find((t) => t.Id === 'MATE-DE')!.Oid);
    const found = await database.db.query<{ terminal_oid: string; terminal_key: string; LocationOid: string }>(
      `select c.terminal_oid, c.terminal_key, t."LocationOid" from mate_terminal_credential c join ${q(catalogue.find('tenancy', 'pos-terminal')!.table)} t on t."Oid" = c.terminal_oid
        where c.tenant_oid = $1 order by c.terminal_key limit 1`,
      [tenantDe],
    );
    terminal = { oid: Number(found.rows[0]!.terminal_oid), key: found.rows[0]!.terminal_key, locationOid: Number(found.rows[0]!.LocationOid) };
    articleTable = catalogue.find('pos-supply', 'article')!.table;
    const articles = await database.db.query<{ Oid: string; ArticleNumber: string; GTIN: string }>(`select "Oid", "ArticleNumber", "GTIN" from ${q(articleTable)} where "TenantOid" = $1 order by "Oid" limit 1`, [tenantDe]);
    article = { oid: Number(articles.rows[0]!.Oid), number: articles.rows[0]!.ArticleNumber, gtin: articles.rows[0]!.GTIN };
    await database.db.query('update mate_job_schedule set enabled = false');
    instance = await startTerminalInstance(database);
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  it('stores a sale with its kind, the terminal\'s location, operator, lines and payments, once', async () => {
    const sale = receipt({ lines: [articleLine(2.5), { text: 'Bag', quantity: 1, unitPrice: 0.2, amount: 0.2, taxRate: 19 }], payments: [{ method: 'cash', amount: 5 }], total: 2.7, taxes: [{ rate: 19, amount: 2.7, net: 2.27, tax: 0.43 }] });
    const answer = await post(sale);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ id: sale.id, stored: true });
    const document = await documentOf(sale.id);
    expect(document).toMatchObject({ kind: 'sale', operator: 'Kassierer 1', references_id: null, processing_error: null });
    expect(Number(document!.location_oid)).toBe(terminal.locationOid);
    const lines = await database.db.query<Record<string, unknown>>(
      'select line_no, article_number, gtin, text, quantity::text, unit_price::text, amount::text, tax_rate::text, kind, operator, location_oid::int, terminal_oid::int from mate_document_line where document_oid = $1 order by line_no',
      [document!.oid],
    );
    expect(lines.rows).toEqual([
      { line_no: 1, article_number: article.number, gtin: article.gtin, text: 'Article', quantity: '1.0000', unit_price: '2.5000', amount: '2.5000', tax_rate: '19.0000', kind: 'sale', operator: 'Kassierer 1', location_oid: terminal.locationOid, terminal_oid: terminal.oid },
      { line_no: 2, article_number: null, gtin: null, text: 'Bag', quantity: '1.0000', unit_price: '0.2000', amount: '0.2000', tax_rate: '19.0000', kind: 'sale', operator: 'Kassierer 1', location_oid: terminal.locationOid, terminal_oid: terminal.oid },
    ]);
    const payments = await database.db.query('select line_no, method, amount::text from mate_document_payment where document_oid = $1', [document!.oid]);
    expect(payments.rows).toEqual([{ line_no: 1, method: 'cash', amount: '5.0000' }]);
    // A resend changes nothing: no second document, no second set of lines.
    expect((await post(sale)).json()).toEqual({ id: sale.id, stored: false });
    const count = await database.db.query<{ n: number }>('select count(*)::int as n from mate_document_line where document_oid = $1', [document!.oid]);
    expect(count.rows[0]!.n).toBe(2);
  });

  it('keeps parts and attachments in the body as sent, and refuses unknown members in them', async () => {
    const parts = [
      { type: 'customer', variant: 'full', printed: true, html: '<p>Thank you</p>' },
      { type: 'merchant', variant: 'short', printed: false },
    ];
    const attachments = [{ name: 'signature.png', contentType: 'image/png', data: 'iVBORw0KGgo=' }];
    const sale = receipt({ parts, attachments });
    expect((await post(sale)).statusCode).toBe(201);
    const body = await database.db.query<{ body: { parts: unknown; attachments: unknown } }>('select body from mate_terminal_document where document_id = $1', [sale.id]);
    expect(body.rows[0]!.body).toMatchObject({ parts, attachments });
    const unknown = await post(receipt({ parts: [{ type: 'customer', variant: 'full', printed: true, script: 'x' }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { 'parts.0.script': ['is not a member of a receipt'] } });
    expect((await post(receipt({ attachments: [{ name: '../etc/passwd', contentType: 'text/plain' }] }))).statusCode).toBe(400);
    expect((await post(receipt({ parts: [{ type: 'customer', variant: 'full', printed: true, html: 'x'.repeat(100_001) }] }))).statusCode).toBe(400);
  });

  it('refuses documents that break the rules of their kind, naming the member', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ kind: 'return', lines: [{ text: 'Back', quantity: -1, unitPrice: 2, amount: -2, taxRate: 19 }], payments: [{ method: 'cash', amount: -2 }], total: -2 }, 'references'],
      [{ kind: 'return', references: randomUUID(), total: 17.37 }, 'total'],
      [{ kind: 'sale', references: randomUUID() }, 'references'],
      [{ kind: 'cash-deposit', payments: [{ method: 'cash', amount: 17.37 }] }, 'lines'],
      [{ kind: 'cash-deposit', lines: [{ text: 'Float', quantity: 1, unitPrice: -50, amount: -50, taxRate: 0 }], payments: [{ method: 'cash', amount: -50 }], total: -50 }, 'total'],
      [{ kind: 'cash-withdrawal', lines: [{ text: 'To bank', quantity: 1, unitPrice: -50, amount: -50, taxRate: 0 }], payments: [{ method: 'card', amount: -50 }], total: -50 }, 'payments'],
      [{ kind: 'cash-withdrawal', lines: [{ articleNumber: 'A1', text: 'To bank', quantity: 1, unitPrice: -50, amount: -50, taxRate: 0 }], payments: [{ method: 'cash', amount: -50 }], total: -50 }, 'lines.0'],
      [{ kind: 'end-of-day', lines: [articleLine(5)], payments: [{ method: 'cash', amount: 5 }], total: 5 }, 'lines.0'],
      [{ kind: 'refund' }, 'kind'],
    ];
    for (const [overrides, member] of refusals) {
      const answer = await post(receipt(overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys((answer.json() as { errors: object }).errors)).toContain(member);
    }
    const id = randomUUID();
    expect((await post({ ...receipt({ kind: 'return', lines: [{ text: 'Back', quantity: -1, unitPrice: 2, amount: -2, taxRate: 19 }], payments: [{ method: 'cash', amount: -2 }], total: -2 }), id, references: id })).statusCode).toBe(400);
  });

  it('takes cash movements and the end of day, which the daily turnover does not count', async () => {
    const deposit = receipt({ kind: 'cash-deposit', lines: [{ text: 'Float', quantity: 1, unitPrice: 150, amount: 150, taxRate: 0 }], payments: [{ method: 'cash', amount: 150 }], total: 150, createdAt: '2026-03-05T07:00:00.000Z' });
    const withdrawal = receipt({ kind: 'cash-withdrawal', lines: [{ text: 'To the bank', quantity: 1, unitPrice: -80, amount: -80, taxRate: 0 }], payments: [{ method: 'cash', amount: -80 }], total: -80, createdAt: '2026-03-05T18:00:00.000Z' });
    const sale = receipt({ createdAt: '2026-03-05T12:00:00.000Z' });
    const endOfDay = receipt({
      kind: 'end-of-day',
      createdAt: '2026-03-05T20:00:00.000Z',
      lines: [
        { text: 'Turnover 7 %', quantity: 1, unitPrice: 2.38, amount: 2.38, taxRate: 7 },
        { text: 'Turnover 19 %', quantity: 1, unitPrice: 14.99, amount: 14.99, taxRate: 19 },
      ],
      taxes: [{ rate: 7, amount: 2.38 }, { rate: 19, amount: 14.99 }],
      payments: [{ method: 'card', amount: 17.37 }],
      total: 17.37,
    });
    for (const document of [deposit, withdrawal, sale, endOfDay]) {
      const answer = await post(document);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({ id: document.id, stored: true });
    }
    expect((await documentOf(withdrawal.id))!.kind).toBe('cash-withdrawal');
    await reprocess();
    const day = await database.db.query<{ receipt_count: number; total: string }>("select receipt_count, total::text as total from mate_turnover_day where tenant_oid = $1 and day = '2026-03-05'", [tenantDe]);
    expect(day.rows).toEqual([{ receipt_count: 1, total: '17.3700' }]);
  });

  it('stores a document that does not fit the tenant with its reason, and books it once the data is fixed', async () => {
    const unknownNumber = `ZZ-${Date.now()}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ ...articleLine(), articleNumber: unknownNumber }], payments: [{ method: 'card', amount: 2.5 }], total: 2.5 }, `Line 1: the article ${unknownNumber} does not exist in the tenant.`],
      [{ lines: [{ gtin: '99999999', text: 'Unknown', quantity: 1, unitPrice: 1, amount: 1, taxRate: 19 }], payments: [{ method: 'card', amount: 1 }], total: 1 }, 'Line 1: no article with the GTIN 99999999 exists in the tenant.'],
      [{ lines: [{ text: 'Odd rate', quantity: 1, unitPrice: 1, amount: 1, taxRate: 16 }], payments: [{ method: 'card', amount: 1 }], total: 1 }, "Line 1: the tax rate 16 % does not exist for the tenant's country (DE)."],
      [{ taxes: [{ rate: 7, amount: 2.38 }, { rate: 19, amount: 15 }] }, 'The totals per tax rate do not add up: at 19 % the lines come to 14.99, the receipt states 15.'],
      [{ taxes: [{ rate: 7, amount: 2.38, net: 2.22, tax: 0.15 }, { rate: 19, amount: 14.99 }] }, 'The totals per tax rate do not add up: at 7 % net 2.22 and tax 0.15 do not make 2.38.'],
      [{ taxes: [{ rate: 7, amount: 2.38 }] }, 'The totals per tax rate do not add up: the lines at 19 % (14.99) have no total.'],
    ];
    for (const [overrides, reason] of cases) {
      const document = receipt({ ...overrides, createdAt: '2026-03-09T10:00:00.000Z' });
      const answer = await post(document);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({ id: document.id, stored: true, unprocessed: reason });
      expect(await documentOf(document.id)).toMatchObject({ processed_at: null, processing_error: reason });
    }
    // A return handed in before its original (an offline terminal catching up) waits for it.
    const original = receipt({ createdAt: '2026-03-09T09:00:00.000Z' });
    const correction = receipt({ kind: 'return', references: original.id, lines: [{ text: 'Kaffee Crema 1 kg', quantity: -1, unitPrice: 14.99, amount: -14.99, taxRate: 19 }], payments: [{ method: 'card', amount: -14.99 }], total: -14.99, createdAt: '2026-03-09T11:00:00.000Z' });
    const early = await post(correction);
    expect(early.json()).toEqual({ id: correction.id, stored: true, unprocessed: `The original document ${original.id} that this return references does not exist in the tenant.` });
    expect((await post(original)).statusCode).toBe(201);
    // The original fits: intake booked it at once; the queue holds only the documents that did not fit.
    expect((await documentOf(original.id))!.processed_at).not.toBeNull();
    // The unknown article is created (here: an article takes the number), and the queue is worked through again.
    await database.db.query(`update ${q(articleTable)} set "ArticleNumber" = $2 where "Oid" = $1`, [article.oid, unknownNumber]);
    const outcomes = await reprocess();
    expect(outcomes.filter((outcome) => outcome.processed === true)).toHaveLength(2);
    expect(await documentOf(correction.id)).toMatchObject({ processing_error: null, references_id: original.id, kind: 'return' });
    expect((await documentOf(correction.id))!.processed_at).not.toBeNull();
    const left = (await listUnprocessedDocuments(database.db, tenantDe)).length;
    expect(left).toBe(5);
    const day = await database.db.query<{ receipt_count: number; total: string }>("select receipt_count, total::text as total from mate_turnover_day where tenant_oid = $1 and day = '2026-03-09'", [tenantDe]);
    // The original (17.37), the return (-14.99) and the article that now exists (2.5).
    expect(day.rows).toEqual([{ receipt_count: 3, total: '4.8800' }]);
    await database.db.query(`update ${q(articleTable)} set "ArticleNumber" = $2 where "Oid" = $1`, [article.oid, article.number]);
  });
});
