import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Catalogue } from '../data/catalogue';
import { createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { bootstrapAdministrator } from '../identity/bootstrap-administrator';
import { DEMO_PASSWORD } from '../seed/demo/demo-identity';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { buildScopeTree, type ScopeItem } from './scope-routes';

describe('GET /api/settings/scope', () => {
  let test: IdentityTestApp;
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await loadCatalogue([BUILT_IN_METADATA_DIR]);
    // The identity test app serves the whole app, scope routes included, on the built-in catalogue.
    test = await createIdentityTestApp();
    await bootstrapAdministrator(test.database.db, 'admin-pass-1');
    await seedDemoData(test.database.db, catalogue, { articles: 30 });
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  async function scopeOf(username: string, password: string, query = ''): Promise<ScopeItem[]> {
    const token = await signInToken(test.app, username, password);
    const response = await test.app.inject({ method: 'GET', url: `/api/settings/scope${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: ScopeItem[] }).items;
  }

  const parentOf = (items: ScopeItem[], item: ScopeItem) => (item.parentIndex === null ? undefined : items[item.parentIndex]);

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/settings/scope' });
    expect(response.statusCode).toBe(401);
  });

  it('shows a store manager only their tenant, under its country, with locations and terminals', async () => {
    const items = await scopeOf('manager.de', DEMO_PASSWORD);
    expect(items[0]).toMatchObject({ index: 0, parentIndex: null, type: 'GLOBAL', id: 'GLOBAL', visibility: 'Visible' });
    expect(items.filter((i) => i.type === 'COUNTRY').map((i) => i.id)).toEqual(['DE']);
    const tenants = items.filter((i) => i.type === 'TENANT');
    expect(tenants.map((t) => [t.id, t.text, t.country])).toEqual([['MATE-DE', 'Mate Deutschland', 'DE']]);
    expect(parentOf(items, tenants[0]!)!.type).toBe('COUNTRY');
    items.forEach((item, index) => {
      expect(item.index).toBe(index);
      if (item.parentIndex !== null) expect(item.parentIndex).toBeLessThan(index);
    });
    const locations = items.filter((i) => i.type === 'LOCATION');
    expect(locations.length).toBe(5);
    expect(locations.every((l) => l.parentOid === tenants[0]!.oid && parentOf(items, l) === tenants[0])).toBe(true);
    const terminals = items.filter((i) => i.type === 'TERMINAL');
    expect(terminals.filter((t) => t.kind === 'POS').every((t) => parentOf(items, t)!.type === 'LOCATION' && t.parentOid === parentOf(items, t)!.oid)).toBe(true);
    const pan = terminals.filter((t) => t.parentOid === 0);
    expect(pan.length).toBeGreaterThanOrEqual(1);
    expect(pan.every((t) => t.kind === 'PAN' && parentOf(items, t) === tenants[0])).toBe(true);
  });

  it('marks a closed location and everything under it as deleted', async () => {
    const items = await scopeOf('manager.de', DEMO_PASSWORD);
    const closed = items.find((i) => i.type === 'LOCATION' && i.deleted)!;
    expect(closed.visibility).toBe('Deleted');
    const below = items.filter((i) => i.parentIndex === closed.index);
    expect(below.length).toBeGreaterThan(0);
    expect(below.every((i) => i.visibility === 'Deleted' && !i.deleted)).toBe(true);
    expect(items.filter((i) => i.type === 'LOCATION' && !i.deleted && !i.disabled).every((i) => i.visibility === 'Visible')).toBe(true);
  });

  it('shows the administrator every tenant, grouped by country, and filters terminal kinds', async () => {
    const items = await scopeOf('admin', 'admin-pass-1', '?lang=de');
    expect(items.filter((i) => i.type === 'TENANT')).toHaveLength(9);
    const countries = items.filter((i) => i.type === 'COUNTRY');
    expect(countries.map((c) => c.id)).toEqual(['AT', 'CH', 'CZ', 'DE', 'ES', 'FR', 'IT', 'JP']);
    expect(countries.find((c) => c.id === 'DE')!.text).toBe('Deutschland');
    const de = items.filter((i) => i.type === 'TENANT' && i.country === 'DE').map((t) => t.id);
    expect(de).toEqual(['MATE', 'MATE-DE']);
    const root = items.find((i) => i.id === 'MATE')!;
    expect(items.find((i) => i.id === 'MATE-JP')!.parentOid).toBe(root.oid);
    const posOnly = await scopeOf('admin', 'admin-pass-1', '?terminalKind=POS');
    expect(posOnly.filter((i) => i.type === 'TERMINAL').every((i) => i.kind === 'POS')).toBe(true);
    expect(posOnly.filter((i) => i.type === 'LOCATION')).toHaveLength(items.filter((i) => i.type === 'LOCATION').length);
  });

  it('refuses an unknown terminal kind', async () => {
    const token = await signInToken(test.app, 'cashier.at', DEMO_PASSWORD);
    const response = await test.app.inject({ method: 'GET', url: '/api/settings/scope?terminalKind=ATM', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { terminalKind: [expect.any(String)] } });
  });

  it('judges its parameters itself: the route schema that documents them refuses nothing first', async () => {
    const token = await signInToken(test.app, 'cashier.at', DEMO_PASSWORD);
    const get = (query: string) => test.app.inject({ method: 'GET', url: `/api/settings/scope${query}`, headers: { authorization: `Bearer ${token}` } });
    expect((await get('?terminalKind=pos&lang=de&other=1')).statusCode).toBe(200);
    const repeated = await get('?terminalKind=POS&terminalKind=PAN');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ message: 'terminalKind must be one of ANY, POS, PAN.' });
  });

  it('sends an ETag, answers 304 without a body while the tree is unchanged, and the new tree once it changed', async () => {
    const token = await signInToken(test.app, 'manager.de', DEMO_PASSWORD);
    const get = (headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url: '/api/settings/scope?lang=en', headers: { authorization: `Bearer ${token}`, ...headers } });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toContain('no-cache');

    const unchanged = await get({ 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await get({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    expect((await get({ 'if-none-match': etag, 'accept-language': 'de' })).statusCode).toBe(304); // ?lang wins
    const german = await test.app.inject({ method: 'GET', url: '/api/settings/scope?lang=de', headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
    expect(german.statusCode).toBe(200); // the country is named in German: another tree

    const location = (first.json() as { items: ScopeItem[] }).items.find((i) => i.type === 'LOCATION')!;
    await test.database.db.query('update e_tenancy_location set "Name" = $2 where "Oid" = $1', [location.oid, 'Renamed store']);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as { items: ScopeItem[] }).items.find((i) => i.oid === location.oid && i.type === 'LOCATION')!.text).toBe('Renamed store');
  });

  it('gives users with other tenants other tags, so one cached tree never answers for another user', async () => {
    const manager = await signInToken(test.app, 'manager.de', DEMO_PASSWORD);
    const managerTree = await test.app.inject({ method: 'GET', url: '/api/settings/scope', headers: { authorization: `Bearer ${manager}` } });
    const admin = await signInToken(test.app, 'admin', 'admin-pass-1');
    const adminTree = await test.app.inject({ method: 'GET', url: '/api/settings/scope', headers: { authorization: `Bearer ${admin}`, 'if-none-match': managerTree.headers.etag as string } });
    expect(adminTree.statusCode).toBe(200);
    expect(adminTree.headers.etag).not.toBe(managerTree.headers.etag);
  });

  it('builds only the root for a user without tenants', async () => {
    expect(await buildScopeTree(test.database.db, catalogue, [])).toEqual([
      { index: 0, parentIndex: null, id: 'GLOBAL', type: 'GLOBAL', oid: 0, parentOid: 0, text: 'Global', description: null, disabled: false, deleted: false, visibility: 'Visible', country: null },
    ]);
  });
});
