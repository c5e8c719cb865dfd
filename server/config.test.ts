import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded database in ./data and port 8080 by default', () => {
    const config = loadConfig({}, '/srv/mate');
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, dataDir: '/srv/mate/data' });
  });

  it('takes PORT, HOST, MATE_DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9000', HOST: '0.0.0.0', MATE_DATA_DIR: 'x', DATABASE_URL: 'postgres://u@h/db' }, '/a');
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/a/x', databaseUrl: 'postgres://u@h/db' });
  });

  it('seeds demo data on the embedded database only, unless told otherwise', () => {
    expect(loadConfig({}, '/').demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }, '/').demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', MATE_DEMO_DATA: '1' }, '/').demoData).toBe(true);
    expect(loadConfig({ MATE_DEMO_DATA: 'off' }, '/').demoData).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MATE_ADMIN_PASSWORD: 'short' }, 'MATE_ADMIN_PASSWORD'],
    [{ MATE_TOKEN_LIFETIME_MINUTES: '0' }, 'MATE_TOKEN_LIFETIME_MINUTES'],
    [{ MATE_ALLOWED_ORIGINS: 'not an origin' }, 'MATE_ALLOWED_ORIGINS'],
    [{ MATE_TRUST_PROXY: 'maybe' }, 'MATE_TRUST_PROXY'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env, '/')).toThrowError(ConfigError);
    expect(() => loadConfig(env, '/')).toThrowError(variable);
  });
});
