import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { loadNavigation } from '../metadata/load-navigation';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { DocumentDetail } from './document-detail';
import { listDocuments, type DocumentPage } from './document-query';
import { entityTableName } from '../data/sql-names';
import type { ScopeOptions } from './document-scope-options';
import { insertTestDocument } from './document-test-data';
import { DOCUMENT_TYPES, documentTypePath } from './document-types';

// Issue 16, the document viewer's reads: GET /api/documents/{group}/{type} (the query of the data grids, paging, sort)
// and GET /api/documents/receipt/by-uid/{uid} (lines, payments, taxes per rate, original and corrections), only
// documents of a type the caller may Read in their tenant, inside the scope headers.
describe('the document viewer routes', () => {
  let t: IdentityTestApp;
  let de: number;
  let at: number;
  type Terminal = { oid: number; locationOid: number };
  let terminalsDe: Terminal[];
  let terminalsAt: Terminal[];
  const tokens: Record<string, string> = {};
  /** Uids of the documents of each kind in each tenant, for the matrix. */
  const byKind: Record<string, { de: string; at: string }> = {};
  let sale: string;
  let otherSale: string;
  let refund: string;

  const get = (user: string, url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { authorization: `Bearer ${tokens[user]}`, ...headers } });
  const list = async (user: string, query: string, type = 'sales') => {
    const answer = await get(user, `/api/documents/receipt/${type}?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as DocumentPage;
  };

  beforeAll(async () => {
    t = await createIdentityTestApp({ navigation: await loadNavigation() });
    await seedDemoData(t.database.db, t.catalogue, { articles: 0 });
    const tenants = await t.database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(t.catalogue.find('tenancy', 'tenant')!.table)}`);
    de = Number(tenants.rows.find((row) => row.Id === 'MATE-DE')!.Oid);
    at = Number(tenants.rows.find((row) => row.Id === 'MATE-AT')!.Oid);
    const terminals = await t.database.db.query<{ Oid: string; TenantOid: string; LocationOid: string }>(
      `select "Oid", "TenantOid", "LocationOid" from ${q(t.catalogue.find('tenancy', 'pos-terminal')!.table)} where "LocationOid" is not null order by "Oid"`,
    );
    const of = (tenant: number) => terminals.rows.filter((row) => Number(row.TenantOid) === tenant).map((row) => ({ oid: Number(row.Oid), locationOid: Number(row.LocationOid) }));
    terminalsDe = of(de);
    terminalsAt = of(at);
    // Two terminals of two locations in MATE-DE, so that location and terminal filters have something to leave out.
    const secondLocation = terminalsDe.find((terminal) => terminal.locationOid !== terminalsDe[0]!.locationOid)!;
    const db = t.database.db;
    sale = await insertTestDocument(db, { tenantOid: de, ...terminal(terminalsDe[0]!), number: 101, operator: 'Viewer Anna', createdAt: '2031-03-10T10:00:00Z', lines: [
      { articleNumber: 'VW-1', text: 'Milk', quantity: 2, unitPrice: 1.07, amount: 2.14, taxRate: 7 },
      { articleNumber: 'VW-2', text: 'Coffee', quantity: 1, unitPrice: 11.9, amount: 11.9, taxRate: 19 },
    ], parts: [{ type: 'customer', variant: 'standard', printed: true, html: '<p>Thank you</p>' }, { type: 'merchant', variant: 'standard', printed: false }] });
    otherSale = await insertTestDocument(db, { tenantOid: de, ...terminal(secondLocation), number: 102, operator: 'Viewer Bert', createdAt: '2031-03-12T18:30:00Z', processed: false, processingError: 'Article VW-9 does not exist.', lines: [
      { articleNumber: 'VW-9', text: 'Bread', quantity: 1, unitPrice: 45, amount: 45, taxRate: 7 },
    ] });
    refund = await insertTestDocument(db, { tenantOid: de, ...terminal(terminalsDe[0]!), kind: 'return', number: 103, operator: 'Viewer Anna', createdAt: '2031-03-11T09:00:00Z', references: sale, lines: [
      { articleNumber: 'VW-1', text: 'Milk', quantity: -1, unitPrice: 1.07, amount: -1.07, taxRate: 7 },
    ] });
    byKind.return = { de: refund, at: '' };
    byKind.sale = { de: sale, at: '' };
    for (const type of DOCUMENT_TYPES) {
      const stamp = { createdAt: '2031-04-01T08:00:00Z', operator: `Matrix ${type.type}` };
      const kind = type.kind;
      const inDe = byKind[kind]?.de ?? (await insertTestDocument(db, { tenantOid: de, ...terminal(terminalsDe[1]!), kind, ...stamp }));
      byKind[kind] = { de: inDe, at: await insertTestDocument(db, { tenantOid: at, ...terminal(terminalsAt[0]!), kind, ...stamp }) };
    }

    // ada reads every type in both tenants; per type, a user who belongs to both tenants and holds Read on that type
    // in MATE-DE only.
    const readers = await createRole(db, 'Document readers');
    await setPermission(db, { subject: { roleOid: readers }, path: '/document', tenantOid: null, action: 'Read', allowed: true });
    // ...and the article grid, so that its receipt lines link to their articles.
    await setPermission(db, { subject: { roleOid: readers }, path: '/data/pos-supply/article', tenantOid: null, action: 'Read', allowed: true });
    const ada = await addUser(t.database, 'ada', 'ada-password-1', [de, at]);
    await setUserRoles(db, ada, [{ roleOid: readers, tenantOid: null }]);
    tokens.ada = await signInToken(t.app, 'ada', 'ada-password-1');
    for (const type of DOCUMENT_TYPES) {
      const role = await createRole(db, `Readers of ${type.type}`);
      await setPermission(db, { subject: { roleOid: role }, path: documentTypePath(type.type), tenantOid: null, action: 'Read', allowed: true });
      const user = await addUser(t.database, `reader-${type.type}`, 'reader-password-1', [de, at]);
      await setUserRoles(db, user, [{ roleOid: role, tenantOid: de }]);
      tokens[type.type] = await signInToken(t.app, `reader-${type.type}`, 'reader-password-1');
    }
  }, 180_000);
  afterAll(() => t.close());

  const terminal = (of: Terminal) => ({ terminalOid: of.oid, locationOid: of.locationOid });

  it('lists the sales of a date range, newest first, with names, state and the total count', async () => {
    const page = await list('ada', 'from=2031-03-01&to=2031-03-31');
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.uid)).toEqual([otherSale, sale]);
    expect(page.items[1]).toMatchObject({ id: 101, tenantOid: de, kind: 'sale', total: 14.04, currency: 'EUR', operator: 'Viewer Anna', processed: true, processingError: null, terminalOid: terminalsDe[0]!.oid, locationOid: terminalsDe[0]!.locationOid });
    expect(page.items[1]!.terminalName).toEqual(expect.any(String));
    expect(page.items[1]!.locationName).toEqual(expect.any(String));
    expect(page.items[0]).toMatchObject({ processed: false, processingError: 'Article VW-9 does not exist.' });
    // The 'to' day is included; a day later, nothing of March 12 is left out.
    expect((await list('ada', 'from=2031-03-12&to=2031-03-12')).items.map((item) => item.uid)).toEqual([otherSale]);
    expect((await list('ada', 'from=2031-03-13&to=2031-03-31')).total).toBe(0);
  });

  it('narrows by location, terminal, operator, amount and article, and sorts and pages', async () => {
    const march = 'from=2031-03-01&to=2031-03-31';
    expect((await list('ada', `${march}&location=${terminalsDe[0]!.locationOid}`)).items.map((item) => item.uid)).toEqual([sale]);
    expect((await list('ada', `${march}&terminal=${terminalsDe[0]!.oid}`)).items.map((item) => item.uid)).toEqual([sale]);
    expect((await list('ada', `${march}&operator=bert`)).items.map((item) => item.uid)).toEqual([otherSale]);
    // LIKE's wildcards are taken literally.
    expect((await list('ada', `${march}&operator=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list('ada', `${march}&amountMin=20`)).items.map((item) => item.uid)).toEqual([otherSale]);
    expect((await list('ada', `${march}&amountMax=20`)).items.map((item) => item.uid)).toEqual([sale]);
    expect((await list('ada', `${march}&article=VW-2`)).items.map((item) => item.uid)).toEqual([sale]);
    expect((await list('ada', `${march}&orderBy=amount`)).items.map((item) => item.uid)).toEqual([sale, otherSale]);
    expect((await list('ada', `${march}&orderBy=-number`)).items.map((item) => item.uid)).toEqual([otherSale, sale]);
    const second = await list('ada', `${march}&orderBy=number&skip=1&take=1`);
    expect(second).toMatchObject({ total: 2, items: [{ uid: otherSale }] });
    expect((await list('ada', `${march}`, 'returns')).items.map((item) => item.uid)).toEqual([refund]);
  });

  it("pages over the caller's tenants as over one list, newest first and in the other orders", async () => {
    // Sales of both tenants on one day, interleaved in time and amount: every page merges the tenants' rows.
    const may: Record<string, string> = {};
    for (const [hour, tenantOid, of] of [[10, de, terminalsDe[0]!], [11, at, terminalsAt[0]!], [12, de, terminalsDe[0]!], [13, at, terminalsAt[0]!], [14, de, terminalsDe[0]!]] as const) {
      may[hour] = await insertTestDocument(t.database.db, { tenantOid, ...terminal(of), createdAt: `2031-05-02T${hour}:00:00Z`, lines: [{ articleNumber: 'VW-5', text: 'Tea', quantity: 1, unitPrice: hour % 3, amount: hour % 3, taxRate: 7 }] });
    }
    const day = 'from=2031-05-02&to=2031-05-02';
    const pages = async (order: string) => {
      const uids: string[] = [];
      for (let skip = 0; skip < 6; skip += 2) uids.push(...(await list('ada', `${day}&orderBy=${order}&take=2&skip=${skip}`)).items.map((item) => item.uid));
      return uids;
    };
    expect(await pages('-date')).toEqual([may[14], may[13], may[12], may[11], may[10]]);
    expect(await pages('date')).toEqual([may[10], may[11], may[12], may[13], may[14]]);
    // Amounts 1, 2, 0, 1, 2 (hour % 3), ties in document order.
    const byAmount = await pages('amount');
    expect(byAmount[0]).toBe(may[12]);
    expect(new Set(byAmount.slice(1, 3))).toEqual(new Set([may[10], may[13]]));
    expect(new Set(byAmount.slice(3))).toEqual(new Set([may[11], may[14]]));
    expect(await list('ada', `${day}&article=VW-5&take=2`)).toMatchObject({ total: 5, exact: true });
  });

  it('counts the matching documents up to a limit, and past it says "more than" (exact: false) without reading them all', async () => {
    const tables = { locationTable: entityTableName('tenancy', 'location'), terminalTable: entityTableName('tenancy', 'pos-terminal') };
    const scope = { tenantOids: [de, at], kind: 'sale' };
    const query = { from: '2031-05-02', to: '2031-05-02', article: 'VW-5', orderBy: '-date' as const, skip: 0, take: 2 };
    expect(await listDocuments(t.database.db, tables, scope, query, 4)).toMatchObject({ total: 4, exact: false });
    expect(await listDocuments(t.database.db, tables, scope, query, 5)).toMatchObject({ total: 5, exact: true });
    expect((await listDocuments(t.database.db, tables, scope, query, 4)).items).toHaveLength(2);
  });

  it('keeps to the tenant asked for and to the location and terminal of the scope headers', async () => {
    const april = 'from=2031-04-01&to=2031-04-01';
    expect((await list('ada', april, 'cash-deposits')).items.map((item) => item.tenantOid).sort()).toEqual([de, at].sort());
    expect((await list('ada', `${april}&tenant=${at}`, 'cash-deposits')).items.map((item) => item.uid)).toEqual([byKind['cash-deposit']!.at]);
    const pinned = await get('ada', '/api/documents/receipt/sales?from=2031-03-01&to=2031-03-31', { 'x-mate-tenant': encodeScopeValue(de), 'x-mate-location': encodeScopeValue(terminalsDe[0]!.locationOid) });
    expect((pinned.json() as DocumentPage).items.map((item) => item.uid)).toEqual([sale]);
    const outside = await get('ada', `/api/documents/receipt/by-uid/${otherSale}`, { 'x-mate-tenant': encodeScopeValue(de), 'x-mate-terminal': encodeScopeValue(terminalsDe[0]!.oid) });
    expect(outside.statusCode).toBe(404);
  });

  it('answers a document with its lines, payments, taxes per rate, copies and the corrections that reference it', async () => {
    const answer = await get('ada', `/api/documents/receipt/by-uid/${sale}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json() as DocumentDetail;
    expect(detail).toMatchObject({ uid: sale, id: 101, total: 14.04, processed: true, original: null });
    expect(detail.lines.map((line) => [line.lineNo, line.articleNumber, line.amount])).toEqual([[1, 'VW-1', 2.14], [2, 'VW-2', 11.9]]);
    expect(detail.payments).toEqual([{ lineNo: 1, method: 'cash', amount: 14.04 }]);
    expect(detail.taxes).toEqual([{ rate: 7, gross: 2.14, net: 2, tax: 0.14 }, { rate: 19, gross: 11.9, net: 10, tax: 1.9 }]);
    // The copies' kinds only: their HTML is the download route's.
    expect(detail.parts).toEqual([{ type: 'customer', variant: 'standard', printed: true }, { type: 'merchant', variant: 'standard', printed: false }]);
    expect(detail.corrections.map((correction) => [correction.uid, correction.kind])).toEqual([[refund, 'return']]);
    const correction = (await get('ada', `/api/documents/receipt/by-uid/${refund}`)).json() as DocumentDetail;
    expect(correction.original).toMatchObject({ uid: sale, kind: 'sale', id: 101 });
  });

  it("answers each document's viewer page, its downloads, and each line's link to its article where the caller may read the article grid", async () => {
    const page = await list('ada', 'from=2031-03-01&to=2031-03-31');
    expect(page.items.map((item) => item.path)).toEqual(['/document/receipt/sales', '/document/receipt/sales']);
    const detail = (await get('ada', `/api/documents/receipt/by-uid/${sale}`)).json() as DocumentDetail;
    expect(detail.corrections.map((correction) => correction.path)).toEqual(['/document/receipt/returns']);
    expect(detail.downloads).toEqual(['html', 'pdf', 'xml', 'zip', 'escpos'].map((format) => ({ format, href: `/api/download/receipt/${sale}/receipt-101.${format}`, fileName: `receipt-101.${format}` })));
    const link = new URL(detail.lines[0]!.articleLink!, 'http://mate');
    expect(link.pathname).toBe('/data/pos-supply/article');
    expect(JSON.parse(Buffer.from(link.searchParams.get('$k')!, 'base64').toString('utf8'))).toEqual({ values: {}, q: 'VW-1', sort: [] });
    expect(link.searchParams.get('$start')).toBe('1');
    // A reader of sales who may not read the article grid gets no link that would only say 'not permitted'.
    const withoutGrid = (await get('sales', `/api/documents/receipt/by-uid/${sale}`)).json() as DocumentDetail;
    expect(withoutGrid.lines.map((line) => line.articleLink)).toEqual([null, null]);
    // Every download it names answers.
    for (const download of detail.downloads!) expect((await get('ada', download.href)).statusCode, download.format).toBe(200);
  });

  it("answers the query form's locations and terminals of every tenant whose documents the caller may read, inside the scope headers", async () => {
    const options = async (user: string, query = '', headers: Record<string, string> = {}) => {
      const answer = await get(user, `/api/documents/scope-options${query}`, headers);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as ScopeOptions;
    };
    const all = await options('ada');
    expect(new Set(all.locations.map((location) => location.tenantOid))).toEqual(new Set([de, at]));
    for (const terminal of [...terminalsDe, ...terminalsAt]) expect(all.terminals).toContainEqual(expect.objectContaining({ oid: terminal.oid, locationOid: terminal.locationOid, text: expect.any(String) }));
    expect(all.terminals.every((terminal) => all.locations.some((location) => location.oid === terminal.locationOid && location.tenantOid === terminal.tenantOid))).toBe(true);
    expect(all.locations.every((location) => location.text.length > 0)).toBe(true);
    // The text boxes beyond the fixed members, labelled by the field they search in every language.
    expect(all.textFilters).toEqual([{ name: 'article', maxLength: 32, label: expect.objectContaining({ en: 'Article number', de: 'Artikelnummer' }) }]);
    // One tenant asked for; a reader of one type in MATE-DE only sees MATE-DE's.
    expect(new Set((await options('ada', `?tenant=${at}`)).locations.map((location) => location.tenantOid))).toEqual(new Set([at]));
    expect(new Set((await options('end-of-day')).locations.map((location) => location.tenantOid))).toEqual(new Set([de]));
    // The scope headers pin the location and the terminal.
    const location = terminalsDe[0]!.locationOid;
    const pinned = await options('ada', '', { 'x-mate-tenant': encodeScopeValue(de), 'x-mate-location': encodeScopeValue(location) });
    expect(pinned.locations.map((entry) => entry.oid)).toEqual([location]);
    expect(pinned.terminals.length).toBeGreaterThan(0);
    expect(pinned.terminals.every((terminal) => terminal.locationOid === location)).toBe(true);
    const terminal = await options('ada', '', { 'x-mate-tenant': encodeScopeValue(de), 'x-mate-terminal': encodeScopeValue(terminalsDe[0]!.oid) });
    expect(terminal.terminals.map((entry) => entry.oid)).toEqual([terminalsDe[0]!.oid]);
    // No document right anywhere: nothing; another's tenant: 403; no token: 401.
    const nobody = await addUser(t.database, 'no-documents', 'no-documents-password-1', [de]);
    expect(nobody).toBeGreaterThan(0);
    tokens.nobody = await signInToken(t.app, 'no-documents', 'no-documents-password-1');
    expect(await options('nobody')).toEqual({ locations: [], terminals: [], textFilters: all.textFilters });
    expect((await get('ada', '/api/documents/scope-options?tenant=999999')).statusCode).toBe(403);
    expect((await get('ada', '/api/documents/scope-options?tenant=x')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/documents/scope-options' })).statusCode).toBe(401);
  });

  it('shows the original and the corrections only to a caller who may read their types', async () => {
    const detail = (await get('sales', `/api/documents/receipt/by-uid/${sale}`)).json() as DocumentDetail;
    expect(detail.corrections).toEqual([]);
    const correction = (await get('returns', `/api/documents/receipt/by-uid/${refund}`)).json() as DocumentDetail;
    expect(correction.original).toBeNull();
  });

  describe.each(DOCUMENT_TYPES.map((type) => [type.type, type.kind] as const))('a user who reads %s in one tenant only', (type, kind) => {
    it('lists and opens that type in that tenant and nothing else', async () => {
      const page = await list(type, 'from=2031-03-01&to=2031-04-30', type);
      expect(page.items.length).toBeGreaterThan(0);
      expect(new Set(page.items.map((item) => item.tenantOid))).toEqual(new Set([de]));
      expect(page.items.every((item) => item.kind === kind)).toBe(true);
      expect((await get(type, `/api/documents/receipt/${type}?tenant=${at}`)).statusCode).toBe(403);
      expect((await get(type, `/api/documents/receipt/by-uid/${byKind[kind]!.de}`)).statusCode).toBe(200);
      const other = await get(type, `/api/documents/receipt/by-uid/${byKind[kind]!.at}`);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ message: `Not permitted: Read on ${documentTypePath(type)}.` });
      // The query form's options: that tenant's locations and terminals only.
      const options = (await get(type, '/api/documents/scope-options')).json() as ScopeOptions;
      expect(options.locations.length).toBeGreaterThan(0);
      expect(new Set([...options.locations, ...options.terminals].map((option) => option.tenantOid))).toEqual(new Set([de]));
      expect((await get(type, `/api/documents/scope-options?tenant=${at}`)).json()).toMatchObject({ locations: [], terminals: [] });
      for (const otherType of DOCUMENT_TYPES.filter((entry) => entry.type !== type)) {
        const refused = await get(type, `/api/documents/receipt/${otherType.type}`);
        expect(refused.statusCode, otherType.type).toBe(403);
        expect((await get(type, `/api/documents/receipt/by-uid/${byKind[otherType.kind]!.de}`)).statusCode, otherType.type).toBe(403);
      }
    });
  });

  it('refuses what is not a query, a tenant of someone else, an unknown type, and callers without a token', async () => {
    const bad = await get('ada', '/api/documents/receipt/sales?from=2031-02-30&take=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400 });
    expect((await get('ada', '/api/documents/receipt/sales?from=2031-03-02&to=2031-03-01')).json()).toMatchObject({ status: 400, errors: { from: ['must not be after to'] } });
    expect((await get('ada', '/api/documents/receipt/sales?amountMin=5&amountMax=1')).statusCode).toBe(400);
    expect((await get('ada', '/api/documents/receipt/sales?tenant=999999')).statusCode).toBe(403);
    expect((await get('ada', '/api/documents/receipt/bought')).statusCode).toBe(400);
    expect((await get('ada', '/api/documents/invoice/sales')).statusCode).toBe(400);
    expect((await get('ada', '/api/documents/receipt/by-uid/not-a-uuid')).statusCode).toBe(400);
    expect((await get('ada', `/api/documents/receipt/by-uid/${randomUUID()}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/documents/receipt/sales' })).statusCode).toBe(401);
  });
});
