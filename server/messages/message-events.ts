import type { Database } from '../db/database';
import type { HubCaller, HubMethod } from '../hub/hub-method-registry';
import { subscriptionHubMethods } from '../hub/tenant-topic-push';
import type { RequestContext } from '../lib/request-context';
import { MESSAGE_EVENT_CHANNEL } from './message-migrations';

/** The hub message: `{ conversationOid, reason }`, reason `message` (a new one) or `read` (the user read it elsewhere). */
export const MESSAGES_CHANGED = 'MessagesChanged';

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

interface Subscriber {
  caller(): RequestContext;
  send(target: string, args: unknown[]): void;
}

/**
 * The connections of this instance that follow their user's messages (SubscribeMessages; the shell's badge does,
 * in every tab). A change goes at once to the connections of the users it names who still belong to the
 * conversation's tenant, as they are at the time of the push.
 */
export class MessageEvents {
  private readonly subscribers = new Map<string, Subscriber>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.db.listen(MESSAGE_EVENT_CHANNEL, (payload) => {
      const event = parseMessageEvent(payload);
      if (event) this.push(event);
    });
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
  }

  count(): number {
    return this.subscribers.size;
  }

  follow(caller: HubCaller): void {
    if (caller.connection.signal.aborted || this.subscribers.has(caller.connectionId)) return;
    this.subscribers.set(caller.connectionId, { caller: caller.connection.caller, send: caller.send });
    caller.connection.signal.addEventListener('abort', () => this.subscribers.delete(caller.connectionId), { once: true });
  }

  unfollow(connectionId: string): void {
    this.subscribers.delete(connectionId);
  }

  private push(event: MessageEvent): void {
    for (const subscriber of this.subscribers.values()) {
      let context: RequestContext;
      try {
        context = subscriber.caller();
      } catch {
        continue; // signed out or expired: the connection ends by itself
      }
      if (!event.userOids.includes(context.userOid) || !context.tenantOids.includes(event.tenantOid)) continue;
      subscriber.send(MESSAGES_CHANGED, [{ conversationOid: event.conversationOid, reason: event.reason }]);
    }
  }
}

/** SubscribeMessages and UnsubscribeMessages (our extension; docs/hub.md): any signed-in user, for their own connection. */
export function messageHubMethods(events: MessageEvents): HubMethod<undefined>[] {
  return subscriptionHubMethods('Messages', events);
}
