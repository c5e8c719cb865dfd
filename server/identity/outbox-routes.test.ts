import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministratorRole } from './administrator-role';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from './identity-test-app';
import { enqueueMail, maskMailTokens, OUTBOX_MAX_ATTEMPTS } from './outbox';
import { OUTBOX_PATH } from './outbox-routes';
import { encodeScopeValue } from './scope-headers';
import { createRole, setPermission, setUserRoles } from './user-admin';

type Entry = { oid: number; to: string; subject: string; text: string; state: string; attempts: number; lastError: string | null };

const TENANT_A = 3;
const TENANT_B = 4;

// The outbox page's routes: list (masked tokens, states), send again, delete; each as a matrix of users x actions
// (administrator, the rights in the Global column, the rights in one tenant only, Read only, none); hostile input
// is a 4xx naming the member and changes nothing.
describe('the outbox routes', () => {
  let t: IdentityTestApp;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(user ? { authorization: `Bearer ${tokens[user]}` } : {}), ...headers } });
  const mails = async () => (await t.database.db.query<{ oid: string; attempts: number; sent_at: Date | null }>('select oid, attempts, sent_at from mate_outbox order by oid')).rows;
  const queue = async (subject: string, text = 'Hello') => {
    await enqueueMail(t.database.db, { to: 'nina@example.test', subject, text });
    return Number((await t.database.db.query<{ oid: string }>('select max(oid) as oid from mate_outbox')).rows[0]!.oid);
  };

  beforeAll(async () => {
    t = await createIdentityTestApp();
    await addUser(t.database, 'admin', 'admin-password-1', [TENANT_A, TENANT_B]);
    await ensureAdministratorRole(t.database.db);
    const all = await createRole(t.database.db, 'Outbox keepers');
    const readOnly = await createRole(t.database.db, 'Outbox readers');
    for (const action of ['Read', 'Update', 'Delete'] as const) await setPermission(t.database.db, { subject: { roleOid: all }, path: OUTBOX_PATH, tenantOid: null, action, allowed: true });
    await setPermission(t.database.db, { subject: { roleOid: readOnly }, path: OUTBOX_PATH, tenantOid: null, action: 'Read', allowed: true });
    const users: [string, { roleOid: number; tenantOid: number | null }[]][] = [
      ['gina', [{ roleOid: all, tenantOid: null }]], // every right in the Global column
      ['tina', [{ roleOid: all, tenantOid: TENANT_A }]], // every right in tenant A only
      ['rita', [{ roleOid: readOnly, tenantOid: null }]], // Read globally, nothing else
      ['emil', []],
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(t.database, name, `${name}-password-1`, [TENANT_A, TENANT_B]);
      await setUserRoles(t.database.db, oid, roles);
      tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
    }
    tokens.admin = await signInToken(t.app, 'admin', 'admin-password-1');
  }, 120_000);
  afterAll(() => t.close());

  it('lists the mails newest first with their state, and masks the tokens of links', async () => {
    const reset = await queue('Reset your password', 'Open https://mate.example/auth/reset-password?token=abcDEF123_-x to set it.\n');
    const failed = await queue('Invitation');
    await t.database.db.query('update mate_outbox set attempts = $2, last_error = $3 where oid = $1', [failed, OUTBOX_MAX_ATTEMPTS, 'connect ECONNREFUSED']);
    const sent = await queue('Welcome');
    await t.database.db.query('update mate_outbox set sent_at = now(), attempts = 1 where oid = $1', [sent]);
    const answer = await call('GET', '/api/admin/outbox', 'admin');
    expect(answer.statusCode, answer.body).toBe(200);
    const { items, total } = answer.json() as { items: Entry[]; total: number };
    expect(total).toBe(3);
    expect(items.map((mail) => mail.oid)).toEqual([sent, failed, reset]);
    expect(items.map((mail) => mail.state)).toEqual(['sent', 'failed', 'queued']);
    expect(items[1]).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, lastError: 'connect ECONNREFUSED' });
    expect(items[2]!.text).toContain('reset-password?token=••••••');
    expect(answer.body).not.toContain('abcDEF123');
    expect((await call('GET', '/api/admin/outbox?skip=1&take=1', 'admin')).json()).toMatchObject({ items: [{ oid: failed }], total: 3 });
  });

  it('masks every token-like parameter and leaves other links alone', () => {
    expect(maskMailTokens('a https://x/y?lang=de&token=123&resetKey=9 b https://x/z?page=2')).toBe('a https://x/y?lang=de&token=••••••&resetKey=•••••• b https://x/z?page=2');
  });

  it('sends a failed mail again (attempts start over) and refuses a sent one', async () => {
    const failed = await queue('Failed twice');
    await t.database.db.query('update mate_outbox set attempts = $2, last_error = $3, next_attempt_at = now() + interval \'1 hour\' where oid = $1', [failed, OUTBOX_MAX_ATTEMPTS, 'timeout']);
    const answer = await call('POST', `/api/admin/outbox/${failed}/resend`, 'gina');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ oid: failed, state: 'queued', attempts: 0, lastError: null, nextAttemptAt: null });
    const sent = await queue('Sent');
    await t.database.db.query('update mate_outbox set sent_at = now() where oid = $1', [sent]);
    expect((await call('POST', `/api/admin/outbox/${sent}/resend`, 'gina')).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/outbox/999999/resend', 'gina')).statusCode).toBe(404);
  });

  it('deletes a mail, and answers 404 for one that is gone', async () => {
    const oid = await queue('To delete');
    expect((await call('DELETE', `/api/admin/outbox/${oid}`, 'gina')).statusCode).toBe(204);
    expect((await mails()).some((mail) => Number(mail.oid) === oid)).toBe(false);
    expect((await call('DELETE', `/api/admin/outbox/${oid}`, 'gina')).statusCode).toBe(404);
  });

  it('allows each action only with its right in the Global column (matrix: user x action x tenant scope)', async () => {
    const actions = {
      list: async (user: string, headers: Record<string, string>) => (await call('GET', '/api/admin/outbox', user, headers)).statusCode,
      resend: async (user: string, headers: Record<string, string>) => {
        const oid = await queue('Matrix');
        await t.database.db.query('update mate_outbox set attempts = $2 where oid = $1', [oid, OUTBOX_MAX_ATTEMPTS]);
        const status = (await call('POST', `/api/admin/outbox/${oid}/resend`, user, headers)).statusCode;
        const after = (await mails()).find((mail) => Number(mail.oid) === oid)!;
        if (status !== 200) expect(after.attempts, `${user} was refused but the mail was queued again`).toBe(OUTBOX_MAX_ATTEMPTS);
        return status;
      },
      delete: async (user: string, headers: Record<string, string>) => {
        const oid = await queue('Matrix');
        const status = (await call('DELETE', `/api/admin/outbox/${oid}`, user, headers)).statusCode;
        const kept = (await mails()).some((mail) => Number(mail.oid) === oid);
        expect(kept, `${user}: status ${status} but the mail is ${kept ? 'kept' : 'gone'}`).toBe(status !== 204);
        return status;
      },
    };
    const expected: Record<string, Record<keyof typeof actions, number>> = {
      admin: { list: 200, resend: 200, delete: 204 },
      gina: { list: 200, resend: 200, delete: 204 },
      tina: { list: 403, resend: 403, delete: 403 },
      rita: { list: 200, resend: 403, delete: 403 },
      emil: { list: 403, resend: 403, delete: 403 },
    };
    const scopes: Record<string, Record<string, string>> = { primary: {}, 'tenant A': { 'x-mate-tenant': encodeScopeValue(TENANT_A) }, 'tenant B': { 'x-mate-tenant': encodeScopeValue(TENANT_B) } };
    const seen: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [user, rights] of Object.entries(expected)) {
      for (const [scope, headers] of Object.entries(scopes)) {
        for (const [action, run] of Object.entries(actions)) {
          seen[`${user} ${action} in ${scope}`] = await run(user, headers);
          wanted[`${user} ${action} in ${scope}`] = rights[action as keyof typeof actions];
        }
      }
    }
    expect(seen).toEqual(wanted);
    for (const action of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(action, action === 'POST' ? '/api/admin/outbox/1/resend' : action === 'GET' ? '/api/admin/outbox' : '/api/admin/outbox/1')).statusCode).toBe(401);
    }
  });

  it('answers hostile input with a 4xx naming the member, and changes nothing', async () => {
    const before = JSON.stringify(await mails());
    const hostile: [string, 'GET' | 'POST' | 'DELETE', string][] = [
      ['take', 'GET', '/api/admin/outbox?take=abc'],
      ['take', 'GET', '/api/admin/outbox?take=1e309'],
      ['take', 'GET', '/api/admin/outbox?take=100000'],
      ['skip', 'GET', '/api/admin/outbox?skip=-1'],
      ['skip', 'GET', '/api/admin/outbox?skip=%00'],
      ['tak', 'GET', '/api/admin/outbox?tak=1'],
      ['oid', 'POST', '/api/admin/outbox/abc/resend'],
      ['oid', 'POST', '/api/admin/outbox/0/resend'],
      ['oid', 'POST', `/api/admin/outbox/${'9'.repeat(40)}/resend`],
      ['oid', 'DELETE', '/api/admin/outbox/%00'],
      ['oid', 'DELETE', '/api/admin/outbox/-5'],
      ['oid', 'DELETE', '/api/admin/outbox/1.5'],
    ];
    for (const [member, method, url] of hostile) {
      const answer = await call(method, url, 'admin');
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(500);
      expect(answer.body, `${method} ${url}`).toContain(member);
    }
    expect(JSON.stringify(await mails())).toBe(before);
  });
});
