import { describe, expect, it } from 'vitest';
import { HttpError, HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { hubRetryPolicy } from './hub-retry-policy';
import { HubSession } from './hub-session';

/** A stand-in for the client's connection: starts fail or succeed as told, events fired by the test. */
function fakeConnection(startOutcomes: (Error | undefined)[]) {
  const handlers: Record<string, (() => void)[]> = { reconnecting: [], reconnected: [], close: [] };
  const invoked: string[] = [];
  const connection = {
    state: HubConnectionState.Disconnected,
    async start() {
      const outcome = startOutcomes.shift();
      if (outcome) throw outcome;
      connection.state = HubConnectionState.Connected;
    },
    async stop() {
      connection.state = HubConnectionState.Disconnected;
    },
    async invoke(method: string, ...args: unknown[]) {
      invoked.push(method);
      if (method === 'Refuse') throw new Error(`refused ${String(args[0])}`);
      return `${method} answered`;
    },
    on() {},
    off() {},
    onreconnecting: (h: () => void) => handlers.reconnecting!.push(h),
    onreconnected: (h: () => void) => handlers.reconnected!.push(h),
    onclose: (h: () => void) => handlers.close!.push(h),
  };
  const fire = (event: string) => handlers[event]!.forEach((h) => h());
  return { connection: connection as unknown as HubConnection, invoked, fire };
}

function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  return { pending, setTimer: (run: () => void, ms: number) => pending.push({ run, ms }), clearTimer: () => undefined };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('hubRetryPolicy', () => {
  it('reconnects every 5 s without giving up, and stops on a 401', () => {
    const policy = hubRetryPolicy();
    const context = (retryReason: Error, previousRetryCount: number) => ({ retryReason, previousRetryCount, elapsedMilliseconds: previousRetryCount * 5000 });
    expect(policy.nextRetryDelayInMilliseconds(context(new Error('WebSocket closed'), 0))).toBe(5000);
    expect(policy.nextRetryDelayInMilliseconds(context(new Error('WebSocket closed'), 500))).toBe(5000);
    expect(policy.nextRetryDelayInMilliseconds(context(new HttpError('Unauthorized', 401), 1))).toBeNull();
    expect(policy.nextRetryDelayInMilliseconds(context(new HttpError('Bad gateway', 502), 1))).toBe(5000);
  });
});

describe('HubSession', () => {
  const build = (outcomes: (Error | undefined)[], buildDates: string[] = ['2025-01-01', '2025-01-01']) => {
    const fake = fakeConnection(outcomes);
    const timers = manualTimers();
    const session = new HubSession({ url: '/api/hub/mate', getToken: () => 't', fetchBuildDate: async () => buildDates.shift(), createConnection: () => fake.connection, ...timers });
    return { session, fake, timers };
  };

  it('tries a failed start again after 5 s until it connects', async () => {
    const { session, timers } = build([new Error('refused'), new Error('refused'), undefined]);
    await session.start();
    expect(session.getSnapshot().status).toBe('disconnected');
    expect(timers.pending.map((t) => t.ms)).toEqual([5000]);
    timers.pending.shift()!.run();
    await settled();
    timers.pending.shift()!.run();
    await settled();
    expect(session.getSnapshot().status).toBe('connected');
    expect(timers.pending).toEqual([]);
  });

  it('does not retry a start refused with 401', async () => {
    const { session, timers } = build([new HttpError('Unauthorized', 401)]);
    await session.start();
    expect(session.getSnapshot().status).toBe('disconnected');
    expect(timers.pending).toEqual([]);
  });

  it('shows reconnecting, makes subscriptions again and flags an update when the build date changed', async () => {
    const { session, fake } = build([undefined], ['2025-01-01', '2025-02-01']);
    await session.start();
    session.subscribe('SubscribeBridgeStateNotification');
    await settled();
    expect(fake.invoked).toEqual(['SubscribeBridgeStateNotification']);
    fake.fire('reconnecting');
    expect(session.getSnapshot().status).toBe('reconnecting');
    fake.fire('reconnected');
    await settled();
    expect(session.getSnapshot()).toEqual({ status: 'connected', updateAvailable: true });
    expect(fake.invoked).toEqual(['SubscribeBridgeStateNotification', 'SubscribeBridgeStateNotification']);
  });

  it('ends a subscription on the server too, in the order subscriptions were made, and not again after a reconnect', async () => {
    const { session, fake } = build([undefined]);
    await session.start();
    const leave = session.subscribeUntil('SubscribeBridgeJobNotification', 'UnsubscribeBridgeJobNotification', 11);
    leave();
    session.subscribeUntil('SubscribeBridgeJobNotification', 'UnsubscribeBridgeJobNotification', 11);
    await settled();
    expect(fake.invoked).toEqual(['SubscribeBridgeJobNotification', 'UnsubscribeBridgeJobNotification', 'SubscribeBridgeJobNotification']);
    fake.fire('reconnected');
    await settled();
    expect(fake.invoked.slice(3)).toEqual(['SubscribeBridgeJobNotification']);
  });

  it('flags no update when the build date is the same after a reconnect', async () => {
    const { session, fake } = build([undefined]);
    await session.start();
    fake.fire('reconnected');
    await settled();
    expect(session.getSnapshot().updateAvailable).toBe(false);
  });
  it('invokes a method once and answers its result or its refusal; before it is connected it refuses at once', async () => {
    const { session, fake } = build([undefined]);
    await expect(session.invoke('StartBridgeJob', 'x')).rejects.toThrow('not established');
    await session.start();
    await expect(session.invoke<string>('StartBridgeJob', 'x')).resolves.toBe('StartBridgeJob answered');
    await expect(session.invoke('Refuse', 'y')).rejects.toThrow('refused y');
    expect(fake.invoked).toEqual(['StartBridgeJob', 'Refuse']);
  });
});

describe('HubSession.lastChange', () => {
  it('remembers the last change of each record, for editors that open later', () => {
    const handlers: Record<string, (message: unknown) => void> = {};
    const connection = { on: (target: string, h: (m: unknown) => void) => (handlers[target] = h), onreconnecting() {}, onreconnected() {}, onclose() {} } as unknown as HubConnection;
    const session = new HubSession({ url: '/api/hub/mate', getToken: () => 't', fetchBuildDate: async () => undefined, createConnection: () => connection });
    const message = (oid: number, etag: string) => ({ kind: 'Pos-Supply/Quantity-Unit', area: 'pos-supply', entity: 'quantity-unit', oid, etag, tenantOid: 1 });
    handlers.DataServiceUpdate!(message(7, 'a'));
    handlers.DataServiceUpdate!(message(7, 'b'));
    expect(session.lastChange('pos-supply/quantity-unit', 7)).toEqual({ etag: 'b', deleted: false });
    handlers.DataServiceDelete!(message(7, 'b'));
    expect(session.lastChange('pos-supply/quantity-unit', 7)).toEqual({ etag: 'b', deleted: true });
    expect(session.lastChange('pos-supply/quantity-unit', 8)).toBeUndefined();
  });
});
