import type { Queryable } from '../db/database';
import { IDENTITY_TABLES } from '../identity/identity-tables';
import type { Conversation, Message, Person } from '../../schemas/message-wire';

export type { Conversation, Message, Person } from '../../schemas/message-wire';

const num = (value: string | number | null | undefined): number => Number(value ?? 0);
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

const PERSON_COLUMNS = `u."Oid" as oid, u."UserName" as user_name, trim(coalesce(u."FirstName", '') || ' ' || coalesce(u."LastName", '')) as full_name`;
interface PersonRow {
  oid: string | number;
  user_name: string;
  full_name: string | null;
}
const personOf = (row: PersonRow): Person => ({ oid: num(row.oid), userName: row.user_name, displayName: row.full_name || row.user_name });

/** The key that makes one conversation per set of members in a tenant: the sorted oids. */
export function memberKeyOf(userOids: readonly number[]): string {
  return [...new Set(userOids)].sort((a, b) => a - b).join(',');
}

/** The enabled users of a tenant other than `exceptOid`, by name (whom one may write to there). */
export async function tenantPeople(db: Queryable, tenantOid: number, exceptOid: number, search: string | undefined, take: number): Promise<Person[]> {
  const rows = await db.query<PersonRow>(
    `select ${PERSON_COLUMNS} from ${IDENTITY_TABLES.user} u join mate_user_tenant t on t.user_oid = u."Oid"
      where t.tenant_oid = $1 and u."Oid" <> $2 and not coalesce(u."Disabled", false)
        and ($3::text is null or u."UserName" ilike $3 or u."FirstName" ilike $3 or u."LastName" ilike $3)
      order by lower(u."UserName") limit $4`,
    [tenantOid, exceptOid, search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null, take],
  );
  return rows.rows.map(personOf);
}

/** Which of `userOids` belong to the tenant (and are enabled). */
export async function membersOfTenant(db: Queryable, tenantOid: number, userOids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ oid: string | number }>(
    `select u."Oid" as oid from ${IDENTITY_TABLES.user} u join mate_user_tenant t on t.user_oid = u."Oid"
      where t.tenant_oid = $1 and u."Oid" = any($2::bigint[]) and not coalesce(u."Disabled", false)`,
    [tenantOid, [...userOids]],
  );
  return rows.rows.map((row) => num(row.oid));
}

/** The conversation of exactly these members in the tenant, made when there is none yet. */
export async function openConversation(tx: Queryable, tenantOid: number, userOids: readonly number[], createdBy: number): Promise<{ oid: number; created: boolean }> {
  const key = memberKeyOf(userOids);
  const made = await tx.query<{ oid: string | number }>(
    `insert into mate_conversation (tenant_oid, member_key, created_by) values ($1, $2, $3) on conflict (tenant_oid, member_key) do nothing returning oid`,
    [tenantOid, key, createdBy],
  );
  if (made.rows[0]) {
    const oid = num(made.rows[0].oid);
    for (const userOid of new Set(userOids)) await tx.query('insert into mate_conversation_member (conversation_oid, user_oid) values ($1, $2)', [oid, userOid]);
    return { oid, created: true };
  }
  const found = await tx.query<{ oid: string | number }>('select oid from mate_conversation where tenant_oid = $1 and member_key = $2', [tenantOid, key]);
  return { oid: num(found.rows[0]!.oid), created: false };
}

/** The conversation's tenant and members, or undefined when there is none. */
export async function conversationHead(db: Queryable, conversationOid: number): Promise<{ tenantOid: number; memberOids: number[] } | undefined> {
  const rows = await db.query<{ tenant_oid: string | number; user_oid: string | number }>(
    'select c.tenant_oid, m.user_oid from mate_conversation c join mate_conversation_member m on m.conversation_oid = c.oid where c.oid = $1',
    [conversationOid],
  );
  if (rows.rows.length === 0) return undefined;
  return { tenantOid: num(rows.rows[0]!.tenant_oid), memberOids: rows.rows.map((row) => num(row.user_oid)) };
}

interface MessageRow {
  oid: string | number;
  conversation_oid: string | number;
  sender_oid: string | number;
  sender_name: string | null;
  body: string;
  sent_at: Date | string;
}
const MESSAGE_COLUMNS = `m.oid, m.conversation_oid, m.sender_oid, coalesce(nullif(trim(coalesce(u."FirstName", '') || ' ' || coalesce(u."LastName", '')), ''), u."UserName") as sender_name, m.body, m.sent_at`;
const messageOf = (row: MessageRow): Message => ({ oid: num(row.oid), conversationOid: num(row.conversation_oid), senderOid: num(row.sender_oid), senderName: row.sender_name ?? '?', text: row.body, sentAt: iso(row.sent_at) });

