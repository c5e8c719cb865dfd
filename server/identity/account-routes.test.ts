import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_VALID_MS } from './account-routes';
import { addUser, basic, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { readOutbox } from './outbox';

const tokenIn = (text: string): string => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('registration and password reset', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ env: { MATE_REGISTRATION: '1', MATE_PUBLIC_URL: 'https://mate.example/' } });
    await addUser(t.database, 'rita', 'rita-password');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1-pub/auth/user/token.json', headers: { authorization: basic(username, password) } });

  it('settings say what the browser may offer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/settings' });
    expect(response.json()).toEqual({ registrationAllowed: true, rememberAllowed: true, integratedLogin: true, passwordMinLength: 8, avatarBaseUrl: '/api/avatar' });
  });

  it('registers a user who can sign in only after confirming the mailed link', async () => {
    const response = await post('/api/auth/register', { firstname: 'Nina', lastname: 'New', email: 'nina@example.test', username: 'nina', password: 'nina-password' });
    expect(response.statusCode).toBe(200);
    expect((await signIn('nina', 'nina-password')).json()).toMatchObject({ error_code: '40104' });
    const mail = (await readOutbox(t.database.db)).find((m) => m.to === 'nina@example.test')!;
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('https://mate.example/auth/validate-email?token=');
    expect((await post('/api/auth/confirm-registration', { token: tokenIn(mail.text) })).statusCode).toBe(200);
    expect((await signIn('nina', 'nina-password')).statusCode).toBe(200);
    const again = await post('/api/auth/confirm-registration', { token: tokenIn(mail.text) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: { token: [expect.stringContaining('invalid')] } });
  });

  it('refuses bad registrations naming the field', async () => {
    const good = { email: 'x@example.test', username: 'xavier', password: 'xavier-password' };
    const cases: [unknown, string, number][] = [
      [{ ...good, username: 'a' }, 'username', 400],
      [{ ...good, email: 'not-mail' }, 'email', 400],
      [{ ...good, password: 'short' }, 'password', 400],
      [{ ...good, username: 'RITA' }, 'username', 409],
      [{ ...good, email: 'rita@example.test' }, 'email', 409],
      [{ ...good, isAdmin: true }, 'isAdmin', 400],
      [{ email: good.email, password: good.password }, 'username', 400],
    ];
    for (const [payload, field, status] of cases) {
      const response = await post('/api/auth/register', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(Object.keys((response.json() as { errors: object }).errors)).toContain(field);
    }
    expect((await post('/api/auth/register', [1])).json()).toMatchObject({ status: 400, errors: { '(body)': ['must be a JSON object'] } });
  });

  it('reset-password answers the same for known and unknown users, and mails only known ones', async () => {
    const before = (await readOutbox(t.database.db)).length;
    const unknown = await post('/api/auth/reset-password', { username: 'nobody' });
    const known = await post('/api/auth/reset-password', { email: 'RITA@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const outbox = await readOutbox(t.database.db);
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0]!.to).toBe('rita@example.test');
    expect((await post('/api/auth/reset-password', {})).statusCode).toBe(400);
  });

  it('set-password works once with the mailed token and ends old sessions', async () => {
    const session = await signInToken(t.app, 'rita', 'rita-password');
    await post('/api/auth/reset-password', { username: 'rita' });
    const token = tokenIn((await readOutbox(t.database.db))[0]!.text);
    const short = await post('/api/auth/set-password', { token, newPassword: 'short' });
    expect(short.json()).toMatchObject({ errors: { newPassword: expect.any(Array) } });
    expect((await post('/api/auth/set-password', { token, newPassword: 'rita-new-password' })).statusCode).toBe(200);
    expect((await post('/api/auth/set-password', { token, newPassword: 'rita-other-password' })).statusCode).toBe(400);
    expect((await signIn('rita', 'rita-new-password')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
  });

  it('a reset link expires after one hour', async () => {
    await post('/api/auth/reset-password', { username: 'rita' });
    const token = tokenIn((await readOutbox(t.database.db))[0]!.text);
    t.clock.advance(RESET_VALID_MS + 1_000);
    expect((await post('/api/auth/set-password', { token, newPassword: 'rita-late-password' })).statusCode).toBe(400);
  });
});

describe('registration switched off (default)', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  it('refuses with 403 and says so in settings', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'x@example.test', username: 'xavier', password: 'xavier-password' } });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/settings' })).json()).toMatchObject({ registrationAllowed: false });
  });
});
