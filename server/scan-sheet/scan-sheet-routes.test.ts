import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue, SCOPE_HEADERS } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { codeOf, isEan13 } from './pick-articles';
import { SCAN_SHEET_PATH } from './scan-sheet-schemas';

type Sheet = { seed: number; layout: string; columns: number; rows: number; pages: number; items: { oid: number; text: string; articleNumber: string | null; code: string; symbology: 'ean13' | 'code128' }[] };

/** The text of a PDF (poppler's pdftotext), or undefined where poppler is not installed. */
function pdfText(pdf: Buffer): string | undefined {
  const file = join(mkdtempSync(join(tmpdir(), 'scan-sheet-')), 'sheet.pdf');
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

// The random scan sheet on the demo data: the same seed picks the same articles, EAN-13 where the GTIN is valid and
// Code 128 otherwise, the PDF holds them on A4 pages of the chosen grid; Read on the page in the scope's tenant
// (user x tenant matrix); hostile queries are a 400 naming the parameter.
describe('the scan sheet routes', () => {
  let t: IdentityTestApp;
  let tenants: Record<'DE' | 'AT', number>;
  const tokens: Record<string, string> = {};
  const get = (url: string, token?: string, tenant?: 'DE' | 'AT') =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(tenant ? { [SCOPE_HEADERS.tenant]: encodeScopeValue(tenants[tenant]) } : {}) } });

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await seedDemoData(t.database.db, t.catalogue, { articles: 60 });
    const rows = await t.database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(t.catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((row) => row.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT') };
    // One article with a GTIN that is no valid EAN-13: it is printed as Code 128.
    const articles = t.catalogue.find('pos-supply', 'article')!.table;
    await t.database.db.query(`update ${q(articles)} set "GTIN" = '4006381333932' where "Oid" = (select min("Oid") from ${q(articles)} where "TenantOid" = $1)`, [tenants.DE]);
    const reader = await createRole(t.database.db, 'Scan sheet readers');
    await setPermission(t.database.db, { subject: { roleOid: reader }, path: SCAN_SHEET_PATH, tenantOid: null, action: 'Read', allowed: true });
    const other = await createRole(t.database.db, 'Article readers');
    await setPermission(t.database.db, { subject: { roleOid: other }, path: '/data/pos-supply/article', tenantOid: null, action: 'Read', allowed: true });
    const users: [string, [number, number][]][] = [
      ['dora', [[reader, tenants.DE]]],
      ['gerd', [[reader, tenants.DE], [reader, tenants.AT]]],
      ['anna', [[other, tenants.DE], [other, tenants.AT]]],
      ['emil', []],
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(t.database, name, `${name}-password-1`, [tenants.DE, tenants.AT]);
      await setUserRoles(t.database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
      tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('chooses EAN-13 for a valid GTIN and Code 128 for the rest', () => {
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(codeOf('4006381333931', 'A-1')).toEqual({ code: '4006381333931', symbology: 'ean13' });
    expect(codeOf('4006381333932', 'A-1')).toEqual({ code: '4006381333932', symbology: 'code128' });
    expect(codeOf(null, 'A-1')).toEqual({ code: 'A-1', symbology: 'code128' });
    expect(codeOf(null, 'Ä\u0001')).toBeUndefined();
  });

  it('picks the same articles for the same seed, others for another, and answers a new seed when none is given', async () => {
    const first = (await get('/api/scan-sheet?count=12&seed=42', tokens.gerd, 'DE')).json() as Sheet;
    const again = (await get('/api/scan-sheet?count=12&seed=42', tokens.gerd, 'DE')).json() as Sheet;
    const other = (await get('/api/scan-sheet?count=12&seed=43', tokens.gerd, 'DE')).json() as Sheet;
    expect(first.items).toHaveLength(12);
    expect(again.items).toEqual(first.items);
    expect(other.items.map((item) => item.oid)).not.toEqual(first.items.map((item) => item.oid));
    expect(new Set(first.items.map((item) => item.oid)).size).toBe(12);
    for (const item of first.items) expect(item.symbology === 'ean13').toBe(isEan13(item.code));
    const unseeded = await get('/api/scan-sheet?count=3', tokens.gerd, 'DE');
    expect(unseeded.statusCode).toBe(200);
    const { seed } = unseeded.json() as Sheet;
    expect(((await get(`/api/scan-sheet?count=3&seed=${seed}`, tokens.gerd, 'DE')).json() as Sheet).items).toEqual((unseeded.json() as Sheet).items);
    const all = (await get('/api/scan-sheet?count=200&seed=1', tokens.gerd, 'DE')).json() as Sheet;
    expect(all.items.some((item) => item.symbology === 'code128' && item.code === '4006381333932')).toBe(true);
    // AT holds no demo articles: an empty sheet, not an error.
    expect(((await get('/api/scan-sheet?seed=1', tokens.gerd, 'AT')).json() as Sheet).items).toEqual([]);
  });

  it('renders the PDF on A4 pages of the chosen grid, with the codes and the seed in the footer', async () => {
    const answer = await get('/api/scan-sheet/scan-sheet.pdf?count=14&seed=7&layout=a4-2x5', tokens.gerd, 'DE');
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="scan-sheet-7.pdf"');
    const pdf = answer.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    const sheet = (await get('/api/scan-sheet?count=14&seed=7&layout=a4-2x5', tokens.gerd, 'DE')).json() as Sheet;
    expect(sheet).toMatchObject({ columns: 2, rows: 5, pages: 2 });
    const text = pdfText(pdf);
    if (text !== undefined) {
      expect(text).toContain('seed 7');
      expect(text).toMatch(/\b2 ?\/ ?2\b/);
      for (const item of sheet.items) if (item.articleNumber) expect(text).toContain(item.articleNumber);
    }
  }, 60_000);

  it('answers each user only where they hold Read on the page (user x tenant scope)', async () => {
    const expected: Record<string, Record<'DE' | 'AT', number>> = { dora: { DE: 200, AT: 403 }, gerd: { DE: 200, AT: 200 }, anna: { DE: 403, AT: 403 }, emil: { DE: 403, AT: 403 } };
    for (const [user, scopes] of Object.entries(expected)) {
      for (const [tenant, status] of Object.entries(scopes) as ['DE' | 'AT', number][]) {
        for (const url of ['/api/scan-sheet?count=2&seed=1', '/api/scan-sheet/scan-sheet.pdf?count=1&seed=1']) {
          const answer = await get(url, tokens[user], tenant);
          expect(answer.statusCode, `${user} in ${tenant} ${url}`).toBe(status);
          if (status === 403) expect((answer.json() as { message: string }).message).toContain(SCAN_SHEET_PATH);
        }
      }
    }
    expect((await get('/api/scan-sheet')).statusCode).toBe(401);
    expect((await get('/api/scan-sheet/scan-sheet.pdf')).statusCode).toBe(401);
  }, 60_000);

  it('refuses hostile queries with a 400 that names the parameter', async () => {
    const cases: [string, string][] = [
      ['count=0', 'count'],
      ['count=201', 'count'],
      ['count=abc', 'count'],
      ['count=1e309', 'count'],
      ['seed=-1', 'seed'],
      ['seed=99999999999999999999', 'seed'],
      ['layout=a3', 'layout'],
      ['layout=a4%003x8', 'layout'],
      ['pages=2', 'pages'],
    ];
    for (const url of ['/api/scan-sheet', '/api/scan-sheet/scan-sheet.pdf']) {
      for (const [query, name] of cases) {
        const answer = await get(`${url}?${query}`, tokens.gerd, 'DE');
        expect(answer.statusCode, `${url}?${query}: ${answer.body}`).toBe(400);
        expect(answer.body, query).toContain(name);
      }
    }
  });
});