/** Stores a message and moves the sender's read mark past it (one's own messages are never unread). */
export async function addMessage(tx: Queryable, conversationOid: number, senderOid: number, text: string): Promise<Message> {
  const stored = await tx.query<{ oid: string | number }>('insert into mate_message (conversation_oid, sender_oid, body) values ($1, $2, $3) returning oid', [conversationOid, senderOid, text]);
  const oid = num(stored.rows[0]!.oid);
  await tx.query('update mate_conversation set last_message_at = now() where oid = $1', [conversationOid]);
  await tx.query('update mate_conversation_member set last_read_oid = greatest(last_read_oid, $3) where conversation_oid = $1 and user_oid = $2', [conversationOid, senderOid, oid]);
  const rows = await tx.query<MessageRow>(`select ${MESSAGE_COLUMNS} from mate_message m left join ${IDENTITY_TABLES.user} u on u."Oid" = m.sender_oid where m.oid = $1`, [oid]);
  return messageOf(rows.rows[0]!);
}

/** A page of a conversation's messages older than `before` (all when undefined), oldest first, and whether older ones remain. */
export async function messagePage(db: Queryable, conversationOid: number, before: number | undefined, take: number): Promise<{ messages: Message[]; hasMore: boolean }> {
  const rows = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from mate_message m left join ${IDENTITY_TABLES.user} u on u."Oid" = m.sender_oid
      where m.conversation_oid = $1 and ($2::bigint is null or m.oid < $2) order by m.oid desc limit $3`,
    [conversationOid, before ?? null, take + 1],
  );
  const hasMore = rows.rows.length > take;
  return { messages: rows.rows.slice(0, take).map(messageOf).reverse(), hasMore };
}

/** Marks the conversation read for the user up to `upTo` (default: its newest message); whether the mark moved. */
export async function markRead(db: Queryable, conversationOid: number, userOid: number, upTo: number | undefined): Promise<boolean> {
  const moved = await db.query(
    `update mate_conversation_member set last_read_oid = least(coalesce($3::bigint, 9223372036854775807), (select coalesce(max(oid), 0) from mate_message where conversation_oid = $1))
      where conversation_oid = $1 and user_oid = $2 and last_read_oid < least(coalesce($3::bigint, 9223372036854775807), (select coalesce(max(oid), 0) from mate_message where conversation_oid = $1))`,
    [conversationOid, userOid, upTo ?? null],
  );
  return moved.rowCount > 0;
}

/** The user's conversations in the given tenants, the newest first, with members, last message and unread count. */
export async function conversationsOf(db: Queryable, userOid: number, tenantOids: readonly number[]): Promise<Conversation[]> {
  if (tenantOids.length === 0) return [];
  const heads = await db.query<{ oid: string | number; tenant_oid: string | number; last_read_oid: string | number; unread: string | number; last_oid: string | number | null }>(
    `select c.oid, c.tenant_oid, me.last_read_oid,
            (select count(*) from mate_message x where x.conversation_oid = c.oid and x.oid > me.last_read_oid and x.sender_oid <> $1) as unread,
            (select max(x.oid) from mate_message x where x.conversation_oid = c.oid) as last_oid
       from mate_conversation c join mate_conversation_member me on me.conversation_oid = c.oid and me.user_oid = $1
      where c.tenant_oid = any($2::bigint[])
      order by coalesce(c.last_message_at, c.created_at) desc, c.oid desc`,
    [userOid, [...tenantOids]],
  );
  if (heads.rows.length === 0) return [];
  const oids = heads.rows.map((row) => num(row.oid));
  const members = await db.query<PersonRow & { conversation_oid: string | number }>(
    `select m.conversation_oid, ${PERSON_COLUMNS} from mate_conversation_member m join ${IDENTITY_TABLES.user} u on u."Oid" = m.user_oid
      where m.conversation_oid = any($1::bigint[]) order by lower(u."UserName")`,
    [oids],
  );
  const lastOids = heads.rows.map((row) => row.last_oid).filter((oid) => oid !== null).map(num);
  const last = lastOids.length === 0 ? [] : (await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from mate_message m left join ${IDENTITY_TABLES.user} u on u."Oid" = m.sender_oid where m.oid = any($1::bigint[])`, [lastOids])).rows.map(messageOf);
  return heads.rows.map((row) => {
    const oid = num(row.oid);
    return {
      oid,
      tenantOid: num(row.tenant_oid),
      members: members.rows.filter((member) => num(member.conversation_oid) === oid).map(personOf),
      lastMessage: last.find((message) => message.conversationOid === oid) ?? null,
      unread: num(row.unread),
      lastReadOid: num(row.last_read_oid),
    };
  });
}
