import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import { HubMethodError, type HubMethodRegistry } from './hub-method-registry';
import {
  closeRecord,
  completionRecord,
  handshakeError,
  invocationRecord,
  parseClientMessage,
  PING_RECORD,
  ProtocolError,
  record,
  splitRecords,
  type InvocationMessage,
} from './hub-protocol';

/** How long a closed connection's client has to answer the close handshake before its socket is cut. */
const CLOSE_HANDSHAKE_GRACE_MS = 2_000;

/** The hub's clocks and limits; tests inject short ones instead of sleeping. */
export interface HubTimings {
  /** A Ping goes to every client this often, so proxies and the client's server timeout see traffic. */
  keepAliveMs: number;
  /** A client that sends nothing (its own pings included) for this long is dropped. */
  clientTimeoutMs: number;
  /** The handshake must arrive this soon after the socket opens. */
  handshakeTimeoutMs: number;
  /** Every connection's token and permissions are checked again this often (revocation, expiry, role changes). */
  revalidateMs: number;
  /** The largest frame or record a client may send, in bytes. */
  maxMessageBytes: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  revalidateMs: 15_000,
  maxMessageBytes: 64 * 1024,
};

/** A send buffer beyond this means the client cannot keep up; it is told to reconnect rather than eat memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** What a connection needs from the hub that owns it. */
export interface HubConnectionOptions {
  connectionId: string;
  socket: WebSocket;
  context: RequestContext;
  /** Resolves the caller again from the upgrade request (token version, permissions, expiry). */
  resolveContext: () => Promise<RequestContext>;
  registry: HubMethodRegistry;
  timings: HubTimings;
  log: FastifyBaseLogger;
  onClosed: () => void;
}

/**
 * One client of the hub over one WebSocket: the handshake, then records in and out. A protocol error or a
 * revoked token ends it with a Close message; a bad call only earns its invocation a Completion error.
 */
export class HubConnection {
  readonly connectionId: string;
  private context: RequestContext;
  private handshaken = false;
  private closed = false;
  private buffered = '';
  private readonly invocations = new Map<string, AbortController>();
  private readonly timers: NodeJS.Timeout[] = [];
  private silence: NodeJS.Timeout | undefined;
  private endedOnce = false;
  /** Aborted when the connection ends: what subscriptions of methods listen to. */
  private readonly lifetime = new AbortController();

  constructor(private readonly options: HubConnectionOptions) {
    this.connectionId = options.connectionId;
    this.context = options.context;
    const { socket, timings } = options;
    socket.on('message', (data, isBinary) => this.receive(isBinary ? undefined : data.toString()));
    socket.on('close', () => this.ended());
    // A socket error is followed by 'close'; without a listener it would be thrown.
    socket.on('error', () => undefined);
    this.timers.push(setTimeout(() => this.handshaken || this.abort('The handshake did not arrive in time.'), timings.handshakeTimeoutMs));
  }

  /** The caller as last resolved. */
  get caller(): RequestContext {
    return this.context;
  }

  /** Calls a client method; nothing happens before the handshake or after the close. */
  send(target: string, args: unknown[]): void {
    if (this.handshaken) this.write(invocationRecord(target, args));
  }

  /** Ends the connection with a Close message; the client reconnects by itself only when allowReconnect. */
  close(error: string | undefined, allowReconnect: boolean): void {
    if (this.closed) return;
    if (this.handshaken) this.write(closeRecord(error, allowReconnect));
    this.closed = true;
    this.options.socket.close(1000);
    // A client that does not answer the close handshake (a busy or frozen tab) is cut off after a moment, as a terminal
    // is: else its socket stayed open for ws's 30 s close timeout and held a stopping server past its 10 s drain.
    // The timer goes as soon as the client answers, so a normal close leaves nothing pending.
    const cutOff = setTimeout(() => this.options.socket.terminate(), CLOSE_HANDSHAKE_GRACE_MS).unref();
    this.options.socket.once('close', () => clearTimeout(cutOff));
    this.ended();
  }

  /** Resolves the caller again; a token that stopped being valid ends the connection for good. */
  async revalidate(): Promise<void> {
    if (this.closed) return;
    try {
      this.context = await this.options.resolveContext();
    } catch (error) {
      this.refuseCaller(error);
    }
  }

  private refuseCaller(error: unknown): void {
    if (error instanceof ApiError && error.status === 401) this.close(`Unauthorized: ${error.message}`, false);
    else if (!(error instanceof ApiError)) this.options.log.warn({ err: error, connectionId: this.connectionId }, 'hub: checking the caller failed; the connection stays');
  }

