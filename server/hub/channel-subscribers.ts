import type { Database } from '../db/database';
import type { HubCaller } from './hub-method-registry';
import type { RequestContext } from '../lib/request-context';

interface Subscriber {
  caller(): RequestContext;
  send(target: string, args: unknown[]): void;
}

/** What a heard event becomes for one subscriber: the hub message to send, or nothing when they may not hear it. */
export type Delivery<E> = (context: RequestContext, event: E) => { target: string; args: unknown[] } | undefined;

/**
 * The connections of this instance that follow one database channel (NOTIFY, so every instance hears every change):
 * a payload is parsed once and goes to each subscriber `deliver` lets hear it, judged on the user as they are at the
 * time of the push. Used by the messages badge (SubscribeMessages) and the POS configuration page
 * (SubscribePosSettings); ids only cross the channel, the routes decide what a user may read.
 */
export class ChannelSubscribers<E> {
  private readonly subscribers = new Map<string, Subscriber>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly channel: string,
    private readonly parse: (payload: string) => E | undefined,
    private readonly deliver: Delivery<E>,
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.db.listen(this.channel, (payload) => {
      const event = this.parse(payload);
      if (event !== undefined) this.push(event);
    });
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
  }

  /** How many connections follow (tests). */
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

  private push(event: E): void {
    for (const subscriber of this.subscribers.values()) {
      let context: RequestContext;
      try {
        context = subscriber.caller();
      } catch {
        continue; // signed out or expired: the connection ends by itself
      }
      const message = this.deliver(context, event);
      if (message) subscriber.send(message.target, message.args);
    }
  }
}
