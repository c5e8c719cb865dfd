import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { MESSAGE_MAX_LENGTH } from '../../schemas/message-wire';

export { MESSAGE_MAX_LENGTH };

/** Most members of a conversation, the caller included. */
export const CONVERSATION_MAX_MEMBERS = 20;
/** Most messages one page of a conversation answers. */
export const MESSAGE_PAGE_MAX = 100;

const oid = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;

const person = {
  type: 'object',
  properties: { oid: { type: 'integer' }, userName: { type: 'string' }, displayName: { type: 'string' } },
  required: ['oid', 'userName', 'displayName'],
} as const;

export const MESSAGE_SCHEMA = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    conversationOid: { type: 'integer' },
    senderOid: { type: 'integer' },
    senderName: { type: 'string' },
    text: { type: 'string', description: 'plain text; shown as text, never as markup' },
    sentAt: { type: 'string', format: 'date-time' },
  },
  required: ['oid', 'conversationOid', 'senderOid', 'senderName', 'text', 'sentAt'],
} as const;

export const CONVERSATION_SCHEMA = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    tenantOid: { type: 'integer' },
    members: { type: 'array', items: person, description: 'every member, the caller included' },
    lastMessage: { anyOf: [MESSAGE_SCHEMA, { type: 'null' }] },
    unread: { type: 'integer', description: "the others' messages newer than the caller's read mark" },
    lastReadOid: { type: 'integer', description: 'the newest message the caller has read (0: none)' },
  },
  required: ['oid', 'tenantOid', 'members', 'lastMessage', 'unread', 'lastReadOid'],
} as const;

export const CONVERSATIONS_SCHEMA = {
  type: 'object',
  properties: { unreadTotal: { type: 'integer' }, conversations: { type: 'array', items: CONVERSATION_SCHEMA } },
  required: ['unreadTotal', 'conversations'],
} as const;

export const PEOPLE_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tenantOid: { ...oid, description: "default: the request's tenant" },
    search: { type: 'string', maxLength: 100, description: 'part of the user name, first or last name' },
    take: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;
export const PEOPLE_SCHEMA = { type: 'array', items: person } as const;

export const OPEN_BODY = {
  type: 'object',
  required: ['userOids'],
  properties: {
    tenantOid: { ...oid, description: "the tenant all members share; default: the request's tenant" },
    userOids: { type: 'array', minItems: 1, maxItems: CONVERSATION_MAX_MEMBERS - 1, items: oid, description: 'the others (the caller is added)' },
  },
} as const;

export const CONVERSATION_PARAMS = { type: 'object', required: ['oid'], properties: { oid } } as const;

export const PAGE_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    before: { ...oid, description: 'only messages older than this one (the next page back)' },
    take: { type: 'integer', minimum: 1, maximum: MESSAGE_PAGE_MAX, default: 30 },
  },
} as const;
export const PAGE_SCHEMA = {
  type: 'object',
  properties: { messages: { type: 'array', items: MESSAGE_SCHEMA, description: 'oldest first' }, hasMore: { type: 'boolean' } },
  required: ['messages', 'hasMore'],
} as const;

export const SEND_BODY = { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: MESSAGE_MAX_LENGTH } } } as const;
export const READ_BODY = { type: 'object', properties: { upTo: { ...oid, description: 'the newest message read; default: all' } } } as const;

const signedIn = TOKEN_REFUSED;
const member = { ...signedIn, 403: { description: 'No Read on /messages in the tenant' }, 404: { description: 'No such conversation, or not one of yours' } } as const;
const notYourTenant = { 403: { description: 'Not a tenant of yours, or no Read on /messages there' } } as const;
const tags = ['messages'];

// The routes' contracts (docs/messages.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).

/** `GET /api/messages/people`. */
export const PEOPLE_ROUTE_SCHEMA = {
  tags,
  summary: 'Whom the caller may write to: the other enabled users of a tenant they belong to',
  querystring: PEOPLE_QUERYSTRING,
  response: { 200: { description: 'OK', ...PEOPLE_SCHEMA }, 400: { description: 'A bad parameter' }, ...signedIn, ...notYourTenant },
} as const;

/** `GET /api/messages/conversations`. */
export const CONVERSATIONS_ROUTE_SCHEMA = {
  tags,
  summary: "The caller's conversations in their tenants, newest first, with unread counts and the total",
  response: { 200: { description: 'OK', ...CONVERSATIONS_SCHEMA }, ...signedIn },
} as const;

/** `POST /api/messages/conversations`. */
export const OPEN_CONVERSATION_ROUTE_SCHEMA = {
  tags,
  summary: 'Opens the conversation of the caller and these users in a tenant they all belong to (the existing one of the same members, else a new one)',
  body: OPEN_BODY,
  response: {
    200: { description: 'The existing conversation', ...CONVERSATION_SCHEMA },
    201: { description: 'A new conversation', ...CONVERSATION_SCHEMA },
    400: { description: 'A bad member list, or a user who is not of that tenant' },
    ...signedIn,
    ...notYourTenant,
  },
} as const;

/** `GET /api/messages/conversations/{oid}/messages`. */
export const MESSAGE_PAGE_ROUTE_SCHEMA = {
  tags,
  summary: 'A page of messages, oldest first; `before` pages back',
  params: CONVERSATION_PARAMS,
  querystring: PAGE_QUERYSTRING,
  response: { 200: { description: 'OK', ...PAGE_SCHEMA }, 400: { description: 'A bad parameter' }, ...member },
} as const;

/** `POST /api/messages/conversations/{oid}/messages`. */
export const SEND_MESSAGE_ROUTE_SCHEMA = {
  tags,
  summary: 'Sends a plain-text message to the conversation; every open tab of every member hears of it through the hub (MessagesChanged)',
  params: CONVERSATION_PARAMS,
  body: SEND_BODY,
  response: { 201: { description: 'Sent', ...MESSAGE_SCHEMA }, 400: { description: 'Empty or too long' }, ...member },
} as const;

/** `POST /api/messages/conversations/{oid}/read`. */
export const READ_CONVERSATION_ROUTE_SCHEMA = {
  tags,
  summary: "Marks the conversation read up to a message (default: all); the caller's other tabs hear of it",
  params: CONVERSATION_PARAMS,
  body: READ_BODY,
  response: { 200: { description: 'OK', ...CONVERSATION_SCHEMA }, 400: { description: 'A bad upTo' }, ...member },
} as const;
