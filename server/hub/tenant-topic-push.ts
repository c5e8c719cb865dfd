import { hubArguments, type HubCaller, type HubMethod } from './hub-method-registry';
import type { RequestContext } from '../lib/request-context';

interface Subscriber {
  caller(): RequestContext;
  send(target: string, args: unknown[]): void;
}

/**
 * The connections of this instance that follow "something changed in these tenants" messages of one target
 * (DashboardDataChanged, DiagnosticsDataChanged): what was heard within `intervalMs` goes out as one
 * `{ topics, tenantOids }` per subscriber, with only the tenants it belongs to and `mayHear` allows, as the user is at
 * the time of the push. Ids only: what the user may see of the data is the lists' routes' business.
 */
export class TenantTopicPush<T extends string> {
  private readonly subscribers = new Map<string, Subscriber>();
  private pending = new Map<T, Set<number>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: string,
    private readonly intervalMs: number,
    private readonly mayHear: (context: RequestContext, topic: T, tenantOid: number) => boolean = () => true,
  ) {}

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

  /** Something of `topic` changed in these tenants; nobody following, nothing to keep. */
  heard(topic: T, tenantOids: readonly number[]): void {
    if (this.subscribers.size === 0 || tenantOids.length === 0) return;
    const tenants = this.pending.get(topic) ?? new Set<number>();
    for (const tenantOid of tenantOids) tenants.add(tenantOid);
    this.pending.set(topic, tenants);
    this.timer ??= setTimeout(() => this.push(), this.intervalMs);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.subscribers.clear();
  }

  private push(): void {
    this.timer = undefined;
    const pending = this.pending;
    this.pending = new Map();
    for (const subscriber of this.subscribers.values()) {
      let context: RequestContext;
      try {
        context = subscriber.caller();
      } catch {
        continue; // signed out or expired: the connection ends by itself
      }
      const topics: T[] = [];
      const tenantOids = new Set<number>();
      for (const [topic, tenants] of pending) {
        const theirs = [...tenants].filter((tenantOid) => context.tenantOids.includes(tenantOid) && this.mayHear(context, topic, tenantOid));
        if (theirs.length === 0) continue;
        topics.push(topic);
        for (const tenantOid of theirs) tenantOids.add(tenantOid);
      }
      if (topics.length > 0) subscriber.send(this.target, [{ topics, tenantOids: [...tenantOids].sort((a, b) => a - b) }]);
    }
  }
}

/** `Subscribe<name>` and `Unsubscribe<name>` (our extensions; docs/hub.md): any signed-in user, for their own connection. */
export function subscriptionHubMethods(name: string, push: { follow(caller: HubCaller): void; unfollow(connectionId: string): void }): HubMethod<undefined>[] {
  return [
    {
      name: `Subscribe${name}`,
      parse: (args) => (hubArguments.atMost(args, 0, `Subscribe${name}`), undefined),
      invoke: (_args, caller) => {
        push.follow(caller);
        return null;
      },
    },
    {
      name: `Unsubscribe${name}`,
      parse: (args) => (hubArguments.atMost(args, 0, `Unsubscribe${name}`), undefined),
      invoke: (_args, caller) => {
        push.unfollow(caller.connectionId);
        return null;
      },
    },
  ];
}
