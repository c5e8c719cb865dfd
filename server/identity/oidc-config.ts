/**
 * Sign-in through an OpenID Connect provider (docs/auth.md "Sign-in with a directory or Google"): which providers
 * are configured, read from the environment once at start. A provider without any of its variables is simply not
 * offered; one with some of them is a start-up error naming the missing one, so a typo does not silently hide the
 * button.
 */

/** The providers the product knows; `internal` (the product's own password) is the third sign-in method. */
export const OIDC_PROVIDER_IDS = ['directory', 'google'] as const;
export type OidcProviderId = (typeof OIDC_PROVIDER_IDS)[number];

export interface OidcProviderConfig {
  id: OidcProviderId;
  /** The issuer whose `/.well-known/openid-configuration` describes the provider. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcConfig {
  providers: OidcProviderConfig[];
  /**
   * MATE_OIDC_PROVISION_ROLE: the name of the role a user gets who signs in through a provider with a verified
   * e-mail address no user has; unset: such a sign-in is refused (only existing users are linked).
   */
  provisionRole?: string;
  /** MATE_OIDC_PROVISION_TENANT: the tenant oid the provisioned user joins with that role; default the first tenant. */
  provisionTenantOid?: number;
}

/** A configuration value that cannot be used; the message names the variable (config.ts's ConfigError has the same shape). */
export class OidcConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
  ) {
    super(`Configuration error: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** An issuer must be https; plain http only on loopback (the tests' local provider). */
function checkIssuer(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcConfigError(variable, `is '${value}', which is not a URL`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new OidcConfigError(variable, `must be an https:// URL (http:// only on loopback), got '${value}'`);
  }
  if (url.username || url.password || url.search || url.hash) throw new OidcConfigError(variable, `must be a plain issuer URL without credentials, query or fragment, got '${value}'`);
  return value.replace(/\/+$/, '');
}

function provider(env: Env, id: OidcProviderId): OidcProviderConfig | undefined {
  const prefix = `MATE_OIDC_${id.toUpperCase()}_`;
  const read = (name: string) => env[prefix + name]?.trim() || undefined;
  const issuerVar = `${prefix}ISSUER`;
  const tenant = id === 'directory' ? read('TENANT') : undefined;
  const given = { ISSUER: read('ISSUER'), CLIENT_ID: read('CLIENT_ID'), CLIENT_SECRET: read('CLIENT_SECRET'), ...(id === 'directory' ? { TENANT: tenant } : {}) };
  if (Object.values(given).every((value) => value === undefined)) return undefined;
  if (tenant !== undefined && !/^[A-Za-z0-9.-]{1,100}$/.test(tenant)) throw new OidcConfigError(`${prefix}TENANT`, `must be a tenant id or domain, got '${tenant}'`);
  // The directory's issuer follows from its tenant (Microsoft Entra); an explicit issuer wins (another directory, tests).
  const issuer = given.ISSUER ?? (tenant ? `https://login.microsoftonline.com/${tenant}/v2.0` : id === 'google' ? GOOGLE_ISSUER : undefined);
  if (!issuer) throw new OidcConfigError(issuerVar, `is missing: set it or ${prefix}TENANT (the other ${prefix}* variables are set)`);
  for (const name of ['CLIENT_ID', 'CLIENT_SECRET'] as const) {
    if (!given[name]) throw new OidcConfigError(prefix + name, `is missing (the other ${prefix}* variables are set)`);
  }
  return { id, issuer: checkIssuer(issuerVar, issuer), clientId: given.CLIENT_ID!, clientSecret: given.CLIENT_SECRET! };
}

/** Reads MATE_OIDC_*; throws OidcConfigError for a half-configured provider or a bad value. */
export function oidcConfigFromEnv(env: Env = process.env): OidcConfig {
  const providers = OIDC_PROVIDER_IDS.map((id) => provider(env, id)).filter((found): found is OidcProviderConfig => found !== undefined);
  const provisionRole = env.MATE_OIDC_PROVISION_ROLE?.trim() || undefined;
  const tenantRaw = env.MATE_OIDC_PROVISION_TENANT?.trim() || undefined;
  if (tenantRaw !== undefined && !/^[1-9]\d{0,14}$/.test(tenantRaw)) throw new OidcConfigError('MATE_OIDC_PROVISION_TENANT', `must be a tenant oid (a whole number >= 1), got '${tenantRaw}'`);
  if (tenantRaw !== undefined && !provisionRole) throw new OidcConfigError('MATE_OIDC_PROVISION_TENANT', 'needs MATE_OIDC_PROVISION_ROLE');
  return { providers, ...(provisionRole ? { provisionRole } : {}), ...(tenantRaw ? { provisionTenantOid: Number(tenantRaw) } : {}) };
}
