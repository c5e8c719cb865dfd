import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_VALID_MS } from './account-routes';
import { BackgroundTasks } from './background-tasks';
import { addUser, basic, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { readOutbox } from './outbox';
import { disableUser } from './user-admin';

const tokenIn = (text: string): string => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

/** The outbox once the mails queued after earlier answers are written. */
async function outboxOf(t: IdentityTestApp) {
  await t.background.idle();
  return readOutbox(t.database.db);
}

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
    expect(response.json()).toEqual({ registrationAllowed: true, rememberAllowed: true, integratedLogin: true, providers: [], passwordMinLength: 8, avatarBaseUrl: '/api/avatar' });
  });

  it('registers a user who can sign in only after confirming the mailed link', async () => {
    const response = await post('/api/auth/register', { firstname: 'Nina', lastname: 'New', email: 'nina@example.test', username: 'nina', password: 'nina-password' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"registered":true,"confirmationRequired":true}');
    expect((await signIn('nina', 'nina-password')).json()).toMatchObject({ error_code: '40104' });
    const mail = (await outboxOf(t)).find((m) => m.to === 'nina@example.test')!;
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('https://mate.example/auth/validate-email?token=');
    const confirmed = await post('/api/auth/confirm-registration', { token: tokenIn(mail.text) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toBe('{"confirmed":true}');
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
    const before = (await outboxOf(t)).length;
    const unknown = await post('/api/auth/reset-password', { username: 'nobody' });
    const known = await post('/api/auth/reset-password', { email: 'RITA@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.body).toBe('{"requested":true}');
    const outbox = await outboxOf(t);
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0]!.to).toBe('rita@example.test');
    expect((await post('/api/auth/reset-password', {})).statusCode).toBe(400);
  });

  it('set-password works once with the mailed token and ends old sessions', async () => {
    const session = await signInToken(t.app, 'rita', 'rita-password');
    await post('/api/auth/reset-password', { username: 'rita' });
    const token = tokenIn((await outboxOf(t))[0]!.text);
    const short = await post('/api/auth/set-password', { token, newPassword: 'short' });
    expect(short.json()).toMatchObject({ errors: { newPassword: expect.any(Array) } });
    const set = await post('/api/auth/set-password', { token, newPassword: 'rita-new-password' });
    expect(set.statusCode).toBe(200);
    expect(set.body).toBe('{"passwordSet":true}');
    expect((await post('/api/auth/set-password', { token, newPassword: 'rita-other-password' })).statusCode).toBe(400);
    expect((await signIn('rita', 'rita-new-password')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
  });

  it('a reset link expires after one hour', async () => {
    await post('/api/auth/reset-password', { username: 'rita' });
    const token = tokenIn((await outboxOf(t))[0]!.text);
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

describe('password reset throttle', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    await addUser(t.database, 'tom', 'tom-password');
  });
  afterAll(() => t.close());

  const reset = (payload: object, remoteAddress = '203.0.113.1') => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress });
  const mailsTo = async (to: string) => (await outboxOf(t)).filter((m) => m.to === to).length;

  it('mails one account three times at once, then once every 20 minutes, answering the same throughout', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await reset({ username: 'tom' }, `198.51.100.${i}`));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await mailsTo('tom@example.test')).toBe(3);
    t.clock.advance(20 * 60_000);
    await reset({ email: 'TOM@example.test' }, '198.51.100.9');
    await reset({ username: 'tom' }, '198.51.100.9');
    expect(await mailsTo('tom@example.test')).toBe(4);
  });

  it('answers 429 with Retry-After to one address after ten requests, known user or not, and not to another address', async () => {
    for (let i = 0; i < 10; i++) expect((await reset({ username: i % 2 ? 'tom' : `nobody${i}` })).statusCode).toBe(200);
    const refused = await reset({ username: 'nobody' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: expect.stringContaining('wait') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await reset({ username: 'nobody' }, '203.0.113.2')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await reset({ username: 'nobody' })).statusCode).toBe(200);
  });
});

describe('password reset answers alike whether the user exists', () => {
  let t: IdentityTestApp;
  // Background work waits here until the test runs it, so the test sees what happened before each answer.
  const queued: (() => void)[] = [];
  beforeAll(async () => {
    t = await createIdentityTestApp({ background: new BackgroundTasks((run) => void queued.push(run)) });
    await addUser(t.database, 'uma', 'uma-password');
    await disableUser(t.database.db, await addUser(t.database, 'vic', 'vic-password'));
  });
  afterAll(async () => {
    for (const run of queued.splice(0)) run();
    await t.close();
  });

  it('answers byte for byte the same and does no database work before answering', async () => {
    const query = vi.spyOn(t.database.db, 'query');
    const cases = [{ username: 'uma' }, { username: 'nobody' }, { email: 'UMA@example.test' }, { email: 'nobody@example.test' }, { username: 'vic' }];
    const answers: string[] = [];
    const queriesBeforeAnswer: number[] = [];
    for (const [i, payload] of cases.entries()) {
      query.mockClear();
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress: `203.0.113.${i}` });
      queriesBeforeAnswer.push(query.mock.calls.length);
      const { date: _date, ...headers } = response.headers;
      answers.push(JSON.stringify({ status: response.statusCode, headers, body: response.rawPayload.toString('base64') }));
    }
    query.mockRestore();
    expect(JSON.parse(answers[0]!)).toMatchObject({ status: 200 });
    expect(new Set(answers).size).toBe(1);
    expect(queriesBeforeAnswer).toEqual([0, 0, 0, 0, 0]);
    expect(queued).toHaveLength(cases.length); // one and the same task per request, known user or not
    expect((await readOutbox(t.database.db)).length).toBe(0);

    for (const run of queued.splice(0)) run();
    await t.background.idle();
    expect((await readOutbox(t.database.db)).map((mail) => mail.to)).toEqual(['uma@example.test', 'uma@example.test']);
  });
});
