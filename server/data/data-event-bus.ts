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

  constructor(private readonly db: Database) {}

  /** Starts listening; idempotent. */
  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.db.listen(DATA_EVENT_CHANNEL, (payload) => this.dispatch(payload));
  }

  /** Publishes an event to every instance; call it after the change is committed. */
  async publish(event: DataEvent): Promise<void> {
    await this.db.notify(DATA_EVENT_CHANNEL, JSON.stringify(event));
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
