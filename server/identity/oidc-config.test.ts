import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('the configuration of the OpenID providers (MATE_OIDC_*)', () => {
  const directory = { MATE_OIDC_DIRECTORY_TENANT: 'contoso.onmicrosoft.com', MATE_OIDC_DIRECTORY_CLIENT_ID: 'app-id', MATE_OIDC_DIRECTORY_CLIENT_SECRET: 'app-secret' };

  it('offers no provider when none is configured', () => {
    expect(loadConfig({}).oidc).toEqual({ providers: [] });
  });

  it('makes the directory issuer of its tenant, and defaults the Google issuer', () => {
    const config = loadConfig({ ...directory, MATE_OIDC_GOOGLE_CLIENT_ID: 'g-id', MATE_OIDC_GOOGLE_CLIENT_SECRET: 'g-secret', MATE_OIDC_PROVISION_ROLE: 'Staff' });
    expect(config.oidc).toEqual({
      providers: [
        { id: 'directory', issuer: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0', clientId: 'app-id', clientSecret: 'app-secret' },
        { id: 'google', issuer: 'https://accounts.google.com', clientId: 'g-id', clientSecret: 'g-secret' },
      ],
      provisionRole: 'Staff',
    });
  });

  it.each([
    [{ MATE_OIDC_DIRECTORY_CLIENT_ID: 'app-id', MATE_OIDC_DIRECTORY_CLIENT_SECRET: 's' }, 'MATE_OIDC_DIRECTORY_ISSUER'],
    [{ ...directory, MATE_OIDC_DIRECTORY_CLIENT_SECRET: '' }, 'MATE_OIDC_DIRECTORY_CLIENT_SECRET'],
    [{ MATE_OIDC_GOOGLE_CLIENT_ID: 'g-id' }, 'MATE_OIDC_GOOGLE_CLIENT_SECRET'],
    [{ MATE_OIDC_GOOGLE_CLIENT_SECRET: 'g' }, 'MATE_OIDC_GOOGLE_CLIENT_ID'],
    [{ ...directory, MATE_OIDC_DIRECTORY_ISSUER: 'http://login.example.com' }, 'MATE_OIDC_DIRECTORY_ISSUER'],
    [{ ...directory, MATE_OIDC_DIRECTORY_TENANT: 'contoso/../x' }, 'MATE_OIDC_DIRECTORY_TENANT'],
    [{ MATE_OIDC_PROVISION_TENANT: '1' }, 'MATE_OIDC_PROVISION_TENANT'],
    [{ MATE_OIDC_PROVISION_ROLE: 'Staff', MATE_OIDC_PROVISION_TENANT: 'first' }, 'MATE_OIDC_PROVISION_TENANT'],
  ])('stops the start for a half-configured provider or a bad value: %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('allows plain http only on loopback (a local provider)', () => {
    const config = loadConfig({ ...directory, MATE_OIDC_DIRECTORY_ISSUER: 'http://127.0.0.1:4000/' });
    expect(config.oidc?.providers[0]?.issuer).toBe('http://127.0.0.1:4000');
  });
});
