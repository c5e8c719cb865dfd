import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATE } from '../../schemas/bridge-wire';
import { contentSecurityPolicy } from '../plugins/security-headers';
import { ensureAdministratorRole } from '../identity/administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { loadConfig } from '../config';
import { MONITORING_PATH } from './monitoring-routes';

const METRICS_TOKEN = 'scrape-token-0123456789';
const TENANT_A = 3;
const TENANT_B = 4;

type Figures = { requests: { count: number; serverErrors: number; clientErrors: number; latencyMs: { p95: number } | null }; jobs: { queued: number; running: number; failed: number }; hub: { connections: number | null }; database: { kind: string; sizeBytes: number | null }; uptimeSeconds: number; version: string; externalUrl: string | null };

// The monitoring page's figures and GET /metrics: the same numbers, for administrators, users with Read on the page
// in the Global column, or a scraper with MATE_METRICS_TOKEN; a right in one tenant only is not enough.
describe('the monitoring routes', () => {
  let t: IdentityTestApp;
  const tokens: Record<string, string> = {};
  const call = (url: string, authorization?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(authorization ? { authorization } : {}), ...headers } });
  const as = (user: string) => `Bearer ${tokens[user]}`;

  beforeAll(async () => {
    t = await createIdentityTestApp({ config: { metricsToken: METRICS_TOKEN, monitoringUrl: 'https://grafana.example.test/d/mate?kiosk' } });
    await addUser(t.database, 'admin', 'admin-password-1', [TENANT_A, TENANT_B]);
    await ensureAdministratorRole(t.database.db);
    const watcher = await createRole(t.database.db, 'Watchers');
    await setPermission(t.database.db, { subject: { roleOid: watcher }, path: MONITORING_PATH, tenantOid: null, action: 'Read', allowed: true });
    const users: [string, { roleOid: number; tenantOid: number | null }[]][] = [
      ['gina', [{ roleOid: watcher, tenantOid: null }]],
      ['tina', [{ roleOid: watcher, tenantOid: TENANT_A }]],
      ['emil', []],
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(t.database, name, `${name}-password-1`, [TENANT_A, TENANT_B]);
      await setUserRoles(t.database.db, oid, roles);
      tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
    }
    tokens.admin = await signInToken(t.app, 'admin', 'admin-password-1');
  }, 120_000);
  afterAll(() => t.close());

  it('counts requests, refused ones and latencies, and reads jobs, hub and database', async () => {
    const before = (await call('/api/monitoring/figures', as('admin'))).json() as Figures;
    await call('/api/user/profile'); // a 401
    await call('/api/user/profile', as('admin'));
    await t.database.db.query(
      `insert into mate_job (name, state, category, description, is_manual_started, run_at, created_at) values ('a', $1, 'c', 'd', false, now(), now()), ('b', $2, 'c', 'd', false, now(), now())`,
      [JOB_STATE.failed, JOB_STATE.failed],
    );
    const answer = await call('/api/monitoring/figures', as('admin'));
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json() as Figures;
    // The previous figures call, the 401 and the profile read (this call is counted once it is answered).
    expect(after.requests.count - before.requests.count).toBe(3);
    expect(after.requests.clientErrors - before.requests.clientErrors).toBe(1);
    expect(after.requests.latencyMs?.p95).toBeGreaterThanOrEqual(0);
    expect(after.jobs.failed).toBe(before.jobs.failed + 2);
    expect(after.hub.connections).toBe(0);
    expect(after.database.sizeBytes).toBeGreaterThan(0);
    expect(after.version).toMatch(/^\d+\.\d{3}\./);
    expect(after.externalUrl).toBe('https://grafana.example.test/d/mate?kiosk');
  });

  it('serves the same figures in the Prometheus text format', async () => {
    const answer = await call('/metrics', `Bearer ${METRICS_TOKEN}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toMatch(/^mate_http_requests_total\{method="GET",route="\/api\/monitoring\/figures",status_class="2xx"\} \d+$/m);
    expect(answer.body).toMatch(/^mate_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/user\/profile"\} \d+$/m);
    expect(answer.body).toMatch(/^mate_jobs\{state="failed"\} 2$/m);
    expect(answer.body).toMatch(/^mate_hub_connections 0$/m);
    expect(answer.body).toMatch(/^mate_database_size_bytes \d+$/m);
    expect(answer.body).toMatch(/^mate_uptime_seconds \d+$/m);
    expect(answer.body).toMatch(/^mate_build_info\{version="[\d.]+",build_date="[^"]+"\} 1$/m);
  });

  it('labels unknown URLs as unmatched, so a scan cannot grow the label set', async () => {
    await call('/api/no-such-route-abc');
    const body = (await call('/metrics', `Bearer ${METRICS_TOKEN}`)).body;
    expect(body).not.toContain('no-such-route-abc');
  });

  it('lets only the token, administrators and Read in the Global column read (matrix: caller x route x tenant scope)', async () => {
    const callers: Record<string, string | undefined> = {
      anonymous: undefined,
      'wrong token': 'Bearer scrape-token-wrong-000000',
      'metrics token': `Bearer ${METRICS_TOKEN}`,
      admin: as('admin'),
      gina: as('gina'),
      tina: as('tina'),
      emil: as('emil'),
    };
    const scopes: Record<string, Record<string, string>> = { primary: {}, 'tenant A': { 'x-mate-tenant': encodeScopeValue(TENANT_A) } };
    const expected: Record<string, [figures: number, metrics: number]> = {
      anonymous: [401, 401],
      'wrong token': [401, 401],
      // The scraper's token opens /metrics only: it is no user.
      'metrics token': [401, 200],
      admin: [200, 200],
      gina: [200, 200],
      tina: [403, 403],
      emil: [403, 403],
    };
    const seen: Record<string, number[]> = {};
    const wanted: Record<string, number[]> = {};
    for (const [caller, authorization] of Object.entries(callers)) {
      for (const [scope, headers] of Object.entries(scopes)) {
        // A scope header without a user is refused before anything else: only the users get one.
        const sent = authorization?.includes('.') ? headers : {};
        seen[`${caller} in ${scope}`] = [(await call('/api/monitoring/figures', authorization, sent)).statusCode, (await call('/metrics', authorization, sent)).statusCode];
        wanted[`${caller} in ${scope}`] = expected[caller]!;
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('refuses query parameters, naming them', async () => {
    for (const url of ['/api/monitoring/figures?x=1', '/metrics?debug=%00', `/metrics?${'a'.repeat(5000)}=1`]) {
      const answer = await call(url, as('admin'));
      expect(answer.statusCode, url).toBe(400);
      expect(answer.body).toMatch(/x|debug|a{10}/);
    }
  });
});

describe('the monitoring configuration', () => {
  it('takes an http(s) MATE_MONITORING_URL only, and a long enough MATE_METRICS_TOKEN', () => {
    expect(loadConfig({ MATE_MONITORING_URL: 'https://grafana.example/d/x' }).monitoringUrl).toBe('https://grafana.example/d/x');
    for (const bad of ['javascript:alert(1)', 'ftp://x/y', "https://x/'; script-src *", 'not a url', 'https://user:pw@x/']) {
      expect(() => loadConfig({ MATE_MONITORING_URL: bad }), bad).toThrow(/MATE_MONITORING_URL/);
    }
    expect(() => loadConfig({ MATE_METRICS_TOKEN: 'short' })).toThrow(/MATE_METRICS_TOKEN/);
  });

  it("lets the pages frame the configured dashboard's origin and nothing else", () => {
    expect(contentSecurityPolicy("'none'", ['https://grafana.example'])).toContain("frame-src 'self' https://grafana.example");
    expect(contentSecurityPolicy("'none'")).not.toContain('frame-src');
  });
});
