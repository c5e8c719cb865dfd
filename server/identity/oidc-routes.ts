import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { ApiError } from '../lib/api-error';
import { publicRoute } from '../plugins/authenticate-first';
import type { IdentityServices } from './identity-services';
import { createProviderClient, IdTokenRefused, type ProviderClient } from './oidc-clients';
import type { OidcConfig, OidcProviderId } from './oidc-config';
import { CALLBACK_ROUTE_SCHEMA, EXCHANGE_ROUTE_SCHEMA, PROVIDER_ENROLMENT_ROUTE_SCHEMA, PROVIDER_PASSKEY_OPTIONS_ROUTE_SCHEMA, START_ROUTE_SCHEMA } from './oidc-schemas';
import { relyingPartyOf } from './passkey-relying-party';
import { authenticationOptions } from './passkeys';
import { createProviderSignIn, identityOfClaims, PROVIDER_SIGN_IN_CODES } from './provider-sign-in';
import { enrolmentAnswer } from './security-routes';
import { startEnrolment } from './second-factor';
import { loadJwtSecret } from './token-service';

/** The cookie that carries state, nonce and PKCE verifier from the start to the callback (encrypted, 10 minutes). */
const STATE_COOKIE = 'mate_oidc';
const COOKIE_PATH = '/api/v1-pub/oidc/';
const STATE_SECONDS = 600;
/** Where the browser lands after a provider: the sign-in page, which finishes the sign-in (docs/auth.md). */
const SIGN_IN_PAGE = '/auth/login';

/** Why a callback failed, as the sign-in page names it (src/auth/provider-sign-in.ts shows the words). */
export type ProviderFailure = 'access_denied' | 'provider_error' | 'state' | 'code' | 'expired' | 'failed';

interface PendingSignIn {
  provider: OidcProviderId;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  remember: boolean;
}

