// What /api/messages answers: one shape for the server (server/messages, its routes' schemas in message-openapi.ts)
// and the page (src/features/messages); docs/messages.md.

/** A member of a conversation or a user one may write to, as the page names them. */
export interface Person {
  oid: number;
  userName: string;
  displayName: string;
}

export interface Message {
  oid: number;
  conversationOid: number;
  senderOid: number;
  senderName: string;
  text: string;
  sentAt: string;
}

export interface Conversation {
  oid: number;
  tenantOid: number;
  members: Person[];
  lastMessage: Message | null;
  /** Messages of the others newer than the caller's last read one. */
  unread: number;
  /** The newest message the caller has read (0: none). */
  lastReadOid: number;
}

export interface Inbox {
  unreadTotal: number;
  conversations: Conversation[];
}

export interface MessagePage {
  messages: Message[];
  hasMore: boolean;
}

/** The longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** The page whose Read right lets a user chat in a tenant. */
export const MESSAGES_PAGE_PATH = '/messages';
/** The hub message of a new or read message: `{ conversationOid, reason }`, reason `message` or `read`. */
export const MESSAGES_CHANGED = 'MessagesChanged';
export const INBOX_PATH = '/api/messages/conversations';
