import { exec, type Migration } from '../db/migrations';

/** The channel on which every instance hears of new and read messages (ids only; docs/messages.md). */
export const MESSAGE_EVENT_CHANNEL = 'mate_message_events';

/**
 * Messages between users (versions 950-959): a conversation belongs to one tenant and has two or more members, each
 * with the newest message they have read; messages are plain text, append-only.
 */
export const MESSAGE_MIGRATIONS: Migration[] = [
  {
    version: 950,
    name: 'messages',
    up: (tx) =>
      exec(
        tx,
        `create table mate_conversation (
           oid bigserial primary key,
           tenant_oid bigint not null,
           member_key text not null,
           created_by bigint not null,
           created_at timestamptz not null default now(),
           last_message_at timestamptz
         );
         create unique index mate_conversation_members on mate_conversation (tenant_oid, member_key);
         create table mate_conversation_member (
           conversation_oid bigint not null references mate_conversation (oid) on delete cascade,
           user_oid bigint not null,
           last_read_oid bigint not null default 0,
           primary key (conversation_oid, user_oid)
         );
         create index mate_conversation_member_user on mate_conversation_member (user_oid);
         create table mate_message (
           oid bigserial primary key,
           conversation_oid bigint not null references mate_conversation (oid) on delete cascade,
           sender_oid bigint not null,
           body text not null,
           sent_at timestamptz not null default now()
         );
         create index mate_message_conversation on mate_message (conversation_oid, oid desc)`,
      ),
  },
];
