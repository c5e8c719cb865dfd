import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../db/database';
import { bodyObject, refuseUnknownFields } from '../identity/request-body';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { announce, MessageEvents, messageHubMethods } from './message-events';
import { CONVERSATIONS_ROUTE_SCHEMA, MESSAGE_MAX_LENGTH, MESSAGE_PAGE_ROUTE_SCHEMA, OPEN_CONVERSATION_ROUTE_SCHEMA, PEOPLE_ROUTE_SCHEMA, READ_CONVERSATION_ROUTE_SCHEMA, SEND_MESSAGE_ROUTE_SCHEMA } from './message-schemas';
import { MESSAGES_PAGE_PATH } from '../../schemas/message-wire';
import { addMessage, conversationHead, conversationsOf, markRead, membersOfTenant, messagePage, openConversation, tenantPeople, type Conversation } from './message-store';

/** The page whose Read right lets a user write and read messages in a tenant (server/metadata/navigation.json). */
export const MESSAGES_PATH = MESSAGES_PAGE_PATH;

export interface MessageRoutesOptions {
  db: Database;
  resolveContext: ContextResolver;
}

/** The tenant a call names (one of the caller's, with Read on /messages there), else the request's tenant. */
function chattingTenant(context: RequestContext, named: number | undefined): number {
  const tenantOid = named ?? context.tenantOid;
  if (tenantOid === undefined) throw new ApiError(400, 'Name the tenant (tenantOid): you have no current tenant.', { errors: { tenantOid: ['is required'] } });
  if (!context.tenantOids.includes(tenantOid)) throw new ApiError(403, `You do not belong to tenant ${tenantOid}.`);
  if (!context.can(MESSAGES_PATH, 'Read', tenantOid)) throw new ApiError(403, `Not permitted: Read on ${MESSAGES_PATH}.`);
  return tenantOid;
}

/**
 * Messages between the users of a tenant (docs/messages.md): whom one may write to, conversations with unread
 * counts, paged history, sending and marking read. Every change is NOTIFYed, so the hub tells every open tab of
 * every member on every instance (MessagesChanged, after SubscribeMessages).
 */
export const messageRoutes = fastifyPlugin<MessageRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const { db } = options;

    /** The conversation when the caller is a member and may still chat in its tenant; else 404 (its existence stays private) or 403. */
    async function memberOf(context: RequestContext, conversationOid: number) {
      const head = await conversationHead(db, conversationOid);
      if (!head || !head.memberOids.includes(context.userOid) || !context.tenantOids.includes(head.tenantOid)) throw new ApiError(404, `There is no conversation ${conversationOid} of yours.`);
      if (!context.can(MESSAGES_PATH, 'Read', head.tenantOid)) throw new ApiError(403, `Not permitted: Read on ${MESSAGES_PATH}.`);
      return head;
    }

    async function conversationView(context: RequestContext, conversationOid: number): Promise<Conversation> {
      const found = (await conversationsOf(db, context.userOid, context.tenantOids)).find((conversation) => conversation.oid === conversationOid);
      if (!found) throw new ApiError(404, `There is no conversation ${conversationOid} of yours.`);
      return found;
    }

    app.get<{ Querystring: { tenantOid?: number; search?: string; take: number } }>('/api/messages/people', { schema: PEOPLE_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const tenantOid = chattingTenant(context, request.query.tenantOid);
      return tenantPeople(db, tenantOid, context.userOid, request.query.search?.trim() || undefined, request.query.take);
    });

    app.get('/api/messages/conversations', { schema: CONVERSATIONS_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const tenants = context.tenantOids.filter((tenantOid) => context.can(MESSAGES_PATH, 'Read', tenantOid));
      const conversations = await conversationsOf(db, context.userOid, tenants);
      return { unreadTotal: conversations.reduce((sum, conversation) => sum + conversation.unread, 0), conversations };
    });

    app.post('/api/messages/conversations', { schema: OPEN_CONVERSATION_ROUTE_SCHEMA }, async (request, reply) => {
      const context = await options.resolveContext(request);
      const body = bodyObject(request.body);
      refuseUnknownFields(body, ['tenantOid', 'userOids']);
      const tenantOid = chattingTenant(context, body.tenantOid as number | undefined);
      const others = [...new Set(body.userOids as number[])].filter((userOid) => userOid !== context.userOid);
      if (others.length === 0) throw new ApiError(400, 'Name at least one other user to write to.', { errors: { userOids: ['must name someone besides you'] } });
      const found = new Set(await membersOfTenant(db, tenantOid, others));
      const strangers = others.filter((userOid) => !found.has(userOid));
      if (strangers.length > 0) throw new ApiError(400, `User ${strangers.join(', ')} is not an enabled user of tenant ${tenantOid}.`, { errors: { userOids: ['must be users of the tenant'] } });
      const opened = await db.transaction((tx) => openConversation(tx, tenantOid, [context.userOid, ...others], context.userOid));
      reply.code(opened.created ? 201 : 200);
      return conversationView(context, opened.oid);
    });

    app.get<{ Params: { oid: number }; Querystring: { before?: number; take: number } }>(
      '/api/messages/conversations/:oid/messages',
      { schema: MESSAGE_PAGE_ROUTE_SCHEMA },
      async (request) => {
        const context = await options.resolveContext(request);
        await memberOf(context, request.params.oid);
        return messagePage(db, request.params.oid, request.query.before, request.query.take);
      },
    );

    app.post<{ Params: { oid: number } }>('/api/messages/conversations/:oid/messages', { schema: SEND_MESSAGE_ROUTE_SCHEMA }, async (request, reply) => {
      const context = await options.resolveContext(request);
      const body = bodyObject(request.body);
      refuseUnknownFields(body, ['text']);
      const text = typeof body.text === 'string' ? body.text.replace(/\r\n?/g, '\n').trim() : '';
      if (text === '') throw new ApiError(400, 'The message is empty.', { errors: { text: ['is required'] } });
      if (text.length > MESSAGE_MAX_LENGTH) throw new ApiError(400, `The message must be at most ${MESSAGE_MAX_LENGTH} characters long.`, { errors: { text: [`must be at most ${MESSAGE_MAX_LENGTH} characters long`] } });
      const head = await memberOf(context, request.params.oid);
      const message = await db.transaction((tx) => addMessage(tx, request.params.oid, context.userOid, text));
      await announce(db, { conversationOid: request.params.oid, tenantOid: head.tenantOid, userOids: head.memberOids, reason: 'message' });
      reply.code(201);
      return message;
    });

    app.post<{ Params: { oid: number } }>('/api/messages/conversations/:oid/read', { schema: READ_CONVERSATION_ROUTE_SCHEMA }, async (request) => {
      const context = await options.resolveContext(request);
      const body = request.body === undefined || request.body === null ? {} : bodyObject(request.body);
      refuseUnknownFields(body, ['upTo']);
      const head = await memberOf(context, request.params.oid);
      if (await markRead(db, request.params.oid, context.userOid, body.upTo as number | undefined)) {
        await announce(db, { conversationOid: request.params.oid, tenantOid: head.tenantOid, userOids: [context.userOid], reason: 'read' });
      }
      return conversationView(context, request.params.oid);
    });

    if (app.hasDecorator('hub')) {
      const events = new MessageEvents(db);
      await events.start();
      for (const method of messageHubMethods(events)) app.hub.methods.register(method);
      app.addHook('onClose', async () => events.close());
    }
  },
  { name: 'mate-messages', fastify: '5.x' },
);
