import { DASHBOARD_EVENT_CHANNEL } from '../dashboard/dashboard-migrations';
import type { DataEventBus } from '../data/data-event-bus';
import type { Database } from '../db/database';
import { UNPROCESSED_DOCUMENTS_PATH } from '../documents/unprocessed-documents';
import { hubArguments, type HubCaller, type HubMethod } from '../hub/hub-method-registry';
import type { RequestContext } from '../lib/request-context';
import { DOCUMENT_LOCK_KIND, DOCUMENT_LOCKS_PATH } from './document-locks';

/** The hub message that tells an open diagnostics page which list changed: `{ topics, tenantOids }` (docs/hub.md). */
export const DIAGNOSTICS_DATA_CHANGED = 'DiagnosticsDataChanged';

/** What changed, and the page whose Read right a subscriber needs in the tenant to hear of it. */
export const DIAGNOSTICS_TOPICS = { 'unprocessed-documents': UNPROCESSED_DOCUMENTS_PATH, 'document-locks': DOCUMENT_LOCKS_PATH } as const;
export type DiagnosticsTopic = keyof typeof DIAGNOSTICS_TOPICS;

/** Changes heard within this time go out as one message: a burst of receipts or a reprocessing run is one refresh. */
export const DIAGNOSTICS_PUSH_INTERVAL_MS = 250;

interface Subscriber {
  caller(): RequestContext;
  send(target: string, args: unknown[]): void;
}

/** The tenants of a `documents` notification of the dashboard channel (migration 742), else undefined. */
function documentTenants(payload: string): number[] | undefined {
  try {
    const value = JSON.parse(payload) as { topic?: unknown; tenantOids?: unknown };
    if (value.topic !== 'documents' || !Array.isArray(value.tenantOids)) return undefined;
    return value.tenantOids.map(Number).filter(Number.isSafeInteger);
  } catch {
    return undefined;
  }
}

/**
 * The connections of this instance with a diagnostics page open. Two sources, both heard on every instance whoever
 * wrote: the documents table's NOTIFY (a document handed in lands in the queue, reprocessing books it or gives a new
 * reason) and the data events of the lock kind (a lock taken, renewed or released, through the lock routes, a
 * terminal or the data service). Each subscriber hears of the tenants it belongs to and may read that list in; ids
 * only, the lists' routes decide what a user sees.
 */
export class DiagnosticsEvents {
  private readonly subscribers = new Map<string, Subscriber>();
  private pending = new Map<DiagnosticsTopic, Set<number>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly stops: (() => Promise<void> | void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly events: DataEventBus | undefined,
    private readonly intervalMs = DIAGNOSTICS_PUSH_INTERVAL_MS,
  ) {}

  async start(): Promise<void> {
    if (this.stops.length > 0) return;
    this.stops.push(
      await this.db.listen(DASHBOARD_EVENT_CHANNEL, (payload) => {
        const tenants = documentTenants(payload);
        if (tenants) this.heard('unprocessed-documents', tenants);
      }),
    );
    if (this.events) {
      this.stops.push(
        this.events.subscribe((event) => {
          if (event.kind === DOCUMENT_LOCK_KIND && event.tenantOid !== null) this.heard('document-locks', [event.tenantOid]);
        }),
      );
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.subscribers.clear();
    const stops = this.stops.splice(0);
    for (const stop of stops) await Promise.resolve(stop()).catch(() => undefined); // a database already closed has no listener left
  }

  follow(caller: HubCaller): void {
    if (caller.connection.signal.aborted || this.subscribers.has(caller.connectionId)) return;
    this.subscribers.set(caller.connectionId, { caller: caller.connection.caller, send: caller.send });
    caller.connection.signal.addEventListener('abort', () => this.subscribers.delete(caller.connectionId), { once: true });
  }

  unfollow(connectionId: string): void {
    this.subscribers.delete(connectionId);
  }

  private heard(topic: DiagnosticsTopic, tenantOids: number[]): void {
    if (this.subscribers.size === 0 || tenantOids.length === 0) return;
    const tenants = this.pending.get(topic) ?? new Set<number>();
    for (const tenantOid of tenantOids) tenants.add(tenantOid);
    this.pending.set(topic, tenants);
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
      const topics: DiagnosticsTopic[] = [];
      const tenantOids = new Set<number>();
      for (const [topic, tenants] of pending) {
        const theirs = [...tenants].filter((tenantOid) => context.tenantOids.includes(tenantOid) && context.can(DIAGNOSTICS_TOPICS[topic], 'Read', tenantOid));
        if (theirs.length === 0) continue;
        topics.push(topic);
        for (const tenantOid of theirs) tenantOids.add(tenantOid);
      }
      if (topics.length > 0) subscriber.send(DIAGNOSTICS_DATA_CHANGED, [{ topics, tenantOids: [...tenantOids].sort((a, b) => a - b) }]);
    }
  }
}

/** SubscribeDiagnostics and UnsubscribeDiagnostics (our extension; docs/hub.md): any signed-in user, for their own connection. */
export function diagnosticsHubMethods(events: DiagnosticsEvents): HubMethod<undefined>[] {
  return [
    {
      name: 'SubscribeDiagnostics',
      parse: (args) => (hubArguments.atMost(args, 0, 'SubscribeDiagnostics'), undefined),
      invoke: (_args, caller) => {
        events.follow(caller);
        return null;
      },
    },
    {
      name: 'UnsubscribeDiagnostics',
      parse: (args) => (hubArguments.atMost(args, 0, 'UnsubscribeDiagnostics'), undefined),
      invoke: (_args, caller) => {
        events.unfollow(caller.connectionId);
        return null;
      },
    },
  ];
}
