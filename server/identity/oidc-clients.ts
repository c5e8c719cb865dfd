import * as client from 'openid-client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig, OidcProviderId } from './oidc-config';

/**
 * One configured OpenID Connect provider as the product talks to it (openid-client 6): its discovered metadata
 * (fetched on first use and kept; a failed discovery is tried again by the next sign-in, so a provider that is down
 * at start does not stop the product), the authorization URL with PKCE, the code exchange, and the check of an ID
 * token a caller brings (the directory token exchange).
 */
export interface ProviderClient {
  readonly id: OidcProviderId;
  readonly config: OidcProviderConfig;
  /** A client configuration whose clock is the app's (`nowMs`), so tests can move time past a token's expiry. */
  configuration(nowMs: number): Promise<client.Configuration>;
  /** The claims of an ID token of this provider for this client: signature (the provider's keys), issuer, audience, expiry. */
  verifyIdToken(idToken: string, nowMs: number): Promise<JWTPayload>;
}

/** Why an ID token was refused, in words for the caller (no internals). */
export class IdTokenRefused extends Error {}

const isLoopbackHttp = (issuer: string) => issuer.startsWith('http://');

export function createProviderClient(config: OidcProviderConfig): ProviderClient {
  let discovered: Promise<client.Configuration> | undefined;
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  // Plain http is allowed by the configuration check only on loopback (the tests' local provider).
  const insecure = isLoopbackHttp(config.issuer) ? { execute: [client.allowInsecureRequests] } : {};
  const discover = () =>
    (discovered ??= client.discovery(new URL(config.issuer), config.clientId, undefined, client.ClientSecretPost(config.clientSecret), insecure).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    }));

  return {
    id: config.id,
    config,
    async configuration(nowMs) {
      const metadata = (await discover()).serverMetadata();
      const configuration = new client.Configuration(
        metadata,
        config.clientId,
        { client_secret: config.clientSecret, [client.clockSkew]: Math.round((nowMs - Date.now()) / 1000) },
        client.ClientSecretPost(config.clientSecret),
      );
      if (isLoopbackHttp(config.issuer)) client.allowInsecureRequests(configuration);
      return configuration;
    },
    async verifyIdToken(idToken, nowMs) {
      const metadata = (await discover()).serverMetadata();
      if (!metadata.jwks_uri) throw new Error(`the provider ${config.id} publishes no jwks_uri`);
      keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: metadata.issuer,
          audience: config.clientId,
          currentDate: new Date(nowMs),
          requiredClaims: ['sub', 'exp', 'iat'],
          // Asymmetric only: an HS256 token "signed" with the client secret would be one the client could forge itself.
          algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
        });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new IdTokenRefused('The token of the provider has expired; sign in again.');
        if (error instanceof joseErrors.JWTClaimValidationFailed) throw new IdTokenRefused(`The token of the provider is not for this application (${error.claim} does not match).`);
        if (error instanceof joseErrors.JOSEError) throw new IdTokenRefused('The token of the provider is not valid (not signed by the provider, or malformed).');
        throw error;
      }
    },
  };
}