  private write(text: string): void {
    const { socket } = this.options;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.closed = true;
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  private receive(text: string | undefined): void {
    if (this.closed) return;
    this.silence?.refresh();
    if (text === undefined) return this.protocolError('Binary frames are not supported; this hub speaks the JSON protocol.');
    this.buffered += text;
    const { records, rest } = splitRecords(this.buffered);
    if (Buffer.byteLength(rest) > this.options.timings.maxMessageBytes) return this.protocolError(`A message exceeds ${this.options.timings.maxMessageBytes} bytes.`);
    this.buffered = rest;
    for (const message of records) {
      if (this.closed) return;
      if (!this.handshaken) this.handshake(message);
      else this.handle(message);
    }
  }

  private handshake(request: string): void {
    const refused = handshakeError(request);
    if (refused) {
      this.write(record({ error: refused }));
      this.closed = true;
      this.options.socket.close(1000);
      return;
    }
    this.handshaken = true;
    this.write(record({}));
    const { timings } = this.options;
    this.timers.push(setInterval(() => this.write(PING_RECORD), timings.keepAliveMs));
    this.silence = setTimeout(() => this.close(`No message from the client for ${timings.clientTimeoutMs} ms.`, true), timings.clientTimeoutMs);
  }

  private handle(text: string): void {
    let message;
    try {
      message = parseClientMessage(text);
    } catch (error) {
      if (error instanceof ProtocolError) return this.protocolError(error.message);
      throw error;
    }
    switch (message.type) {
      case 1:
        void this.invoke(message);
        return;
      case 5:
        this.invocations.get(message.invocationId)?.abort();
        return;
      case 6:
        return;
      case 7:
        this.close(undefined, false);
        return;
    }
  }

  private async invoke(message: InvocationMessage): Promise<void> {
    const { invocationId, target } = message;
    // Without an invocationId the client wants no answer, not even an error.
    const answer = (outcome: { result: unknown } | { error: string }) => invocationId !== undefined && !this.closed && this.write(completionRecord(invocationId, outcome));
    if (invocationId !== undefined && this.invocations.has(invocationId)) return this.protocolError(`The invocationId '${invocationId}' is already in use.`);
    const method = this.options.registry.find(target);
    if (!method) return void answer({ error: `Unknown hub method '${target}'.` });
    const controller = new AbortController();
    if (invocationId !== undefined) this.invocations.set(invocationId, controller);
    try {
      const args = method.parse(message.arguments);
      // Each call is authorised afresh, like an API call: the token may have been revoked since the last one.
      let context: RequestContext;
      try {
        context = this.context = await this.options.resolveContext();
      } catch (error) {
        this.refuseCaller(error);
        if (error instanceof ApiError && error.status !== 401) return void answer({ error: error.message });
        return;
      }
      const permission = method.permission?.(args, context);
      if (permission) {
        const tenant = permission.tenantOid ?? context.tenantOid;
        if (permission.tenantOid !== undefined && !context.tenantOids.includes(permission.tenantOid)) throw new HubMethodError(`You do not belong to tenant ${permission.tenantOid}.`);
        if (!context.can(permission.path, permission.action, tenant)) throw new HubMethodError(`Not permitted: ${permission.action} on ${permission.path}.`);
      }
      const result = await method.invoke(args, { context, connectionId: this.connectionId, send: (t, a) => this.send(t, a), signal: controller.signal,
        connection: { signal: this.lifetime.signal, caller: () => this.context },
      });
      if (controller.signal.aborted) return;
      answer({ result });
    } catch (error) {
      if (error instanceof HubMethodError) answer({ error: error.message });
      else {
        this.options.log.error({ err: error, method: target, connectionId: this.connectionId }, 'hub method failed');
        answer({ error: `The hub method ${target} failed on the server.` });
      }
    } finally {
      if (invocationId !== undefined) this.invocations.delete(invocationId);
    }
  }

  private protocolError(reason: string): void {
    this.close(`Protocol error: ${reason}`, false);
  }

  private abort(reason: string): void {
    this.options.log.info({ connectionId: this.connectionId, reason }, 'hub connection dropped');
    this.closed = true;
    this.options.socket.close(1000);
    this.ended();
  }

  /** Runs once, however the connection ended. */
  private ended(): void {
    this.closed = true;
    if (this.endedOnce) return;
    this.endedOnce = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    if (this.silence) clearTimeout(this.silence);
    this.silence = undefined;
    for (const controller of this.invocations.values()) controller.abort();
    this.invocations.clear();
    this.lifetime.abort();
    this.options.onClosed();
  }
}
