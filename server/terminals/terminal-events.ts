import type { Database } from '../db/database';

/** The NOTIFY channel of terminal connection changes between server instances. */
export const TERMINAL_EVENT_CHANNEL = 'mate_terminal_events';

/**
 * A terminal connected or went away, on some instance. Ids and flags only (a NOTIFY payload stays far below
 * PostgreSQL's 8000 bytes); who wants the address or version reads the connection state.
 */
export interface TerminalConnectionEvent {
  terminalOid: number;
  tenantOid: number;
  connected: boolean;
  /** The connection the change is about; a newer connection of the same terminal replaces older ones. */
  connectionId: string;
  /** ISO date-time of the change. */
  at: string;
}

function isTerminalConnectionEvent(value: unknown): value is TerminalConnectionEvent {
  const e = value as Partial<TerminalConnectionEvent> | null;
  return !!e && typeof e === 'object' && typeof e.terminalOid === 'number' && typeof e.tenantOid === 'number' && typeof e.connected === 'boolean' && typeof e.connectionId === 'string' && typeof e.at === 'string';
}

/** Every instance hears every terminal connection change once, its own included. `start` before use. */
export class TerminalEventBus {
  private readonly handlers = new Set<(event: TerminalConnectionEvent) => void>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.db.listen(TERMINAL_EVENT_CHANNEL, (payload) => this.dispatch(payload));
  }

  /** Sends the change to every instance; call it after the state row is written. */
  publish(event: TerminalConnectionEvent): Promise<void> {
    return this.db.notify(TERMINAL_EVENT_CHANNEL, JSON.stringify(event));
  }

  subscribe(handler: (event: TerminalConnectionEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.handlers.clear();
    // A database already closed has no listener left to remove: stopping must not fail on that.
    await unlisten?.().catch(() => undefined);
  }

  private dispatch(payload: string): void {
    let event: unknown;
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isTerminalConnectionEvent(event)) return;
    for (const handler of [...this.handlers]) {
      try {
        handler(event);
      } catch {
        // One failing subscriber must not keep the change from the others.
      }
    }
  }
}
