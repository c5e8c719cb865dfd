import type { Database } from '../db/database';
import { ChannelSubscribers } from '../hub/channel-subscribers';
import type { HubMethod } from '../hub/hub-method-registry';
import { subscriptionHubMethods } from '../hub/tenant-topic-push';
import { MESSAGE_EVENT_CHANNEL } from './message-migrations';
import { MESSAGES_CHANGED } from '../../schemas/message-wire';

export { MESSAGES_CHANGED } from '../../schemas/message-wire';

export type MessageEventReason = 'message' | 'read';

/** What crosses instances: ids only; the routes decide what a user may read. */
export interface MessageEvent {
  conversationOid: number;
  tenantOid: number;
  userOids: number[];
  reason: MessageEventReason;
}

export function parseMessageEvent(payload: string): MessageEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<MessageEvent>;
    if (!Number.isSafeInteger(value.conversationOid) || !Number.isSafeInteger(value.tenantOid) || !Array.isArray(value.userOids)) return undefined;
    if (value.reason !== 'message' && value.reason !== 'read') return undefined;
    return { conversationOid: value.conversationOid!, tenantOid: value.tenantOid!, userOids: value.userOids.map(Number).filter(Number.isSafeInteger), reason: value.reason };
  } catch {
    return undefined;
  }
}

/** Tells every instance (and so every open tab of the users concerned) that a conversation changed. */
export async function announce(db: Database, event: MessageEvent): Promise<void> {
  await db.notify(MESSAGE_EVENT_CHANNEL, JSON.stringify(event));
}

/**
 * The connections of this instance that follow their user's messages (SubscribeMessages; the shell's badge does,
 * in every tab). A change goes at once to the connections of the users it names who still belong to the
 * conversation's tenant, as they are at the time of the push.
 */
export class MessageEvents extends ChannelSubscribers<MessageEvent> {
  constructor(db: Database) {
    super(db, MESSAGE_EVENT_CHANNEL, parseMessageEvent, (context, event) =>
      event.userOids.includes(context.userOid) && context.tenantOids.includes(event.tenantOid)
        ? { target: MESSAGES_CHANGED, args: [{ conversationOid: event.conversationOid, reason: event.reason }] }
        : undefined,
    );
  }
}

/** SubscribeMessages and UnsubscribeMessages (our extension; docs/hub.md): any signed-in user, for their own connection. */
export function messageHubMethods(events: MessageEvents): HubMethod<undefined>[] {
  return subscriptionHubMethods('Messages', events);
}
