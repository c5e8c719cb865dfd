import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { hubClient, nextMessage, startHubInstance, createHubTestDatabase, type HubInstance } from '../hub/hub-test-app';
import { addUser, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import type { TestDatabase } from '../test-support/test-database';
import { MESSAGES_CHANGED } from './message-events';
import { MESSAGE_MAX_LENGTH } from './message-schemas';
import { MESSAGES_PATH } from './message-routes';

// Messages on the real database and the real hub, two instances on one database: whom one may write to (the users of
// one's tenant), conversations reused per member set, unread counts per conversation and in total, paged history, who
// may read what (members only, in a tenant where they hold Read on /messages), hostile input as a 400 naming the
// member, and every new message reaching every open connection of every member on either instance.
describe('the message routes', () => {
  let database: TestDatabase;
  let a: HubInstance;
  let b: HubInstance;
  const T1 = 11;
  const T2 = 22;
  const tokens: Record<string, string> = {};
  const oids: Record<string, number> = {};
  const clients: HubConnection[] = [];

  const call = (instance: HubInstance, method: 'GET' | 'POST', url: string, who: string, payload?: unknown) =>
    instance.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const open = (who: string, others: string[], tenantOid = T1) => call(a, 'POST', '/api/messages/conversations', who, { tenantOid, userOids: others.map((name) => oids[name]) });
  const send = (who: string, conversation: number, text: string, instance = a) => call(instance, 'POST', `/api/messages/conversations/${conversation}/messages`, who, { text });
  const inbox = async (who: string) => (await call(a, 'GET', '/api/messages/conversations', who)).json() as { unreadTotal: number; conversations: { oid: number; unread: number; members: { userName: string }[]; lastMessage: { text: string } | null }[] };

  async function connect(instance: HubInstance, who: string): Promise<HubConnection> {
    const client = hubClient(instance, () => tokens[who]!);
    clients.push(client);
    await client.start();
    await client.invoke('SubscribeMessages');
    return client;
  }

  beforeAll(async () => {
    database = await createHubTestDatabase();
    a = await startHubInstance(database);
    b = await startHubInstance(database);
    const chatters = await createRole(database.db, 'Chatters');
    await setPermission(database.db, { subject: { roleOid: chatters }, path: MESSAGES_PATH, tenantOid: null, action: 'Read', allowed: true });
    const users: [string, number[], number[]][] = [
      ['ann', [T1], [T1]],
      ['ben', [T1], [T1]],
      ['cid', [T2], [T2]],
      ['dan', [T1, T2], [T2]], // in both tenants, may chat in T2 only
      ['eve', [T1], []], // in T1 without the right
    ];
    for (const [name, tenants, chatting] of users) {
      oids[name] = await addUser(database, name, `${name}-password-1`, tenants);
      await setUserRoles(database.db, oids[name]!, chatting.map((tenantOid) => ({ roleOid: chatters, tenantOid })));
      tokens[name] = await signInToken(a.app, name, `${name}-password-1`);
    }
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) await client.stop();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('lists the other enabled users of a tenant of the caller, and only where they may chat', async () => {
    const people = (await call(a, 'GET', `/api/messages/people?tenantOid=${T1}`, 'ann')).json() as { userName: string }[];
    expect(people.map((person) => person.userName)).toEqual(['ben', 'dan', 'eve']);
    expect((await call(a, 'GET', `/api/messages/people?tenantOid=${T1}&search=BE`, 'ann')).json()).toEqual([expect.objectContaining({ userName: 'ben' })]);
    const other = await call(a, 'GET', `/api/messages/people?tenantOid=${T2}`, 'ann');
    expect([other.statusCode, other.json().message]).toEqual([403, `You do not belong to tenant ${T2}.`]);
    expect((await call(a, 'GET', `/api/messages/people?tenantOid=${T1}`, 'eve')).statusCode).toBe(403);
    expect((await call(a, 'GET', `/api/messages/people?tenantOid=${T1}`, 'dan')).statusCode).toBe(403);
    expect((await call(a, 'GET', `/api/messages/people?tenantOid=${T2}`, 'dan')).json()).toEqual([expect.objectContaining({ userName: 'cid' })]);
  });

  it('opens one conversation per member set in a tenant, never with a user of another tenant', async () => {
    const first = await open('ann', ['ben']);
    expect(first.statusCode).toBe(201);
    const again = await open('ben', ['ann']);
    expect([again.statusCode, again.json().oid]).toEqual([200, first.json().oid]);
    expect(first.json().members.map((member: { userName: string }) => member.userName)).toEqual(['ann', 'ben']);

    const stranger = await open('ann', ['cid']);
    expect([stranger.statusCode, stranger.json().message]).toEqual([400, `User ${oids.cid} is not an enabled user of tenant ${T1}.`]);
    expect((await open('ann', ['cid'], T2)).statusCode).toBe(403);
    expect((await open('cid', ['ann'], T2)).statusCode).toBe(400);
    expect((await open('ann', ['ann'])).json().message).toBe('Name at least one other user to write to.');
    expect((await open('eve', ['ann'])).statusCode).toBe(403);
  });

  it('counts unread messages per conversation and in total, clears them when read, and pages the history', async () => {
    const conversation = (await open('ann', ['ben', 'dan'])).json().oid as number;
    expect((await send('ann', conversation, '  Hello <b>team</b>\r\nsecond line  ')).statusCode).toBe(201);
    await send('ann', conversation, 'javascript:alert(1)');
    const ben = await inbox('ben');
    const mine = ben.conversations.find((c) => c.oid === conversation)!;
    expect([mine.unread, mine.lastMessage?.text, ben.unreadTotal >= 2]).toEqual([2, 'javascript:alert(1)', true]);
    expect((await inbox('ann')).conversations.find((c) => c.oid === conversation)!.unread).toBe(0);

    const page = (await call(a, 'GET', `/api/messages/conversations/${conversation}/messages`, 'ben')).json();
    expect(page.messages.map((m: { text: string }) => m.text)).toEqual(['Hello <b>team</b>\nsecond line', 'javascript:alert(1)']);
    expect(page.hasMore).toBe(false);

    const read = await call(a, 'POST', `/api/messages/conversations/${conversation}/read`, 'ben', {});
    expect([read.statusCode, read.json().unread]).toEqual([200, 0]);
    expect((await inbox('ben')).conversations.find((c) => c.oid === conversation)!.unread).toBe(0);

    for (let i = 1; i <= 7; i++) await send('ben', conversation, `n${i}`);
    const newest = (await call(a, 'GET', `/api/messages/conversations/${conversation}/messages?take=5`, 'ann')).json();
    expect([newest.messages.map((m: { text: string }) => m.text), newest.hasMore]).toEqual([['n3', 'n4', 'n5', 'n6', 'n7'], true]);
    const older = (await call(a, 'GET', `/api/messages/conversations/${conversation}/messages?take=5&before=${newest.messages[0].oid}`, 'ann')).json();
    expect([older.messages.length, older.hasMore]).toEqual([4, false]);
    expect((await inbox('ann')).conversations.find((c) => c.oid === conversation)!.unread).toBe(7);
    const upTo = newest.messages[1].oid;
    expect((await call(a, 'POST', `/api/messages/conversations/${conversation}/read`, 'ann', { upTo })).json().unread).toBe(3);
  });

  it('lets no one but a member read, write or mark a conversation, and a member only where they may chat', async () => {
    const conversation = (await open('ann', ['ben', 'dan'])).json().oid as number;
    await send('ann', conversation, 'members only');
    for (const who of ['cid', 'eve']) {
      for (const [method, url, payload] of [
        ['GET', `/api/messages/conversations/${conversation}/messages`, undefined],
        ['POST', `/api/messages/conversations/${conversation}/messages`, { text: 'intruder' }],
        ['POST', `/api/messages/conversations/${conversation}/read`, {}],
      ] as const) {
        const answer = await call(a, method, url, who, payload);
        expect([who, url, answer.statusCode, answer.json().message]).toEqual([who, url, 404, `There is no conversation ${conversation} of yours.`]);
      }
      expect((await inbox(who)).conversations.some((c) => c.oid === conversation)).toBe(false);
    }
    // dan is a member but holds Read on /messages in T2 only.
    expect((await call(a, 'GET', `/api/messages/conversations/${conversation}/messages`, 'dan')).statusCode).toBe(403);
    expect((await inbox('dan')).conversations).toEqual([]);
    expect((await call(a, 'GET', `/api/messages/conversations/99999999/messages`, 'ann')).statusCode).toBe(404);
    const texts = (await call(a, 'GET', `/api/messages/conversations/${conversation}/messages?take=100`, 'ann')).json().messages.map((m: { text: string }) => m.text);
    expect(texts).not.toContain('intruder');
  });

  it('refuses hostile input with a 400 that names the member', async () => {
    const conversation = (await open('ann', ['ben'])).json().oid as number;
    const cases: [string, 'GET' | 'POST', string, unknown, string][] = [
      ['empty', 'POST', `/api/messages/conversations/${conversation}/messages`, { text: ' \n ' }, 'text'],
      ['too long', 'POST', `/api/messages/conversations/${conversation}/messages`, { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'text'],
      ['not text', 'POST', `/api/messages/conversations/${conversation}/messages`, { text: { html: 'x' } }, 'text'],
      ['unknown field', 'POST', `/api/messages/conversations/${conversation}/messages`, { text: 'x', html: '<b>' }, 'html'],
      ['bad oid', 'GET', '/api/messages/conversations/abc/messages', undefined, 'oid'],
      ['bad take', 'GET', `/api/messages/conversations/${conversation}/messages?take=0`, undefined, 'take'],
      ['bad members', 'POST', '/api/messages/conversations', { userOids: ['x'] }, 'userOids'],
      ['no members', 'POST', '/api/messages/conversations', { userOids: [] }, 'userOids'],
      ['bad upTo', 'POST', `/api/messages/conversations/${conversation}/read`, { upTo: -1 }, 'upTo'],
    ];
    for (const [name, method, url, payload, member] of cases) {
      const answer = await call(a, method, url, 'ann', payload);
      expect([name, answer.statusCode]).toEqual([name, 400]);
      expect([name, JSON.stringify(answer.json())]).toEqual([name, expect.stringContaining(member)]);
    }
    expect((await call(a, 'GET', `/api/messages/conversations/${conversation}/messages`, 'ann')).json().messages).toEqual([]);
  });

  it('tells every open connection of every member on either instance, the reader\'s other tabs of a read, and nobody else', async () => {
    const conversation = (await open('ann', ['ben'])).json().oid as number;
    const benOnA = await connect(a, 'ben');
    const benOnB = await connect(b, 'ben');
    const annOnB = await connect(b, 'ann');
    const cid = await connect(a, 'cid');
    const heardByCid: unknown[] = [];
    cid.on(MESSAGES_CHANGED, (message) => heardByCid.push(message));

    const expected = { conversationOid: conversation, reason: 'message' };
    const heard = Promise.all([nextMessage(benOnA, MESSAGES_CHANGED), nextMessage(benOnB, MESSAGES_CHANGED), nextMessage(annOnB, MESSAGES_CHANGED)]);
    expect((await send('ann', conversation, 'live?')).statusCode).toBe(201);
    expect(await heard).toEqual([expected, expected, expected]);

    const annHeard: unknown[] = [];
    annOnB.on(MESSAGES_CHANGED, (message) => annHeard.push(message));
    const readElsewhere = nextMessage(benOnB, MESSAGES_CHANGED);
    await call(a, 'POST', `/api/messages/conversations/${conversation}/read`, 'ben', {});
    expect(await readElsewhere).toEqual({ conversationOid: conversation, reason: 'read' });

    // A later message to cid's own conversation reaches cid, so anything meant for cid earlier would have come first.
    const cidsOwn = (await call(a, 'POST', '/api/messages/conversations', 'dan', { tenantOid: T2, userOids: [oids.cid] })).json().oid as number;
    const toCid = nextMessage(cid, MESSAGES_CHANGED);
    await send('dan', cidsOwn, 'hi cid', b);
    expect(await toCid).toEqual({ conversationOid: cidsOwn, reason: 'message' });
    expect(heardByCid).toEqual([{ conversationOid: cidsOwn, reason: 'message' }]);
    expect(annHeard).toEqual([]);
  });
});
