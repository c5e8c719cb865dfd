import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue';
import { TEST_FIXTURES_DIR } from './data-test-app';
import { operationOf } from '../api-docs/route-openapi';
import { SIGN_IN_ROUTE_SCHEMA } from '../identity/sign-in-schemas';
import { buildOpenApi } from './openapi';

describe('buildOpenApi', () => {
  it("documents what the password sign-in reads and answers beside the Basic header, from its route schema (sign-in-schemas.ts)", () => {
    const signIn = operationOf(SIGN_IN_ROUTE_SCHEMA) as { parameters: { name: string; in: string }[]; responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> };
    expect(signIn.parameters.map(({ name, in: where }) => `${where} ${name}`)).toEqual(['header x-mate-second-factor', 'header x-mate-passkey']);
    expect(Object.keys(signIn.responses['200']!.content['application/json']!.schema.properties)).toEqual(['access_token', 'token_type', 'expires_in', 'recoveryCodes']);
  });

  it('lists every kind with the operations it offers and its record schema', async () => {
    const doc = buildOpenApi(await loadCatalogue([TEST_FIXTURES_DIR])) as { openapi: string; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths['/api/data/shop/product/{id}']!).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(Object.keys(doc.paths['/api/data/shop/audit-entry/{id}']!)).toEqual(['get']);
    expect(doc.paths['/api/data/shop/audit-entry']!.post).toBeUndefined();
    expect(doc.paths['/api/data/shop/category/{id}/details/products']).toBeDefined();
    expect((doc.paths['/api/data/shop/product/import']!.post as { parameters: { name: string }[] }).parameters.map((p) => p.name)).toEqual(['validOnly']);
    expect(doc.paths['/api/data/shop/audit-entry/import']).toBeUndefined();
    expect(Object.keys(doc.components.schemas['shop.product']!.properties)).toContain('Attributes');
    expect(JSON.stringify(doc)).not.toContain('$schema');
    // The hub's paths come from its route schemas (server/hub/hub-schemas.ts), not from the catalogue's part.
    expect(doc.paths['/api/hub/mate/negotiate']).toBeUndefined();
    // So do the sign-in's (server/identity/sign-in-schemas.ts).
    expect(doc.paths['/api/v1-pub/auth/user/token.json']).toBeUndefined();
  });
});
