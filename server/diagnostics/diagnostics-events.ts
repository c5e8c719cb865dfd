import { parseDashboardEvent } from '../dashboard/dashboard-events';
import { DASHBOARD_EVENT_CHANNEL } from '../dashboard/dashboard-migrations';
import type { DataEventBus } from '../data/data-event-bus';
import type { Database } from '../db/database';
import { UNPROCESSED_DOCUMENTS_PATH } from '../documents/unprocessed-documents';
import type { HubMethod } from '../hub/hub-method-registry';
import { subscriptionHubMethods, TenantTopicPush } from '../hub/tenant-topic-push';
import { DOCUMENT_LOCK_KIND, DOCUMENT_LOCKS_PATH } from './document-locks';

/** The hub message that tells an open diagnostics page which list changed: `{ topics, tenantOids }` (docs/hub.md). */
export const DIAGNOSTICS_DATA_CHANGED = 'DiagnosticsDataChanged';

/** What changed, and the page whose Read right a subscriber needs in the tenant to hear of it. */
export const DIAGNOSTICS_TOPICS = { 'unprocessed-documents': UNPROCESSED_DOCUMENTS_PATH, 'document-locks': DOCUMENT_LOCKS_PATH } as const;
export type DiagnosticsTopic = keyof typeof DIAGNOSTICS_TOPICS;

/** Changes heard within this time go out as one message: a burst of receipts or a reprocessing run is one refresh. */
export const DIAGNOSTICS_PUSH_INTERVAL_MS = 250;


/**
 * The connections of this instance with a diagnostics page open. Two sources, both heard on every instance whoever
 * wrote: the documents table's NOTIFY (a document handed in lands in the queue, reprocessing books it or gives a new
 * reason) and the data events of the lock kind (a lock taken, renewed or released, through the lock routes, a
 * terminal or the data service). Each subscriber hears of the tenants it belongs to and may read that list in.
 */
export class DiagnosticsEvents {
  private readonly push: TenantTopicPush<DiagnosticsTopic>;
  private readonly stops: (() => Promise<void> | void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly events: DataEventBus | undefined,
    intervalMs = DIAGNOSTICS_PUSH_INTERVAL_MS,
  ) {
    this.push = new TenantTopicPush<DiagnosticsTopic>(DIAGNOSTICS_DATA_CHANGED, intervalMs, (context, topic, tenantOid) => context.can(DIAGNOSTICS_TOPICS[topic], 'Read', tenantOid));
  }

  async start(): Promise<void> {
    if (this.stops.length > 0) return;
    this.stops.push(
      await this.db.listen(DASHBOARD_EVENT_CHANNEL, (payload) => {
        // The documents table's notifications (migration 742): a document landed, was processed or refused again.
        const event = parseDashboardEvent(payload);
        if (event?.topic === 'documents') this.push.heard('unprocessed-documents', event.tenantOids);
      }),
    );
    if (this.events) {
      this.stops.push(
        this.events.subscribe((event) => {
          if (event.kind === DOCUMENT_LOCK_KIND && event.tenantOid !== null) this.push.heard('document-locks', [event.tenantOid]);
        }),
      );
    }
  }

  async close(): Promise<void> {
    this.push.close();
    const stops = this.stops.splice(0);
    for (const stop of stops) await Promise.resolve(stop()).catch(() => undefined); // a database already closed has no listener left
  }

  /** SubscribeDiagnostics and UnsubscribeDiagnostics (our extension; docs/hub.md). */
  hubMethods(): HubMethod<undefined>[] {
    return subscriptionHubMethods('Diagnostics', this.push);
  }
}
