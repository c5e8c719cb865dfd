import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mateApp } from '../app';
import { buildInfoFor } from '../build-info';
import { loadConfig } from '../config';
import { DataEventBus } from '../data/data-event-bus';
import { builtInCatalogue, createIdentityTestDatabase } from '../identity/identity-test-app';
import type { TestDatabase } from '../test-support/test-database';
import { collectRoutes } from './route-collector';
import type { RegisteredRoute, RouteSchema } from './route-openapi';

/**
 * Routes that are rightly not in /api/openapi.json, each with why. Everything else Fastify registers must be
 * documented: a new route without its OpenAPI fragment fails this test (issue 18).
 */
const UNDOCUMENTED: Record<string, string> = {
  // The UI build's files and the single-page app's deep-link fallback: not an API.
  'GET /*': 'static files of the UI build and the SPA fallback',
  'GET /': 'the UI build (index.html)',
};

/** A registered route as a pattern: `:area` one path segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const escaped = url.replace(/[.+?^$()|[\]\\{}]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+').replace(/\*/g, '.+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Whether a documented path is an instance of the registered route. The data routes are registered once
 * (`/api/data/:area/:entity`) and documented per entity kind; a documented `{id}` stands for any segment value.
 */
function covers(registeredUrl: string, documentedPath: string): boolean {
  if (registeredUrl === documentedPath.replace(/\{([^}]+)\}/g, ':$1')) return true;
  return patternOf(registeredUrl).test(documentedPath);
}

