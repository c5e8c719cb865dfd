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

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const query = (schema: { properties: Record<string, unknown>; required?: readonly string[] }, place = 'query') =>
  Object.entries(schema.properties).map(([name, value]) => ({ name, in: place, required: schema.required?.includes(name) ?? false, schema: value }));
const signedIn = { 401: errorResponse('No valid access token') };
const member = { ...signedIn, 403: errorResponse('No Read on /messages in the tenant'), 404: errorResponse('No such conversation, or not one of yours') };
const tags = ['messages'];

/** The routes in the OpenAPI document (docs/messages.md). */
export const MESSAGE_OPENAPI_PATHS = {
  '/api/messages/people': {
    get: { tags, summary: 'Whom the caller may write to: the other enabled users of a tenant they belong to', parameters: query(PEOPLE_QUERYSTRING), responses: { 200: json(PEOPLE_SCHEMA), 400: errorResponse('A bad parameter'), ...signedIn, 403: errorResponse('Not a tenant of yours, or no Read on /messages there') } },
  },
  '/api/messages/conversations': {
    get: { tags, summary: "The caller's conversations in their tenants, newest first, with unread counts and the total", responses: { 200: json(CONVERSATIONS_SCHEMA), ...signedIn } },
    post: {
      tags,
      summary: 'Opens the conversation of the caller and these users in a tenant they all belong to (the existing one of the same members, else a new one)',
      requestBody: { required: true, content: { 'application/json': { schema: OPEN_BODY } } },
      responses: { 200: json(CONVERSATION_SCHEMA, 'The existing conversation'), 201: json(CONVERSATION_SCHEMA, 'A new conversation'), 400: errorResponse('A bad member list, or a user who is not of that tenant'), ...signedIn, 403: errorResponse('Not a tenant of yours, or no Read on /messages there') },
    },
  },
  '/api/messages/conversations/{oid}/messages': {
    get: { tags, summary: 'A page of messages, oldest first; `before` pages back', parameters: [...query(CONVERSATION_PARAMS, 'path'), ...query(PAGE_QUERYSTRING)], responses: { 200: json(PAGE_SCHEMA), 400: errorResponse('A bad parameter'), ...member } },
    post: {
      tags,
      summary: 'Sends a plain-text message to the conversation; every open tab of every member hears of it through the hub (MessagesChanged)',
      parameters: query(CONVERSATION_PARAMS, 'path'),
      requestBody: { required: true, content: { 'application/json': { schema: SEND_BODY } } },
      responses: { 201: json(MESSAGE_SCHEMA, 'Sent'), 400: errorResponse('Empty or too long'), ...member },
    },
  },
  '/api/messages/conversations/{oid}/read': {
    post: {
      tags,
      summary: "Marks the conversation read up to a message (default: all); the caller's other tabs hear of it",
      parameters: query(CONVERSATION_PARAMS, 'path'),
      requestBody: { required: false, content: { 'application/json': { schema: READ_BODY } } },
      responses: { 200: json(CONVERSATION_SCHEMA), 400: errorResponse('A bad upTo'), ...member },
    },
  },
} as const;
