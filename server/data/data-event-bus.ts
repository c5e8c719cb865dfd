import type { Database } from '../db/database';

/** The NOTIFY channel that carries data events between server instances. */
export const DATA_EVENT_CHANNEL = 'mate_data_events';

/** The names the hub forwards to browsers (spec 2 §7). */
export type DataEventType = 'DataServiceCreate' | 'DataServiceUpdate' | 'DataServiceDelete';

/** One change of one record. */
export interface DataEvent {
  type: DataEventType;
  /** `<area>/<entity>` as declared. */
  kind: string;
  oid: number;
  /** The ETag after the change; for a delete, the one of the deleted version. */
  etag: string;
  /** null for global kinds. */
  tenantOid: number | null;
}

/** Receives every data event of every instance, once. */
export type DataEventHandler = (event: DataEvent) => void;

function isDataEvent(value: unknown): value is DataEvent {
  const e = value as Partial<DataEvent> | null;
  return !!e && typeof e === 'object' && typeof e.type === 'string' && /^DataService(Create|Update|Delete)$/.test(e.type) && typeof e.kind === 'string' && typeof e.oid === 'number';
}

/**
 * Server-side publish/subscribe of data events across instances. Publishing only sends a NOTIFY; every
 * instance (this one included) hears it on its LISTEN and hands it to its subscribers, so each subscriber
 * sees each event exactly once whichever instance wrote. `start` before use, `close` on shutdown.
 */
export class DataEventBus {
  private readonly handlers = new Set<DataEventHandler>();
  private unlisten: (() => Promise<void>) | undefined;
  private readonly outbox: { payload: string; done: (error?: unknown) => void }[] = [];
  private sending = false;

  constructor(private readonly db: Database) {}

  /** Starts listening; idempotent. */
  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.db.listen(DATA_EVENT_CHANNEL, (payload) => this.dispatch(payload));
  }

  /**
   * Publishes an event to every instance; call it after the change is committed. Events go out in the order of
   * the calls: one NOTIFY statement at a time, and what queued while one was on its way goes together in the
   * next, so a burst of writes costs few round trips. Resolves once the event was sent, so a caller may also
   * leave it unawaited without reordering anything.
   */
  publish(event: DataEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.outbox.push({ payload: JSON.stringify(event), done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.sending) void this.drain();
    });
  }

  /**
   * The NOTIFY of an event for a writer that sends it in the statement of the change itself, so it commits with the
   * change at no extra round trip; undefined while earlier events are still queued or on their way, as then only
   * `publish` after the change keeps the order. (A record's next change needs the ETag this one answers, so no
   * event of the same record can come in between.)
   */
  notification(event: DataEvent): { channel: string; payload: string } | undefined {
    return this.sending || this.outbox.length > 0 ? undefined : { channel: DATA_EVENT_CHANNEL, payload: JSON.stringify(event) };
  }

  /** Subscribes; returns the unsubscribe function. */
  subscribe(handler: DataEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.handlers.clear();
    await unlisten?.();
  }

  private async drain(): Promise<void> {
    this.sending = true;
    try {
      while (this.outbox.length > 0) {
        const batch = this.outbox.splice(0);
        try {
          if (batch.length === 1) await this.db.notify(DATA_EVENT_CHANNEL, batch[0]!.payload);
          // One statement: unnest scans the array in order, and NOTIFYs of one transaction are delivered in order.
          else await this.db.query('select pg_notify($1, payload) from unnest($2::text[]) as t(payload)', [DATA_EVENT_CHANNEL, batch.map((b) => b.payload)]);
          for (const item of batch) item.done();
        } catch (error) {
          for (const item of batch) item.done(error ?? new Error('publish failed'));
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private dispatch(payload: string): void {
    let event: unknown;
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isDataEvent(event)) return;
    for (const handler of [...this.handlers]) {
      try {
        handler(event);
      } catch {
        // One failing subscriber must not keep the event from the others.
      }
    }
  }
}