/** Only a path of this site: an open redirect to another origin would lend the product's name to a phishing page. */
function safeReturnTo(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && ![...value].some((char) => char.charCodeAt(0) < 0x20) ? value : '/';
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Sign-in through OpenID Connect providers: the authorization code flow with PKCE (start, callback) and the
 * exchange of a provider's ID token for the product's access token (`POST /api/v1-pub/aad-auth/token.json`).
 */
export function registerOidcRoutes(app: FastifyInstance, services: IdentityServices, oidc: OidcConfig, options: { licensedUsers: number | undefined; firstBackoffSeconds?: number }): void {
  const clients = new Map<OidcProviderId, ProviderClient>(oidc.providers.map((provider) => [provider.id, createProviderClient(provider)]));
  const providerSignIn = createProviderSignIn({
    db: services.db,
    tokens: services.tokens,
    now: services.now,
    oidc,
    licensedUsers: options.licensedUsers,
    firstBackoffSeconds: options.firstBackoffSeconds,
    tokenLifetimeSeconds: services.config.tokenLifetimeSeconds,
  });
  let stateKey: Promise<Uint8Array> | undefined;
  // Derived from the token secret, so every instance reads the cookie another made; a different key than the tokens'.
  const key = () =>
    (stateKey ??= loadJwtSecret(services.db).then((secret) => new Uint8Array(createHash('sha256').update('mate-oidc-state\n').update(secret).digest())).catch((error: unknown) => {
      stateKey = undefined;
      throw error;
    }));

  const clientOf = (provider: string): ProviderClient => {
    const found = clients.get(provider as OidcProviderId);
    if (!found) throw new ApiError(404, `Sign-in with ${provider} is not configured.`);
    return found;
  };
  /** The origin the provider sends the browser back to: MATE_PUBLIC_URL, else the request's own. */
  const origin = (request: FastifyRequest) => services.publicUrl || `${request.protocol}://${request.host}`;
  const callbackUrl = (request: FastifyRequest, provider: OidcProviderId) => `${origin(request)}/api/v1-pub/oidc/${provider}/callback`;
  const secure = (request: FastifyRequest) => origin(request).startsWith('https:');
  const setStateCookie = (reply: FastifyReply, request: FastifyRequest, value: string, maxAge: number) =>
    reply.header('set-cookie', `${STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure(request) ? '; Secure' : ''}`);

  const backToSignIn = (reply: FastifyReply, provider: string, failure: ProviderFailure) =>
    reply.redirect(`${SIGN_IN_PAGE}?${new URLSearchParams({ provider, providerError: failure })}`, 302);

  app.get<{ Params: { provider: OidcProviderId }; Querystring: { returnTo?: string; remember?: string } }>(
    '/api/v1-pub/oidc/:provider/start',
    { ...publicRoute(), schema: START_ROUTE_SCHEMA },
    async (request, reply) => {
      const provider = clientOf(request.params.provider);
      const pending: PendingSignIn = {
        provider: provider.id,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        returnTo: safeReturnTo(request.query.returnTo),
        remember: request.query.remember === '1' || request.query.remember === 'true',
      };
      let configuration: client.Configuration;
      try {
        configuration = await provider.configuration(services.now());
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'the OpenID provider could not be reached');
        throw new ApiError(503, `The sign-in service of ${provider.id} cannot be reached; try again later.`);
      }
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(request, provider.id),
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      const now = Math.floor(services.now() / 1000);
      const sealed = await new EncryptJWT({ ...pending }).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt(now).setExpirationTime(now + STATE_SECONDS).encrypt(await key());
      setStateCookie(reply, request, sealed, STATE_SECONDS);
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href, 302);
    },
  );

  app.get<{ Params: { provider: OidcProviderId }; Querystring: { code?: string; state?: string; error?: string; error_description?: string } }>(
    '/api/v1-pub/oidc/:provider/callback',
    { ...publicRoute(), schema: CALLBACK_ROUTE_SCHEMA },
    async (request, reply) => {
      const provider = clientOf(request.params.provider);
      reply.header('cache-control', 'no-store');
      // The state is used once, whatever happens next.
      setStateCookie(reply, request, '', 0);
      if (request.query.error) {
        return backToSignIn(reply, provider.id, request.query.error === 'access_denied' ? 'access_denied' : 'provider_error');
      }
      let pending: PendingSignIn | undefined;
      const sealed = readCookie(request, STATE_COOKIE);
      if (sealed) {
        try {
          pending = (await jwtDecrypt(sealed, await key(), { currentDate: new Date(services.now()) })).payload as unknown as PendingSignIn;
        } catch {
          pending = undefined;
        }
      }
      if (!pending || pending.provider !== provider.id) return backToSignIn(reply, provider.id, 'state');
      let idToken: string | undefined;
      try {
        const configuration = await provider.configuration(services.now());
        const current = new URL(`${callbackUrl(request, provider.id)}?${request.url.split('?')[1] ?? ''}`);
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        idToken = tokens.id_token;
      } catch (error) {
        const text = `${(error as Error).message} ${String((error as { error?: unknown }).error ?? '')} ${String((error as { cause?: { message?: unknown } }).cause?.message ?? '')}`;
        const failure: ProviderFailure = /state/i.test(text) ? 'state' : /invalid_grant/.test(text) ? 'code' : /exp|timestamp|too far in the past/i.test(text) ? 'expired' : 'failed';
        request.log.warn({ err: error, provider: provider.id, failure }, 'a sign-in through an OpenID provider failed');
        return backToSignIn(reply, provider.id, failure);
      }
      if (!idToken) return backToSignIn(reply, provider.id, 'failed');
      // The sign-in page exchanges the ID token for the product's token (as a directory token) and opens returnTo. In
      // the fragment: it never reaches a server's log, and the page removes it from the history at once.
      const fragment = new URLSearchParams({ provider: provider.id, id_token: idToken, returnTo: pending.returnTo, ...(pending.remember ? { remember: '1' } : {}) });
      return reply.redirect(`${SIGN_IN_PAGE}#${fragment}`, 302);
    },
  );

  /** The identity of a provider's ID token, or a 401 [40109] saying why it is refused. */
  async function identityOf(body: { id_token: string; provider?: OidcProviderId }) {
    const provider = clientOf(body.provider ?? 'directory');
    try {
      return identityOfClaims(provider.id, await provider.verifyIdToken(body.id_token, services.now()));
    } catch (error) {
      if (error instanceof IdTokenRefused) throw new ApiError(401, error.message, { code: PROVIDER_SIGN_IN_CODES.invalidToken, description: error.message });
      throw error;
    }
  }

  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    reply.header('cache-control', 'no-store');
    try {
      return await run();
    } catch (error) {
      const retryAfter = error instanceof ApiError ? error.options.extra?.retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  };

  app.post<{ Body: { id_token: string; provider?: OidcProviderId } }>(
    '/api/v1-pub/aad-auth/token.json',
    { ...publicRoute(), schema: EXCHANGE_ROUTE_SCHEMA },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const secondFactor = request.headers['x-mate-second-factor'];
        const passkey = request.headers['x-mate-passkey'];
        return providerSignIn.signIn(await identityOf(request.body), request.ip, {
          userAgent: request.headers['user-agent'] ?? '',
          secondFactor: typeof secondFactor === 'string' ? secondFactor : undefined,
          passkey: typeof passkey === 'string' ? passkey : undefined,
          relyingParty: relyingPartyOf(services.publicUrl, request),
        });
      }),
  );

  app.post<{ Body: { id_token: string; provider?: OidcProviderId } }>(
    '/api/v1-pub/aad-auth/second-factor/enrolment',
    { ...publicRoute(), schema: PROVIDER_ENROLMENT_ROUTE_SCHEMA },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const user = await providerSignIn.checkForEnrolment(await identityOf(request.body), request.ip, { userAgent: request.headers['user-agent'] ?? '' });
        const secret = await startEnrolment(services.db, user.oid);
        if (!secret) throw new ApiError(409, 'This user has a second factor already: sign in with its code.');
        return enrolmentAnswer(user.username, secret);
      }),
  );

  // The passkey step of a provider sign-in (40106 with `passkey: true`): the challenge for the user the ID token names,
  // answered by the exchange with `X-Mate-Passkey`, as the Basic `/api/v1-pub/auth/passkey/options` does for a password.
  app.post<{ Body: { id_token: string; provider?: OidcProviderId } }>(
    '/api/v1-pub/aad-auth/passkey/options',
    { ...publicRoute(), schema: PROVIDER_PASSKEY_OPTIONS_ROUTE_SCHEMA },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const user = await providerSignIn.checkForPasskey(await identityOf(request.body), request.ip, { userAgent: request.headers['user-agent'] ?? '' });
        return authenticationOptions(services.db, user.oid, relyingPartyOf(services.publicUrl, request), services.now());
      }),
  );
}
