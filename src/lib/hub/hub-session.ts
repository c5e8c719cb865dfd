import type { DataEventMessage } from '../../../schemas/hub-messages';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { HUB_RETRY_DELAY_MS, hubRetryPolicy, isUnauthorized } from './hub-retry-policy';

/** What the shell shows of the hub. */
export type HubStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** The hub's state as the shell reads it. */
export interface HubSnapshot {
  status: HubStatus;
  /** The server's build date changed across a reconnect: a new version is deployed. */
  updateAvailable: boolean;
}

/** One of the three data messages: ids and tags of a changed record (docs/hub.md). */

const MAX_REMEMBERED_CHANGES = 2000;

/** The data messages of the hub. */
export const DATA_EVENT_TARGETS = ['DataServiceCreate', 'DataServiceUpdate', 'DataServiceDelete'] as const;
/** The kind of change a data message reports. */
export type DataEventType = (typeof DATA_EVENT_TARGETS)[number];

/** What a hub session needs from outside; tests pass a fake connection and fake timers. */
export interface HubSessionOptions {
  url: string;
  getToken: () => Promise<string | undefined> | string | undefined;
  /** The server's build date (GET /api/info), compared after every reconnect. */
  fetchBuildDate: () => Promise<string | undefined>;
  createConnection?: (url: string, getToken: () => Promise<string>) => HubConnection;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

function defaultConnection(url: string, getToken: () => Promise<string>): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(url, { accessTokenFactory: getToken, transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect(hubRetryPolicy())
    .configureLogging(LogLevel.None)
    .build();
}

/**
 * The one hub connection of a signed-in session (spec 1 §4): a start that fails is tried again every 5 s; a
 * lost connection reconnects every 5 s until a 401; after a reconnect the build date is compared and the
 * subscriptions (hub methods such as SubscribeBridgeStateNotification) are made again.
 */
export class HubSession {
  private readonly connection: HubConnection;
  private snapshot: HubSnapshot = { status: 'connecting', updateAvailable: false };
  private readonly listeners = new Set<() => void>();
  private readonly subscriptions = new Set<{ method: string; args: unknown[] }>();
  /** The last (un)subscription sent; the next waits for it (inTurn). */
  private turn: Promise<unknown> = Promise.resolve();
  private buildDate: string | undefined;
  private retry: unknown;
  private stopped = false;
  /** The last change heard of each record, so an editor mounted later still knows its record moved on. */
  private readonly lastChanges = new Map<string, { etag: string; deleted: boolean }>();
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: HubSessionOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    const token = async () => (await options.getToken()) ?? '';
    this.connection = (options.createConnection ?? defaultConnection)(options.url, token);
    this.connection.onreconnecting(() => this.update({ status: 'reconnecting' }));
    this.connection.onreconnected(() => {
      this.update({ status: 'connected' });
      void this.afterReconnect();
    });
    this.connection.onclose(() => this.update({ status: 'disconnected' }));
    for (const target of DATA_EVENT_TARGETS) this.connection.on(target, (message: DataEventMessage) => this.remember(target, message));
  }

  /** The last change of a record heard since the session started (`kind` is `<area>/<entity>`, any case). */
  lastChange(kind: string, oid: unknown): { etag: string; deleted: boolean } | undefined {
    return this.lastChanges.get(`${kind.toLowerCase()}#${String(oid)}`);
  }

  private remember(target: DataEventType, message: DataEventMessage): void {
    const key = `${message.kind.toLowerCase()}#${message.oid}`;
    this.lastChanges.delete(key);
    this.lastChanges.set(key, { etag: message.etag, deleted: target === 'DataServiceDelete' });
    // Only recent changes matter to an open editor; the oldest go first.
    if (this.lastChanges.size > MAX_REMEMBERED_CHANGES) this.lastChanges.delete(this.lastChanges.keys().next().value as string);
  }

  /** Starts, and keeps trying every 5 s until it is connected, refused (401) or stopped. */
  async start(): Promise<void> {
    if (this.stopped) return;
    this.update({ status: 'connecting' });
    try {
      await this.connection.start();
      if (this.stopped) return void (await this.connection.stop());
      this.update({ status: 'connected' });
      this.buildDate = await this.options.fetchBuildDate().catch(() => undefined);
      await this.invokeSubscriptions();
    } catch (error) {
      if (this.stopped) return;
      this.update({ status: 'disconnected' });
      if (!isUnauthorized(error)) this.retry = this.setTimer(() => void this.start(), HUB_RETRY_DELAY_MS);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry !== undefined) this.clearTimer(this.retry);
    this.listeners.clear();
    await this.connection.stop();
  }

  /** Listens to a hub message; returns the function that stops listening. */
  on<T>(target: string, handler: (message: T) => void): () => void {
    const wrapped = (message: T) => handler(message);
    this.connection.on(target, wrapped);
    return () => this.connection.off(target, wrapped);
  }

  /** Calls a hub method now (when connected) and again after every reconnect; returns the function that forgets it. */
  subscribe(method: string, ...args: unknown[]): () => void {
    const subscription = { method, args };
    this.subscriptions.add(subscription);
    if (this.connection.state === HubConnectionState.Connected) this.inTurn(method, args);
    return () => this.subscriptions.delete(subscription);
  }

  /**
   * A subscription that also ends on the server: the returned function calls `unsubscribeMethod` with the same
   * arguments, so the connection stops receiving what nobody looks at any more.
   */
  subscribeUntil(method: string, unsubscribeMethod: string, ...args: unknown[]): () => void {
    const forget = this.subscribe(method, ...args);
    return () => {
      forget();
      if (this.connection.state === HubConnectionState.Connected) this.inTurn(unsubscribeMethod, args);
    };
  }

  /**
   * Sends a (un)subscription once the previous one is answered: the server runs calls side by side, and an
   * unsubscribe overtaking the subscribe made after it (a page left and opened again) would end the new one.
   */
  private inTurn(method: string, args: unknown[]): void {
    this.turn = this.turn.then(() => this.connection.invoke(method, ...args)).catch(() => undefined);
  }

  /** Calls a hub method once and answers its result; a Completion error rejects with the server's message. */
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    if (this.connection.state !== HubConnectionState.Connected) return Promise.reject(new Error('The live connection is not established.'));
    return this.connection.invoke<T>(method, ...args);
  }

  getSnapshot = (): HubSnapshot => this.snapshot;

  listen = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async afterReconnect(): Promise<void> {
    const date = await this.options.fetchBuildDate().catch(() => undefined);
    if (date && this.buildDate && date !== this.buildDate) this.update({ updateAvailable: true });
    await this.invokeSubscriptions();
  }

  private async invokeSubscriptions(): Promise<void> {
    await Promise.all([...this.subscriptions].map(({ method, args }) => this.connection.invoke(method, ...args).catch(() => undefined)));
  }

  private update(change: Partial<HubSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of [...this.listeners]) listener();
  }
}

export type { DataEventMessage };
