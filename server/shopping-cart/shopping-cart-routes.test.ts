import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue, SCOPE_HEADERS } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { SHOPPING_CART_PATH } from './shopping-cart-schemas';

type Answer = { currency: string; decimals: number; items: { oid: number; articleNumber: string | null; gtin: string | null; text: string; unitPrice: number; taxRate: number; discountable: boolean }[] };

// The shopping cart's article search on the demo data: the articles of the scope's tenant with price and tax rate,
// for users who hold Read on the cart and on the articles there; hostile queries are a 4xx naming the parameter.
describe('the shopping cart routes', () => {
  let t: IdentityTestApp;
  let tenants: Record<'DE' | 'AT', number>;
  let articleTable: string;
  const tokens: Record<string, string> = {};

  const get = (url: string, token?: string, tenant?: 'DE' | 'AT') =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(tenant ? { [SCOPE_HEADERS.tenant]: encodeScopeValue(tenants[tenant]) } : {}) } });

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await seedDemoData(t.database.db, t.catalogue, { articles: 40 });
    articleTable = t.catalogue.find('pos-supply', 'article')!.table;
    const rows = await t.database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(t.catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((row) => row.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT') };
    const role = async (name: string, paths: string[]) => {
      const oid = await createRole(t.database.db, name);
      for (const path of paths) await setPermission(t.database.db, { subject: { roleOid: oid }, path, tenantOid: null, action: 'Read', allowed: true });
      return oid;
    };
    const cashier = await role('Cart users', [SHOPPING_CART_PATH, '/data/pos-supply/article']);
    const articlesOnly = await role('Article readers', ['/data/pos-supply/article']);
    const cartOnly = await role('Cart without articles', [SHOPPING_CART_PATH]);
    const users: [string, [number, number][]][] = [
      ['dora', [[cashier, tenants.DE]]], // the right in DE only, member of DE and AT
      ['gerd', [[cashier, tenants.DE], [cashier, tenants.AT]]],
      ['anna', [[articlesOnly, tenants.DE], [articlesOnly, tenants.AT]]],
      ['carl', [[cartOnly, tenants.DE], [cartOnly, tenants.AT]]],
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

  it("finds the tenant's articles by number, GTIN and text, with price, tax rate and currency", async () => {
    const sample = (await t.database.db.query<{ Oid: string; ArticleNumber: string; GTIN: string | null; Text: string; RetailPrice: string }>(`select "Oid", "ArticleNumber", "GTIN", "Text", "RetailPrice" from ${q(articleTable)} where "TenantOid" = $1 and "GTIN" is not null and "RetailPrice" > 0 order by "Oid" limit 1`, [tenants.DE])).rows[0]!;
    const byNumber = await get(`/api/shopping-cart/articles?q=${encodeURIComponent(sample.ArticleNumber)}`, tokens.gerd, 'DE');
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const answer = byNumber.json() as Answer;
    expect(answer).toMatchObject({ currency: 'EUR', decimals: 2 });
    expect(answer.items[0]).toMatchObject({ oid: Number(sample.Oid), articleNumber: sample.ArticleNumber, text: sample.Text, unitPrice: Number(sample.RetailPrice), discountable: expect.any(Boolean) });
    expect([7, 19]).toContain(answer.items[0]!.taxRate);
    const byGtin = (await get(`/api/shopping-cart/articles?q=${sample.GTIN}`, tokens.gerd, 'DE')).json() as Answer;
    expect(byGtin.items[0]!.oid).toBe(Number(sample.Oid));
    const word = sample.Text.split(' ')[0]!;
    const byText = (await get(`/api/shopping-cart/articles?q=${encodeURIComponent(word.toLowerCase())}&take=50`, tokens.gerd, 'DE')).json() as Answer;
    expect(byText.items.length).toBeGreaterThan(0);
    for (const item of byText.items) expect(item.text.toLowerCase()).toContain(word.toLowerCase());
    // Wildcards match literally: a percent sign finds only texts that contain one.
    const percent = ((await get('/api/shopping-cart/articles?q=%25&take=50', tokens.gerd, 'DE')).json() as Answer).items;
    for (const item of percent) expect(item.text).toContain('%');
    expect(percent.length).toBeLessThan(40);
    expect(((await get('/api/shopping-cart/articles?take=5', tokens.gerd, 'DE')).json() as Answer).items).toHaveLength(5);
  });

  it('answers each user only where they hold Read on the cart and on the articles (user x tenant scope)', async () => {
    const expected: Record<string, Record<'DE' | 'AT', number>> = {
      dora: { DE: 200, AT: 403 },
      gerd: { DE: 200, AT: 200 },
      anna: { DE: 403, AT: 403 },
      carl: { DE: 403, AT: 403 },
      emil: { DE: 403, AT: 403 },
    };
    for (const [user, scopes] of Object.entries(expected)) {
      for (const [tenant, status] of Object.entries(scopes) as ['DE' | 'AT', number][]) {
        const answer = await get('/api/shopping-cart/articles?take=3', tokens[user], tenant);
        expect(answer.statusCode, `${user} in ${tenant}: ${answer.body}`).toBe(status);
        if (status === 403) expect((answer.json() as { message: string }).message).toMatch(/Read on \/(tools\/shopping-cart|data\/pos-supply\/article)/);
      }
    }
    // Another tenant's articles never show: AT holds no demo articles.
    expect(((await get('/api/shopping-cart/articles', tokens.gerd, 'AT')).json() as Answer).items).toEqual([]);
    expect((await get('/api/shopping-cart/articles')).statusCode).toBe(401);
  });

  it('refuses hostile queries with a 400 that names the parameter', async () => {
    const cases: [string, string][] = [
      ['take=0', 'take'],
      ['take=abc', 'take'],
      ['take=1e309', 'take'],
      ['take=51', 'take'],
      [`q=${'x'.repeat(65)}`, 'q'],
      ['q=a%00b', 'q'],
      ['tenant=1', 'tenant'],
    ];
    for (const [query, name] of cases) {
      const answer = await get(`/api/shopping-cart/articles?${query}`, tokens.gerd, 'DE');
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400);
      expect(answer.body, query).toContain(name);
    }
    const badScope = await t.app.inject({ method: 'GET', url: '/api/shopping-cart/articles', headers: { authorization: `Bearer ${tokens.gerd}`, [SCOPE_HEADERS.tenant]: '12' } });
    expect(badScope.statusCode).toBe(400);
  });
});
