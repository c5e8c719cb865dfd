import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded database in ./data and port 8080 by default', () => {
    const config = loadConfig({}, '/srv/mate');
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, dataDir: '/srv/mate/data' });
  });

  it('takes the token lifetime in minutes, or in seconds when MATE_TOKEN_LIFETIME_SECONDS is set', () => {
    expect(loadConfig({}, '/').tokenLifetimeSeconds).toBe(3600);
    expect(loadConfig({ MATE_TOKEN_LIFETIME_MINUTES: '2' }, '/').tokenLifetimeSeconds).toBe(120);
    expect(loadConfig({ MATE_TOKEN_LIFETIME_MINUTES: '2', MATE_TOKEN_LIFETIME_SECONDS: '20' }, '/').tokenLifetimeSeconds).toBe(20);
  });

  it('takes PORT, HOST, MATE_DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9000', HOST: '0.0.0.0', MATE_DATA_DIR: 'x', DATABASE_URL: 'postgres://u@h/db' }, '/a');
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/a/x', databaseUrl: 'postgres://u@h/db' });
  });

  it('reads MATE_TRUST_PROXY as false, true or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}, '/').trustProxy).toBe(false);
    expect(loadConfig({ MATE_TRUST_PROXY: 'true' }, '/').trustProxy).toBe(true);
    expect(loadConfig({ MATE_TRUST_PROXY: '10.0.0.0/8, ::1, loopback' }, '/').trustProxy).toEqual(['10.0.0.0/8', '::1', 'loopback']);
  });

  it('seeds demo data on the embedded database only, unless told otherwise', () => {
    expect(loadConfig({}, '/').demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }, '/').demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', MATE_DEMO_DATA: '1' }, '/').demoData).toBe(true);
    expect(loadConfig({ MATE_DEMO_DATA: 'off' }, '/').demoData).toBe(false);
  });

  it('gives the demo data 120 days of documents unless MATE_DEMO_DOCUMENT_DAYS says otherwise', () => {
    expect(loadConfig({}, '/').demoDocumentDays).toBe(120);
    expect(loadConfig({ MATE_DEMO_DOCUMENT_DAYS: '0' }, '/').demoDocumentDays).toBe(0);
    expect(() => loadConfig({ MATE_DEMO_DOCUMENT_DAYS: '1000' }, '/')).toThrow(/MATE_DEMO_DOCUMENT_DAYS/);
  });

  it('leases jobs for MATE_JOB_LEASE_SECONDS, 30 s unless set, between 3 s and an hour', () => {
    expect(loadConfig({}, '/').jobLeaseSeconds).toBe(30);
    expect(loadConfig({ MATE_JOB_LEASE_SECONDS: '3' }, '/').jobLeaseSeconds).toBe(3);
    expect(() => loadConfig({ MATE_JOB_LEASE_SECONDS: '2' }, '/')).toThrow(/MATE_JOB_LEASE_SECONDS must be between 3 and 3600/);
  });

  it('runs bridge jobs unless MATE_RUN_JOBS says not to', () => {
    expect(loadConfig({}, '/').runJobs).toBe(true);
    expect(loadConfig({ MATE_RUN_JOBS: 'false' }, '/').runJobs).toBe(false);
    expect(() => loadConfig({ MATE_RUN_JOBS: 'maybe' }, '/')).toThrow(/MATE_RUN_JOBS/);
  });

  it('sends the outbox to MATE_SMTP_URL when it is an smtp or smtps URL, and refuses anything else by name', () => {
    expect(loadConfig({}, '/').smtpUrl).toBeUndefined();
    expect(loadConfig({ MATE_SMTP_URL: ' smtp://mailer:secret@127.0.0.1:2525 ' }, '/').smtpUrl).toBe('smtp://mailer:secret@127.0.0.1:2525');
    expect(loadConfig({ MATE_SMTP_URL: 'smtps://mail.example.com' }, '/').smtpUrl).toBe('smtps://mail.example.com');
    for (const bad of ['mail.example.com:25', 'http://mail.example.com', 'smtp://']) expect(() => loadConfig({ MATE_SMTP_URL: bad }, '/')).toThrow(/Configuration error: MATE_SMTP_URL (must|names no host)/);
  });

  it('takes the timeouts for slow clients in seconds, 10 s for headers and 30 s for the request by default', () => {
    expect(loadConfig({}, '/').timeouts).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, idleTimeoutMs: 0 });
    expect(loadConfig({ MATE_REQUEST_TIMEOUT_SECONDS: '120', MATE_HEADERS_TIMEOUT_SECONDS: '5', MATE_IDLE_TIMEOUT_SECONDS: '300' }, '/').timeouts).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 5_000,
      idleTimeoutMs: 300_000,
    });
    expect(() => loadConfig({ MATE_REQUEST_TIMEOUT_SECONDS: '0' }, '/')).toThrow(/MATE_REQUEST_TIMEOUT_SECONDS must be between 1 and 3600/);
    expect(() => loadConfig({ MATE_HEADERS_TIMEOUT_SECONDS: 'soon' }, '/')).toThrow(ConfigError);
  });

  it('takes the embedders of /e from MATE_FRAME_ANCESTORS, none by default', () => {
    expect(loadConfig({}, '/').frameAncestors).toEqual([]);
    expect(loadConfig({ MATE_FRAME_ANCESTORS: 'https://pos.example.com:8443, https://*.shop.example' }, '/').frameAncestors).toEqual([
      'https://pos.example.com:8443',
      'https://*.shop.example',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MATE_ADMIN_PASSWORD: 'short' }, 'MATE_ADMIN_PASSWORD'],
    [{ MATE_TOKEN_LIFETIME_MINUTES: '0' }, 'MATE_TOKEN_LIFETIME_MINUTES'],
    [{ MATE_TOKEN_LIFETIME_SECONDS: '14' }, 'MATE_TOKEN_LIFETIME_SECONDS'],
    [{ MATE_ALLOWED_ORIGINS: 'not an origin' }, 'MATE_ALLOWED_ORIGINS'],
    [{ MATE_TRUST_PROXY: 'maybe' }, 'MATE_TRUST_PROXY'],
    [{ MATE_FRAME_ANCESTORS: "https://shop.example; script-src 'unsafe-inline'" }, 'MATE_FRAME_ANCESTORS'],
    [{ MATE_FRAME_ANCESTORS: '*' }, 'MATE_FRAME_ANCESTORS'],
    [{ MATE_TRUST_PROXY: '10.0.0.1, 300.1.1.1' }, 'MATE_TRUST_PROXY'],
    [{ MATE_TRUST_PROXY: '10.0.0.0/33' }, 'MATE_TRUST_PROXY'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env, '/')).toThrowError(ConfigError);
    expect(() => loadConfig(env, '/')).toThrowError(variable);
  });
});
