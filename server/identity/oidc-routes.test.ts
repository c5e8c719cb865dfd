import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import { passProviderPages, startTestOidcProvider, type TestOidcProvider } from '../test-support/oidc-provider';
import { passkeyHeader, SoftwareAuthenticator } from '../test-support/software-authenticator';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { IDENTITY_TABLES } from './identity-tables';
import { totpCode } from './totp';
import { createRole, disableUser } from './user-admin';

// Sign-in with a directory or Google (docs/auth.md): the authorization code flow with PKCE against a real OpenID
// provider on loopback, and the exchange of its ID token for the product's token.
const PUBLIC_URL = 'http://mate.test';
const DIRECTORY = { clientId: 'mate-directory', clientSecret: 'directory-secret-1', redirectUris: [`${PUBLIC_URL}/api/v1-pub/oidc/directory/callback`] };
const GOOGLE = { clientId: 'mate-google', clientSecret: 'google-secret-1', redirectUris: [`${PUBLIC_URL}/api/v1-pub/oidc/google/callback`] };
const EXCHANGE = '/api/v1-pub/aad-auth/token.json';
/** The ID tokens of the test provider live 5 minutes; the state cookie 10. */
const ID_TOKEN_SECONDS = 300;

const envFor = (issuer: string, extra: Record<string, string> = {}) => ({
  MATE_PUBLIC_URL: PUBLIC_URL,
  MATE_OIDC_DIRECTORY_ISSUER: issuer,
  MATE_OIDC_DIRECTORY_CLIENT_ID: DIRECTORY.clientId,
  MATE_OIDC_DIRECTORY_CLIENT_SECRET: DIRECTORY.clientSecret,
  MATE_OIDC_GOOGLE_ISSUER: issuer,
  MATE_OIDC_GOOGLE_CLIENT_ID: GOOGLE.clientId,
  MATE_OIDC_GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
  ...extra,
});

let provider: TestOidcProvider;

/**
 * Moves the app's clock a minute past the lifetime of ID tokens the provider issues now (the provider runs on the
 * real clock, the app's stands still unless moved); answers the undo. Within the state cookie's 10 minutes.
 */
function pastIdTokens(t: IdentityTestApp): () => void {
  const by = Date.now() - t.clock.now() + (ID_TOKEN_SECONDS + 60) * 1000;
  t.clock.advance(by);
  return () => t.clock.advance(-by);
}

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clients: [DIRECTORY, GOOGLE],
    idTokenSeconds: ID_TOKEN_SECONDS,
    accounts: {
      alice: { email: 'Alice@Example.test', emailVerified: true, givenName: 'Alice' },
      mallory: { email: 'bob@example.test', emailVerified: false },
      dave: { email: 'dave@example.test', emailVerified: true, givenName: 'Dave', familyName: 'Daring' },
      dora: { email: 'dora@example.test', emailVerified: true },
      tess: { email: 'tess@example.test', emailVerified: true },
      pam: { email: 'pam@example.test', emailVerified: true },
      noemail: {},
    },
  });
});
afterAll(() => provider.close());

/** The helpers of one app: the code flow through the provider's pages, and the exchange. */
function flows(get: () => IdentityTestApp) {
  async function start(which: 'directory' | 'google', query = '') {
    const started = await get().app.inject({ url: `/api/v1-pub/oidc/${which}/start${query}` });
    expect(started.statusCode, started.body).toBe(302);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    return { location: String(started.headers.location), cookie };
  }
  const callback = (url: URL, cookie: string) => get().app.inject({ url: `${url.pathname}${url.search}`, headers: { cookie } });
  /** Start, the provider's pages, callback: the URL the browser ends on. */
  async function codeFlow(login: string, which: 'directory' | 'google' = 'directory', options: { deny?: boolean; query?: string } = {}) {
    const { location, cookie } = await start(which, options.query);
    const back = await passProviderPages(location, login, options);
    const answer = await callback(back, cookie);
    return { answer, back, cookie, landed: new URL(String(answer.headers.location), PUBLIC_URL) };
  }
  async function idToken(login: string, which: 'directory' | 'google' = 'directory'): Promise<string> {
    const { landed } = await codeFlow(login, which);
    const token = new URLSearchParams(landed.hash.slice(1)).get('id_token');
    expect(token, landed.href).toBeTruthy();
    return token!;
  }
  const exchange = (token: string, which?: 'directory' | 'google', code?: string, passkey?: string) =>
    get().app.inject({
      method: 'POST',
      url: EXCHANGE,
      payload: { id_token: token, ...(which ? { provider: which } : {}) },
      headers: { ...(code ? { 'x-mate-second-factor': code } : {}), ...(passkey ? { 'x-mate-passkey': passkey } : {}) },
    });
  const errorCode = (response: { json(): unknown }) => (response.json() as { error_code?: string }).error_code;
  return { start, callback, codeFlow, idToken, exchange, errorCode };
}

