import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import { terminalStanding, type TerminalIdentity } from './terminal-credentials';
import { handInReceipt } from './terminal-documents';
import type { DocumentTables } from '../documents/document-checks';
import type { TerminalEventBus } from './terminal-events';
import { markConnected, markDisconnected, recordHeartbeat } from './terminal-state';

/** The endpoint's clocks; tests make them short instead of sleeping. */
export interface TerminalTimings {
  /** How often a terminal is asked to send a heartbeat (told in the welcome). */
  heartbeatMs: number;
  /** A terminal silent this long is dropped and marked disconnected. */
  silenceMs: number;
  /** A state row whose last heartbeat is older counts as disconnected in reads (its instance may have died). */
  staleAfterMs: number;
  /** How often each instance sweeps stale rows: marks them disconnected and tells everyone (docs/terminals.md). */
  sweepMs: number;
  /** How long a PingRequest waits for the terminal's pong, end to end (also when relayed to another instance). */
  pingTimeoutMs: number;
}

export const DEFAULT_TERMINAL_TIMINGS: TerminalTimings = { heartbeatMs: 30_000, silenceMs: 90_000, staleAfterMs: 120_000, sweepMs: 30_000, pingTimeoutMs: 5_000 };

/** Close codes the endpoint uses beyond the standard ones. */
export const TERMINAL_CLOSE = { silent: 4000, replaced: 4001, disabled: 4003, revoked: 4401, shutdown: 1001 } as const;

/** What a session needs from the endpoint that owns it. */
export interface TerminalSessionOptions {
  socket: WebSocket;
  terminal: TerminalIdentity;
  /** The table of the POS terminal records, to check the terminal's standing at each heartbeat. */
  posTable: string;
  /** The tables a handed-in document is checked against. */
  documentTables: DocumentTables;
  connectionId: string;
  instanceId: string;
  address: string;
  version: string | null;
  /** The tenant's currency, told in the welcome. */
  currency: string | null;
  db: Database;
  events: TerminalEventBus;
  timings: TerminalTimings;
  log: FastifyBaseLogger;
  onEnded(session: TerminalSession): void;
}

const VERSION_PATTERN = /^[\x21-\x7e]{1,32}$/;

/**
 * One terminal over one WebSocket: connected when it opens, then heartbeats and receipts, each answered; marked
 * disconnected when the socket ends for any reason (closed, dropped, silent, replaced, server shutdown). Messages are
 * handled one after the other, so answers come in the order of the messages and the state row exists before the
 * first heartbeat touches it.
 */
export class TerminalSession {
  readonly terminal: TerminalIdentity;
  readonly connectionId: string;
  /** When the connection was recorded (the database's clock); undefined until then. */
  connectedAt: string | undefined;
  private queue: Promise<void>;
  private silence: NodeJS.Timeout;
  private ended = false;
  private closeReason = 'the connection ended';
  /** Pings sent to the terminal, by id, until it answers with a pong. */
  private readonly pings = new Map<string, () => void>();

  constructor(private readonly options: TerminalSessionOptions) {
    this.terminal = options.terminal;
    this.connectionId = options.connectionId;
    const { socket, timings } = options;
    this.silence = setTimeout(() => this.close(TERMINAL_CLOSE.silent, `no heartbeat for ${timings.silenceMs / 1000} s`), timings.silenceMs);
    socket.on('message', (data, isBinary) => {
      this.silence.refresh();
      const text = isBinary ? undefined : data.toString();
      this.enqueue(() => this.receive(text));
    });
    socket.on('close', () => this.end());
    // An error is followed by 'close'; without a listener it would be thrown.
    socket.on('error', () => undefined);
    this.whenEnded = new Promise((resolve) => (this.resolveEnded = resolve));
    this.queue = this.connect();
  }

  /** Ends the connection from the server's side; the state is marked when the socket has closed. */
  close(code: number, reason: string): void {
    if (this.ended) return;
    this.closeReason = reason;
    this.options.socket.close(code, reason.slice(0, 120));
    // A peer that does not answer the close handshake is cut off, so the state does not wait for it.
    setTimeout(() => this.options.socket.terminate(), 2_000).unref();
  }

