/** What /api/messages answers (server/messages/message-openapi.ts; docs/messages.md). */
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
  unread: number;
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

/** The longest message the server takes (MESSAGE_MAX_LENGTH there). */
export const MESSAGE_MAX_LENGTH = 4000;
/** The page whose Read right lets a user chat in a tenant. */
export const MESSAGES_PAGE_PATH = '/messages';
/** The hub message of a new or read message. */
export const MESSAGES_CHANGED = 'MessagesChanged';
export const INBOX_PATH = '/api/messages/conversations';