describe('sign-in through an OpenID provider, provisioning off', () => {
  let t: IdentityTestApp;
  const f = flows(() => t);
  let aliceOid: number;

  beforeAll(async () => {
    t = await createIdentityTestApp({ env: envFor(provider.issuer), clockStart: Date.now() });
    aliceOid = await addUser(t.database, 'alice', 'alice-password', [1]);
    await addUser(t.database, 'bob', 'bob-password', [1]);
    const dora = await addUser(t.database, 'dora', 'dora-password', [1]);
    await disableUser(t.database.db, dora);
  });
  afterAll(() => t.close());

  it('tells the sign-in page which providers are configured', async () => {
    expect((await t.app.inject({ url: '/api/auth/settings' })).json()).toMatchObject({ providers: ['directory', 'google'] });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, and the state in an HttpOnly cookie', async () => {
    const { location, cookie } = await f.start('directory', '?returnTo=%2Fdata%2Fidentity%2Fuser&remember=1');
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(DIRECTORY.clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(DIRECTORY.redirectUris[0]);
    expect(cookie).toMatch(/^mate_oidc=/);
  });

  it('signs in the user whose verified e-mail the provider names, records the provider and logs the sign-in', async () => {
    const { landed } = await f.codeFlow('alice', 'directory', { query: '?returnTo=%2Fdata%2Fidentity%2Fuser&remember=1' });
    expect(landed.pathname).toBe('/auth/login');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('provider')).toBe('directory');
    expect(fragment.get('returnTo')).toBe('/data/identity/user');
    expect(fragment.get('remember')).toBe('1');
    const exchanged = await f.exchange(fragment.get('id_token')!, 'directory');
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const token = exchanged.json<{ access_token: string }>().access_token;
    const profile = await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.json()).toMatchObject({ userOid: aliceOid, username: 'alice' });
    const row = await t.database.db.query<{ p: string; x: string; l: string | null }>(`select "LoginProvider" as p, "ExternalId" as x, "LastLoginAt" as l from ${IDENTITY_TABLES.user} where "Oid" = $1`, [aliceOid]);
    expect(row.rows[0]).toMatchObject({ p: 'directory', x: 'alice' });
    expect(row.rows[0]!.l).toBeTruthy();
    const log = await t.database.db.query<{ detail: { provider: string; sessionOid: number } }>(`select detail from mate_security_log where kind = 'sign-in' and user_oid = $1`, [aliceOid]);
    expect(log.rows.at(-1)!.detail).toMatchObject({ provider: 'directory' });
  });

  it('signs in through the second provider too, and then records it', async () => {
    const token = await f.idToken('alice', 'google');
    expect((await f.exchange(token, 'google')).statusCode).toBe(200);
    const row = await t.database.db.query<{ p: string }>(`select "LoginProvider" as p from ${IDENTITY_TABLES.user} where "Oid" = $1`, [aliceOid]);
    expect(row.rows[0]!.p).toBe('google');
  });

  it('returns a user who denies consent to the sign-in page saying so', async () => {
    const { landed, back } = await f.codeFlow('alice', 'directory', { deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(landed.pathname).toBe('/auth/login');
    expect(landed.searchParams.get('providerError')).toBe('access_denied');
    expect(landed.hash).toBe('');
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    const { location, cookie } = await f.start('directory');
    const back = await passProviderPages(location, 'alice');
    back.searchParams.set('state', 'forged-state');
    const answer = await f.callback(back, cookie);
    expect(new URL(String(answer.headers.location), PUBLIC_URL).searchParams.get('providerError')).toBe('state');
  });

  it('refuses a callback without the cookie of its start', async () => {
    const { location } = await f.start('directory');
    const back = await passProviderPages(location, 'alice');
    const answer = await f.callback(back, '');
    expect(new URL(String(answer.headers.location), PUBLIC_URL).searchParams.get('providerError')).toBe('state');
  });

  it('refuses a replayed code', async () => {
    const { answer, back, cookie } = await f.codeFlow('alice');
    expect(String(answer.headers.location)).toContain('#');
    const again = await f.callback(back, cookie);
    expect(new URL(String(again.headers.location), PUBLIC_URL).searchParams.get('providerError')).toBe('code');
  });

  it('refuses an ID token that has expired by the time of the callback', async () => {
    // The app's clock at the real time first: the state cookie of the start must outlive the ID token.
    t.clock.advance(Date.now() - t.clock.now());
    const { location, cookie } = await f.start('directory');
    const back = await passProviderPages(location, 'alice');
    const restore = pastIdTokens(t);
    try {
      const answer = await f.callback(back, cookie);
      expect(new URL(String(answer.headers.location), PUBLIC_URL).searchParams.get('providerError')).toBe('expired');
    } finally {
      restore();
    }
  });

  it('refuses to link an account whose e-mail the provider has not verified', async () => {
    const answer = await f.exchange(await f.idToken('mallory'));
    expect(answer.statusCode).toBe(401);
    expect(f.errorCode(answer)).toBe('40110');
    expect(answer.json<{ message: string }>().message).toMatch(/not verified/);
    const bob = await t.database.db.query<{ p: string }>(`select "LoginProvider" as p from ${IDENTITY_TABLES.user} where "UserName" = 'bob'`);
    expect(bob.rows[0]!.p).not.toBe('directory');
  });

  it('refuses an unknown e-mail address without provisioning', async () => {
    const answer = await f.exchange(await f.idToken('dave'));
    expect(answer.statusCode).toBe(401);
    expect(f.errorCode(answer)).toBe('40110');
    expect(answer.json<{ message: string }>().message).toMatch(/No user has the e-mail address dave@example.test/);
    const users = await t.database.db.query(`select 1 from ${IDENTITY_TABLES.user} where lower("EmailAddress") = 'dave@example.test'`);
    expect(users.rowCount).toBe(0);
  });

  it('refuses a disabled user and logs the refusal', async () => {
    const answer = await f.exchange(await f.idToken('dora'));
    expect(answer.statusCode).toBe(401);
    expect(f.errorCode(answer)).toBe('40104');
    const log = await t.database.db.query<{ detail: { code: string; provider: string } }>(`select detail from mate_security_log where kind = 'sign-in-failed' and username = 'dora'`);
    expect(log.rows.at(-1)!.detail).toMatchObject({ code: '40104', provider: 'directory' });
  });

  it('asks a user with a second factor for its code, and signs in with it', async () => {
    const tess = await addUser(t.database, 'tess', 'tess-password', [1]);
    const token = (await t.app.inject({ url: '/api/v1-pub/auth/user/token.json', headers: { authorization: `Basic ${Buffer.from('tess:tess-password').toString('base64')}` } })).json<{ access_token: string }>().access_token;
    const bearer = { authorization: `Bearer ${token}` };
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/enrolment', headers: bearer })).json<{ secret: string }>();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/confirm', headers: bearer, payload: { code: totpCode(secret, t.clock.now()) } })).statusCode).toBe(200);
    const idToken = await f.idToken('tess');
    const without = await f.exchange(idToken);
    expect(f.errorCode(without)).toBe('40106');
    expect(without.json()).toMatchObject({ secondFactor: 'code', passkey: false });
    expect(f.errorCode(await f.exchange(idToken, undefined, '000000'))).toBe('40107');
    t.clock.advance(30_000);
    const withCode = await f.exchange(idToken, undefined, totpCode(secret, t.clock.now()));
    expect(withCode.statusCode, withCode.body).toBe(200);
    const log = await t.database.db.query<{ kind: string }>(`select kind from mate_security_log where user_oid = $1 order by oid`, [tess]);
    expect(log.rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['second-factor-wrong-code', 'second-factor-used', 'sign-in']));
  });

  it('asks a user whose only second factor is a passkey for it, and signs in with its assertion', async () => {
    // What the browser shows at MATE_PUBLIC_URL: the relying party of the passkeys.
    const site = { rpID: new URL(PUBLIC_URL).hostname, origin: PUBLIC_URL };
    const pam = await addUser(t.database, 'pam', 'pam-password', [1]);
    const bearer = { authorization: `Bearer ${await signInToken(t.app, 'pam', 'pam-password')}` };
    const { challenge: registration } = (await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers: bearer })).json<{ challenge: string }>();
    const authenticator = new SoftwareAuthenticator();
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: bearer, payload: { name: 'Phone', response: authenticator.register(registration, site) } });
    expect(registered.statusCode, registered.body).toBe(201);
    const optionsFor = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1-pub/aad-auth/passkey/options', payload: { id_token: token } });

    const idToken = await f.idToken('pam');
    const without = await f.exchange(idToken);
    expect(f.errorCode(without)).toBe('40106');
    expect(without.json()).toMatchObject({ secondFactor: 'passkey', passkey: true, message: 'Confirm the sign-in with your passkey' });
    // A passkey is a second factor already: no app is set up instead.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1-pub/aad-auth/second-factor/enrolment', payload: { id_token: idToken } })).statusCode).toBe(409);

    // Another authenticator's assertion is refused and counts against the account.
    const first = await optionsFor(idToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ rpId: site.rpID, allowCredentials: [expect.objectContaining({ id: authenticator.id })] });
    const stranger = new SoftwareAuthenticator();
    expect(f.errorCode(await f.exchange(idToken, undefined, undefined, passkeyHeader(stranger.assert(first.json<{ challenge: string }>().challenge, site))))).toBe('40108');
    expect(f.errorCode(await f.exchange(idToken, undefined, undefined, 'not-an-assertion'))).toBe('40108');

    const { challenge } = (await optionsFor(idToken)).json<{ challenge: string }>();
    const assertion = passkeyHeader(authenticator.assert(challenge, site));
    const signed = await f.exchange(idToken, undefined, undefined, assertion);
    expect(signed.statusCode, signed.body).toBe(200);
    const profile = await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${signed.json<{ access_token: string }>().access_token}` } });
    expect(profile.json()).toMatchObject({ userOid: pam, username: 'pam' });
    // The sign-in cleared the failures of the refused passkeys.
    const failures = await t.database.db.query<{ n: number }>('select failed_attempts::int as n from mate_user where oid = $1', [pam]);
    expect(failures.rows[0]!.n).toBe(0);
    // The assertion answered its challenge once.
    expect(f.errorCode(await f.exchange(idToken, undefined, undefined, assertion))).toBe('40108');

    const log = await t.database.db.query<{ kind: string; detail: Record<string, unknown> }>(`select kind, detail from mate_security_log where user_oid = $1 order by oid`, [pam]);
    expect(log.rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['passkey-failed', 'passkey-used']));
    expect(log.rows.filter((row) => row.kind === 'sign-in').at(-1)!.detail).toMatchObject({ provider: 'directory', secondFactor: 'passkey' });
  });

  it('offers no passkey challenge to a user without a passkey', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1-pub/aad-auth/passkey/options', payload: { id_token: await f.idToken('alice') } });
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ message: string }>().message).toMatch(/no passkey/);
  });

  it('answers hostile input with a 4xx or a redirect, never a 5xx, with the providers configured', async () => {
    // The suite of every route (server/hostile-requests.test.ts) meets these routes without providers; here they have some.
    const targets: RouteTarget[] = [
      { method: 'GET', path: '/api/v1-pub/oidc/directory/start', query: ['returnTo', 'remember'] },
      { method: 'GET', path: '/api/v1-pub/oidc/google/callback', query: ['code', 'state', 'error', 'error_description'] },
      { method: 'POST', path: '/api/v1-pub/aad-auth/token.json', query: [], fields: ['id_token', 'provider'] },
      { method: 'POST', path: '/api/v1-pub/aad-auth/second-factor/enrolment', query: [], fields: ['id_token', 'provider'] },
      { method: 'POST', path: '/api/v1-pub/aad-auth/passkey/options', query: [], fields: ['id_token', 'provider'] },
    ];
    const world = { targets, callers: [undefined], samples: {}, uniqueFields: {}, ids: {} };
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(hostileRequestsFor(target, world, []), async (request) => {
          const answer = await t.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
          const what = `${request.method} ${request.url.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, what).toBeLessThan(500);
          if (answer.statusCode >= 400) expect(answer.json<{ message?: unknown }>().message, what).toEqual(expect.any(String));
          if (answer.statusCode === 302) expect(String(answer.headers.location), what).toMatch(new RegExp(`^(${provider.issuer}/|/auth/login[?#])`));
        }),
        { numRuns: 25 },
      );
    }
  }, 120_000);

  describe('the directory token exchange', () => {
    it('refuses a token for another audience (another client of the same provider)', async () => {
      const answer = await f.exchange(await f.idToken('alice', 'google'), 'directory');
      expect(answer.statusCode).toBe(401);
      expect(f.errorCode(answer)).toBe('40109');
      expect(answer.json<{ message: string }>().message).toMatch(/aud/);
    });

    it('refuses an expired token', async () => {
      const token = await f.idToken('alice');
      const restore = pastIdTokens(t);
      try {
        const answer = await f.exchange(token);
        expect(f.errorCode(answer)).toBe('40109');
        expect(answer.json<{ message: string }>().message).toMatch(/expired/);
      } finally {
        restore();
      }
    });

    it('refuses a token of another issuer', async () => {
      const other = await startTestOidcProvider({ clients: [DIRECTORY], accounts: { alice: { email: 'alice@example.test', emailVerified: true } } });
      try {
        const elsewhere = await createIdentityTestApp({ env: envFor(other.issuer), clockStart: Date.now() });
        try {
          const { landed } = await flows(() => elsewhere).codeFlow('alice');
          const token = new URLSearchParams(landed.hash.slice(1)).get('id_token')!;
          const answer = await f.exchange(token);
          expect(answer.statusCode).toBe(401);
          expect(f.errorCode(answer)).toBe('40109');
        } finally {
          await elsewhere.close();
        }
      } finally {
        await other.close();
      }
    });

    it('refuses what is no token, and a provider that is not configured', async () => {
      expect(f.errorCode(await f.exchange('not.a.token'))).toBe('40109');
      const bad = await t.app.inject({ method: 'POST', url: EXCHANGE, payload: { id_token: 'x', provider: 'facebook' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(/provider/);
    });
  });
});

describe('sign-in through an OpenID provider, provisioning on', () => {
  let t: IdentityTestApp;
  const f = flows(() => t);

  beforeAll(async () => {
    t = await createIdentityTestApp({ env: envFor(provider.issuer, { MATE_OIDC_PROVISION_ROLE: 'Provider users', MATE_OIDC_PROVISION_TENANT: '1' }), clockStart: Date.now() });
    await createRole(t.database.db, 'Provider users');
    await addUser(t.database, 'bob', 'bob-password', [1]);
  });
  afterAll(() => t.close());

  it('makes a user of an unknown verified e-mail address, with the role in the configured tenant', async () => {
    const answer = await f.exchange(await f.idToken('dave', 'google'), 'google');
    expect(answer.statusCode, answer.body).toBe(200);
    const token = answer.json<{ access_token: string }>().access_token;
    const profile = (await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).json<{ userOid: number; username: string; tenantOids: number[]; firstname: string; lastname: string }>();
    expect(profile).toMatchObject({ username: 'dave@example.test', firstname: 'Dave', lastname: 'Daring' });
    expect(profile.tenantOids).toEqual([1]);
    const row = await t.database.db.query<{ p: string }>(`select "LoginProvider" as p from ${IDENTITY_TABLES.user} where "Oid" = $1`, [profile.userOid]);
    expect(row.rows[0]!.p).toBe('google');
    const roles = await t.database.db.query<{ name: string }>(`select r."Name" as name from mate_user_role m join ${IDENTITY_TABLES.role} r on r."Oid" = m.role_oid where m.user_oid = $1`, [profile.userOid]);
    expect(roles.rows.map((r) => r.name)).toEqual(['Provider users']);
    // Signing in again finds the same user.
    const again = await f.exchange(await f.idToken('dave', 'google'), 'google');
    expect(again.statusCode).toBe(200);
    const count = await t.database.db.query(`select 1 from ${IDENTITY_TABLES.user} where lower("EmailAddress") = 'dave@example.test'`);
    expect(count.rowCount).toBe(1);
  });

  it('still refuses an unverified e-mail address, and provisions no one without an address', async () => {
    expect(f.errorCode(await f.exchange(await f.idToken('mallory')))).toBe('40110');
    expect(f.errorCode(await f.exchange(await f.idToken('noemail')))).toBe('40110');
  });
});