describe('the OpenAPI document covers every route', () => {
  let database: TestDatabase;
  let bus: DataEventBus;
  let app: ReturnType<typeof Fastify>;
  let registered: RegisteredRoute[] = [];
  let routes: readonly RegisteredRoute[] = [];

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    bus = new DataEventBus(database.db);
    await bus.start();
    app = Fastify({ logger: false });
    routes = collectRoutes(app);
    const config = loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'silent' });
    await app.register(mateApp, { config, db: database.db, buildInfo: buildInfoFor(new Date('2025-01-14T08:40:00Z')), installationId: 'coverage', navigation: [], data: { catalogue, events: bus } });
    await app.ready();
    registered = routes.filter((route) => route.method !== 'HEAD');
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await bus.close();
    await database.drop();
  });

  it('lists every registered route but the documented exceptions in /api/openapi.json', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
    const missing = registered
      .filter(({ method, url }) => !(`${method} ${url}` in UNDOCUMENTED))
      .filter(({ method, url }) => !documented.some((entry) => entry.method === method && covers(url, entry.path)))
      .map(({ method, url }) => `${method} ${url}`);
    expect([...new Set(missing)].sort()).toEqual([]);
  });

  it('matches documented paths to registered patterns, and only those', () => {
    expect(covers('/api/data/:area/:entity/:id', '/api/data/pos-supply/article/{id}')).toBe(true);
    expect(covers('/api/barcode/*', '/api/barcode/{text}.{ext}')).toBe(true);
    expect(covers('/api/admin/outbox/:oid', '/api/admin/outbox/{oid}/resend')).toBe(false);
    expect(covers('/api/admin/outbox/:oid/resend', '/api/admin/outbox/{oid}')).toBe(false);
    expect(registered.some((route) => route.url === '/metrics')).toBe(true);
  });

  /** What a route's schema accepts, as the document must say it: each parameter with where, whether required, its schema. */
  function acceptedBy(schema: RouteSchema) {
    const of = (part: { properties?: Record<string, unknown>; required?: readonly string[] } | undefined, where: string) =>
      Object.entries(part?.properties ?? {}).map(([name, value]) => ({ name, in: where, required: where === 'path' || (part?.required ?? []).includes(name), schema: value }));
    // A body Fastify validates is the JSON request body; one a handler checks itself is documented as its `requestBody` says.
    const body = schema.body ? { required: true, content: { 'application/json': { schema: schema.body } } } : schema.requestBody;
    return { parameters: [...of(schema.documentedPath?.params ?? schema.params, 'path'), ...of(schema.querystring, 'query'), ...of(schema.headers, 'header')], body };
  }

  it("documents a route that describes itself with exactly the parameters and body its schema accepts", async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { summary: string; parameters?: { name: string; in: string; required?: boolean; schema: unknown }[]; requestBody?: unknown }>> };
    const described = registered.filter((route) => typeof route.schema?.summary === 'string');
    // The routes converted so far (issue 19); the rest are still hand-written fragments (docs/api.md "OpenAPI").
    expect(described.map(({ method, url }) => `${method} ${url}`)).toEqual(expect.arrayContaining(['GET /api/openapi.json', 'GET /api/v1/ping', 'GET /api/info', 'GET /version.json', 'GET /api/health', 'GET /api/user/profile', 'GET /api/ui/permissions', 'GET /api/ui/navigation', 'GET /api/ui/page-access', 'GET /api/ui/progress', 'GET /api/auth/settings', 'POST /api/auth/logout', 'GET /api/settings/scope', 'GET /api/avatar/:hash', 'GET /api/docs/assets/:name', 'GET /api/schema-playground/catalogue', 'GET /api/reports/:group/:type/export.:format', 'GET /api/monitoring/figures', 'GET /metrics', 'GET /api/diagnostics/server-log', 'GET /api/exchange-rates', 'PUT /api/exchange-rates/:currency', 'DELETE /api/exchange-rates/:currency', 'GET /api/exchange-rates/:currency/history', 'GET /api/shopping-cart/articles',
      'GET /api/scan-sheet', 'GET /api/scan-sheet/scan-sheet.pdf', 'GET /api/reports', 'GET /api/reports/:group/:type', 'POST /api/reports/:group/:type/run', 'GET /api/images', 'POST /api/images', 'GET /api/images/:name', 'GET /api/receipt-templates/:documentType', 'PUT /api/receipt-templates/:documentType', 'DELETE /api/receipt-templates/:documentType', 'POST /api/receipt-templates/:documentType/preview', 'GET /api/messages/people', 'GET /api/messages/conversations', 'POST /api/messages/conversations', 'GET /api/messages/conversations/:oid/messages', 'POST /api/messages/conversations/:oid/messages', 'POST /api/messages/conversations/:oid/read', 'GET /api/pos-layouts/:kind', 'POST /api/pos-layouts/:kind', 'GET /api/pos-layouts/:kind/targets', 'GET /api/pos-layouts/:kind/:id', 'PUT /api/pos-layouts/:kind/:id', 'DELETE /api/pos-layouts/:kind/:id', 'POST /api/pos-layouts/:kind/:id/duplicate', 'GET /api/user/extension/dashboard', 'PUT /api/user/extension/dashboard', 'GET /api/turnover/daily', 'GET /api/documents/throughput', 'GET /api/currencies/currency', 'GET /api/currencies/exchange-rates', 'GET /api/db-info/summary', 'GET /api/db-info/tables', 'GET /api/db-info/database-usage', 'GET /api/diagnostics/document-locks', 'POST /api/diagnostics/document-locks/take', 'DELETE /api/diagnostics/document-locks/:oid', 'POST /api/diagnostics/unprocessed-documents/:oid/reprocess', 'GET /api/settings/:target/configuration', 'GET /api/settings/:target/effective', 'PUT /api/settings/:target/values', 'DELETE /api/settings/:target/values', 'GET /api/settings/recent-changes', 'GET /api/pos-settings/configuration', 'PUT /api/pos-settings/values', 'DELETE /api/pos-settings/values', 'GET /api/pos-settings/recent-changes', 'GET /api/audit/activity',
      'POST /api/hub/mate/negotiate', 'GET /api/hub/mate', 'GET /api/bridge', 'GET /api/bridge/jobs', 'GET /api/documents/unprocessed', 'GET /api/diagnostics/unprocessed-documents', 'GET /api/download/receipt/:uid/:file', 'GET /api/download/receipt-attachment/:uid/:kind/:name', 'PUT /api/terminals/receipts/:uid/attachments/:kind/:name', 'GET /api/documents/scope-options', 'GET /api/documents/:group/:type', 'GET /api/documents/receipt/by-uid/:uid', 'GET /api/barcode/*',
      'GET /api/terminals/socket', 'POST /api/terminals/receipts', 'GET /api/terminals/connections', 'GET /api/terminals/:id/log', 'GET /api/terminals/server', 'POST /api/terminals/:id/credential',
      'GET /api/admin/outbox', 'POST /api/admin/outbox/:oid/resend', 'DELETE /api/admin/outbox/:oid',
      'GET /api/admin/permissions/subjects', 'GET /api/admin/permissions/matrix', 'PUT /api/admin/permissions/matrix', 'GET /api/admin/permissions/why', 'GET /api/admin/users/:oid/roles', 'PUT /api/admin/users/:oid/roles',
      'GET /api/admin/roles/:oid/permissions', 'PUT /api/admin/roles/:oid/permissions', 'GET /api/admin/users/:oid/permissions', 'PUT /api/admin/users/:oid/permissions',
      'POST /api/admin/users/:oid/password', 'POST /api/admin/users/:oid/invite', 'POST /api/admin/users/:oid/password-reset', 'POST /api/admin/api-keys',
      'GET /api/auth/second-factor', 'DELETE /api/auth/second-factor', 'POST /api/auth/second-factor/enrolment', 'POST /api/auth/second-factor/confirm', 'POST /api/v1-pub/auth/second-factor/enrolment',
      'GET /api/auth/sessions', 'DELETE /api/auth/sessions/:oid', 'POST /api/admin/users/:oid/sessions/end', 'GET /api/admin/security-log',
      'GET /api/auth/passkeys', 'POST /api/auth/passkeys', 'POST /api/auth/passkeys/registration-options', 'DELETE /api/auth/passkeys/:oid', 'POST /api/v1-pub/auth/passkey/options', 'POST /api/auth/second-factor/recovery-codes',
      'GET /api/v1-pub/oidc/:provider/start', 'GET /api/v1-pub/oidc/:provider/callback', 'POST /api/v1-pub/aad-auth/token.json', 'POST /api/v1-pub/aad-auth/second-factor/enrolment', 'POST /api/v1-pub/aad-auth/passkey/options',
      'GET /api/v1-pub/auth/user/token.json', 'POST /api/auth/change-password', 'POST /api/auth/register', 'POST /api/auth/confirm-registration', 'POST /api/auth/reset-password', 'POST /api/auth/set-password', 'GET /api/:call']));
    for (const route of described) {
      const operation = document.paths[route.schema!.documentedPath?.path ?? route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      expect(operation?.summary, name).toBe(route.schema!.summary);
      const accepted = acceptedBy(route.schema!);
      expect((operation!.parameters ?? []).map(({ name: parameter, in: where, required, schema }) => ({ name: parameter, in: where, required: required === true, schema })), name).toEqual(accepted.parameters);
      expect(operation!.requestBody, name).toEqual(accepted.body);
    }
  });
});
