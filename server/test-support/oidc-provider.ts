import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on loopback (oidc-provider), for the server tests and the browser tests of the
 * sign-in with a directory or Google (docs/auth.md). Its login page is oidc-provider's development interaction:
 * any login name is accepted with any password, and the name is the account; the consent page follows. Accounts
 * are the ones given here (e-mail, whether it is verified, names).
 */
export interface TestAccount {
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  /** Adds or replaces an account (by its login name) while the provider runs. */
  setAccount(login: string, account: TestAccount): void;
  close(): Promise<void>;
}

export async function startTestOidcProvider(options: { clients: TestClient[]; accounts?: Record<string, TestAccount>; idTokenSeconds?: number }): Promise<TestOidcProvider> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  // The issuer names the port, so the provider is made once the server listens.
  const route: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => route.handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? false } : {}),
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The e-mail claims in the ID token itself (as Google and Entra put them), not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['mate-test-provider-cookie-key'] },
    ttl: { IdToken: options.idTokenSeconds ?? 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  route.handler = provider.callback();
  return {
    issuer,
    setAccount: (login, account) => void accounts.set(login, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny cookie jar for driving the provider's pages over HTTP. */
class Cookies {
  private readonly jar = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * What a browser does at the provider, over HTTP: opens the authorization URL, signs in as `login` on the
 * development login page, then gives consent (or, with `deny`, cancels). Answers the URL the provider finally
 * sends the browser to (the product's callback with a code, or with `error=access_denied`).
 */
export async function passProviderPages(authorizationUrl: string, login: string, options: { deny?: boolean } = {}): Promise<URL> {
  const cookies = new Cookies();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: cookies.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    cookies.take(response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status} at ${url}: ${page.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}: ${page.slice(0, 500)}`);
    if (options.deny && prompt === 'consent') {
      const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
      if (!abort) throw new Error(`no cancel link at ${url}`);
      url = new URL(abort.replace(/&amp;/g, '&'), url).href;
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt }).toString();
  }
  throw new Error('the provider did not send the browser back within 20 steps');
}
