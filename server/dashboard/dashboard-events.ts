import type { Database } from '../db/database';
import { hubArguments, type HubCaller, type HubMethod } from '../hub/hub-method-registry';
import type { RequestContext } from '../lib/request-context';
import { DASHBOARD_EVENT_CHANNEL } from './dashboard-migrations';

/** The hub message that tells a dashboard which data changed: `{ topics, tenantOids }` (docs/hub.md). */
export const DASHBOARD_DATA_CHANGED = 'DashboardDataChanged';

/** What changed: documents (turnover, throughput, unprocessed documents) or exchange rates. */
export type DashboardTopic = 'documents' | 'exchange-rates';
const TOPICS: readonly DashboardTopic[] = ['documents', 'exchange-rates'];

/** Changes heard within this time go out as one message: a terminal sending a burst of receipts is one refresh. */
export const DASHBOARD_PUSH_INTERVAL_MS = 250;

interface Subscriber {
  caller(): RequestContext;
  send(target: string, args: unknown[]): void;
}

function parseEvent(payload: string): { topic: DashboardTopic; tenantOids: number[] } | undefined {
  try {
    const value = JSON.parse(payload) as { topic?: unknown; tenantOids?: unknown };
    if (!TOPICS.includes(value.topic as DashboardTopic) || !Array.isArray(value.tenantOids)) return undefined;
    return { topic: value.topic as DashboardTopic, tenantOids: value.tenantOids.map(Number).filter(Number.isSafeInteger) };
  } catch {
    return undefined;
  }
}

/**
 * The connections of this instance with a dashboard open. The tables behind the cards NOTIFY their changes
 * (triggers of migration 742, whoever writes: a terminal, a job, another instance); each subscriber hears of the
 * tenants it belongs to, as it is at the time of the push, and refetches the cards of that topic. Ids only: what a
 * user may see of the data is the cards' routes' business.
 */
export class DashboardEvents {
  private readonly subscribers = new Map<string, Subscriber>();
  private pending = new Map<DashboardTopic, Set<number>>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly intervalMs = DASHBOARD_PUSH_INTERVAL_MS,
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.db.listen(DASHBOARD_EVENT_CHANNEL, (payload) => this.heard(payload));
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.subscribers.clear();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined); // a database already closed has no listener left
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

  private heard(payload: string): void {
    const event = parseEvent(payload);
    if (!event || this.subscribers.size === 0) return;
    const tenants = this.pending.get(event.topic) ?? new Set<number>();
    for (const tenantOid of event.tenantOids) tenants.add(tenantOid);
    this.pending.set(event.topic, tenants);
    this.timer ??= setTimeout(() => this.push(), this.intervalMs);
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
        continue;
      }
      const topics: DashboardTopic[] = [];
      const tenantOids = new Set<number>();
      for (const [topic, tenants] of pending) {
        const theirs = [...tenants].filter((tenantOid) => context.tenantOids.includes(tenantOid));
        if (theirs.length === 0) continue;
        topics.push(topic);
        for (const tenantOid of theirs) tenantOids.add(tenantOid);
      }
      if (topics.length > 0) subscriber.send(DASHBOARD_DATA_CHANGED, [{ topics, tenantOids: [...tenantOids].sort((a, b) => a - b) }]);
    }
  }
}

/** SubscribeDashboard and UnsubscribeDashboard (our extension; docs/hub.md): any signed-in user, for their own connection. */
export function dashboardHubMethods(events: DashboardEvents): HubMethod<undefined>[] {
  return [
    {
      name: 'SubscribeDashboard',
      parse: (args) => (hubArguments.atMost(args, 0, 'SubscribeDashboard'), undefined),
      invoke: (_args, caller) => {
        events.follow(caller);
        return null;
      },
    },
    {
      name: 'UnsubscribeDashboard',
      parse: (args) => (hubArguments.atMost(args, 0, 'UnsubscribeDashboard'), undefined),
      invoke: (_args, caller) => {
        events.unfollow(caller.connectionId);
        return null;
      },
    },
  ];
}