  /**
   * Sends a message the server initiates (a configuration push); false when the socket is no longer open, so the
   * caller does not count it as delivered.
   */
  push(message: Record<string, unknown>): boolean {
    const { socket } = this.options;
    if (this.ended || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Cuts the socket and writes nothing more, as a process that dies would (tests of the stale sweep): the state row
   * stays connected until another instance's sweep finds it stale.
   */
  kill(): void {
    this.ended = true;
    clearTimeout(this.silence);
    this.options.socket.terminate();
    this.resolveEnded();
  }

  /**
   * Asks the terminal over its socket ({ type: 'ping', id }) and resolves with the milliseconds until its pong
   * ({ type: 'pong', id }); resolves undefined when it does not answer within `timeoutMs` or the socket ends.
   */
  ping(id: string, timeoutMs: number): Promise<number | undefined> {
    const started = performance.now();
    return new Promise((resolve) => {
      const done = (answered: boolean) => {
        clearTimeout(timer);
        this.pings.delete(id);
        resolve(answered ? Math.round(performance.now() - started) : undefined);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.pings.set(id, () => done(true));
      void this.whenEnded.then(() => this.pings.has(id) && done(false));
      this.reply({ type: 'ping', id });
    });
  }

  /** Resolves once the socket has ended and the disconnection is written. */
  readonly whenEnded: Promise<void>;
  private resolveEnded!: () => void;

  private async connect(): Promise<void> {
    const { db, terminal, events } = this.options;
    try {
      const at = await markConnected(db, terminal, { connectionId: this.connectionId, instanceId: this.options.instanceId, address: this.options.address, version: this.options.version });
      this.connectedAt = at;
      await events.publish({ terminalOid: terminal.terminalOid, tenantOid: terminal.tenantOid, connected: true, connectionId: this.connectionId, at });
      this.reply({ type: 'welcome', terminalOid: terminal.terminalOid, tenantOid: terminal.tenantOid, terminalKey: terminal.terminalKey, name: terminal.name, currency: this.options.currency, heartbeatSeconds: this.options.timings.heartbeatMs / 1000 });
    } catch (error) {
      this.options.log.warn({ err: error, terminalOid: terminal.terminalOid }, 'terminal: recording the connection failed; the terminal is asked to come back');
      this.close(1011, 'the server could not record the connection; try again');
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work, work);
  }

  private reply(message: Record<string, unknown>): void {
    const { socket } = this.options;
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  private refuse(status: number, message: string, extra: Record<string, unknown> = {}): void {
    this.reply({ type: 'error', status, message, ...extra });
  }

  /** Also after the socket ended: a receipt sent just before is stored (its answer is lost; resending is harmless). */
  private async receive(text: string | undefined): Promise<void> {
    if (text === undefined) return this.refuse(400, 'Send JSON text messages; binary frames are not understood.');
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return this.refuse(400, 'The message is not valid JSON.');
    }
    const type = typeof message === 'object' && message !== null && !Array.isArray(message) ? (message as { type?: unknown }).type : undefined;
    try {
      if (type === 'heartbeat') return await this.heartbeat(message as { version?: unknown });
      if (type === 'receipt') return await this.receipt(message);
      if (type === 'pong') return this.pong(message as { id?: unknown });
      this.refuse(400, `Unknown message type '${String(type).slice(0, 40)}': a terminal sends 'heartbeat', 'receipt' or 'pong'.`);
    } catch (error) {
      const id = (message as { id?: unknown }).id;
      const ref = typeof id === 'string' && id.length <= 100 ? { id } : {};
      if (error instanceof ApiError) return this.refuse(error.status, error.message, { ...ref, ...(error.options.errors ? { errors: error.options.errors } : {}) });
      this.options.log.error({ err: error, terminalOid: this.terminal.terminalOid }, 'terminal: a message failed');
      this.refuse(503, 'The server could not handle the message; send it again later.', ref);
    }
  }

  private async heartbeat(message: { version?: unknown }): Promise<void> {
    const version = message.version;
    if (version !== undefined && (typeof version !== 'string' || !VERSION_PATTERN.test(version))) {
      throw new ApiError(400, 'The heartbeat\'s version must be 1 to 32 printable characters.', { errors: { version: ['must be 1 to 32 printable characters'] } });
    }
    // Like a revoked token on the hub: a new secret or a disabled record ends the connection at its next heartbeat.
    const standing = await terminalStanding(this.options.db, this.options.posTable, this.terminal);
    if (standing === 'revoked') return this.close(TERMINAL_CLOSE.revoked, "the terminal's credential was replaced or removed");
    if (standing === 'disabled') return this.close(TERMINAL_CLOSE.disabled, 'the terminal was disabled');
    const current = await recordHeartbeat(this.options.db, this.terminal.terminalOid, this.connectionId, version);
    // A row taken over by a newer connection of this terminal: this one is the stale one.
    if (!current) return this.close(TERMINAL_CLOSE.replaced, 'a newer connection of this terminal took over');
    this.reply({ type: 'heartbeat-ack', at: new Date().toISOString() });
  }

  private pong(message: { id?: unknown }): void {
    const answered = typeof message.id === 'string' ? this.pings.get(message.id) : undefined;
    if (!answered) return this.refuse(400, 'A pong must carry the id of a ping the server sent and is still waiting for.');
    answered();
  }

  private async receipt(message: unknown): Promise<void> {
    const intake = await handInReceipt(this.options.db, this.options.documentTables, this.terminal, message);
    this.reply({ type: 'receipt-ack', id: intake.id, stored: intake.stored, ...(intake.unprocessed ? { unprocessed: intake.unprocessed } : {}) });
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.silence);
    const reason = this.closeReason;
    this.enqueue(async () => {
      const { db, terminal, events } = this.options;
      try {
        const at = await markDisconnected(db, terminal, this.connectionId, reason);
        if (at) await events.publish({ terminalOid: terminal.terminalOid, tenantOid: terminal.tenantOid, connected: false, connectionId: this.connectionId, at });
      } catch (error) {
        // The database is away: the row's heartbeat goes stale, and reads count the terminal as disconnected then.
        this.options.log.warn({ err: error, terminalOid: terminal.terminalOid }, 'terminal: recording the disconnection failed');
      }
      this.resolveEnded();
    });
    this.options.onEnded(this);
  }
}
