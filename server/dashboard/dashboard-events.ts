import type { Database } from '../db/database';
import type { HubCaller, HubMethod } from '../hub/hub-method-registry';
import { subscriptionHubMethods, TenantTopicPush } from '../hub/tenant-topic-push';
import { DASHBOARD_EVENT_CHANNEL } from './dashboard-migrations';

/** The hub message that tells a dashboard which data changed: `{ topics, tenantOids }` (docs/hub.md). */
export const DASHBOARD_DATA_CHANGED = 'DashboardDataChanged';

/** What changed: documents (turnover, throughput, unprocessed documents) or exchange rates. */
export type DashboardTopic = 'documents' | 'exchange-rates';
const TOPICS: readonly DashboardTopic[] = ['documents', 'exchange-rates'];

/** Changes heard within this time go out as one message: a terminal sending a burst of receipts is one refresh. */
export const DASHBOARD_PUSH_INTERVAL_MS = 250;

/** A notification of the dashboard channel, or undefined when it is none of ours (the diagnostics hear it too). */
export function parseDashboardEvent(payload: string): { topic: DashboardTopic; tenantOids: number[] } | undefined {
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
  private readonly push: TenantTopicPush<DashboardTopic>;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    intervalMs = DASHBOARD_PUSH_INTERVAL_MS,
  ) {
    this.push = new TenantTopicPush<DashboardTopic>(DASHBOARD_DATA_CHANGED, intervalMs);
  }

  async start(): Promise<void> {
    this.unlisten ??= await this.db.listen(DASHBOARD_EVENT_CHANNEL, (payload) => {
      const event = parseDashboardEvent(payload);
      if (event) this.push.heard(event.topic, event.tenantOids);
    });
  }

  async close(): Promise<void> {
    this.push.close();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined); // a database already closed has no listener left
  }

  /** How many connections follow (tests). */
  count(): number {
    return this.push.count();
  }

  follow(caller: HubCaller): void {
    this.push.follow(caller);
  }

  unfollow(connectionId: string): void {
    this.push.unfollow(connectionId);
  }
}

/** SubscribeDashboard and UnsubscribeDashboard (our extension; docs/hub.md): any signed-in user, for their own connection. */
export function dashboardHubMethods(events: DashboardEvents): HubMethod<undefined>[] {
  return subscriptionHubMethods('Dashboard', events);
}
