import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addUser, signInToken } from '../identity/identity-test-app';
import type { TestDatabase } from '../test-support/test-database';
import { createHubTestDatabase, startHubInstance, type HubInstance } from './hub-test-app';

// The protocol on the wire, with a bare WebSocket: what a broken or hostile client may send.
const RS = '\u001e';
const HANDSHAKE = JSON.stringify({ protocol: 'json', version: 1 }) + RS;

/** A raw socket that collects the records it receives and lets a test await the next one. */
class WireClient {
  readonly records: unknown[] = [];
  private waiting: (() => void)[] = [];
  readonly closed: Promise<number>;
  readonly socket: WebSocket;

  constructor(url: string, headers: Record<string, string>) {
    this.socket = new WebSocket(url, { headers });
    this.socket.on('message', (data) => {
      for (const part of data.toString().split(RS).slice(0, -1)) this.records.push(JSON.parse(part));
      for (const wake of this.waiting.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
      this.socket.once('error', reject);
    });
  }

  /** The first received record that matches, waiting for it if need be. */
  async next(match: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.records.find((r) => match(r as Record<string, unknown>));
      if (found) return found as Record<string, unknown>;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}

describe('the hub protocol on the wire', () => {
  let database: TestDatabase;
  let server: HubInstance;
  let token: string;

  const negotiate = async () => {
    const answer = await fetch(`${server.url}/api/hub/mate/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    return (await answer.json()) as { connectionToken: string; connectionId: string };
  };
  const connect = async (options: { id?: string; headers?: Record<string, string>; query?: string } = {}) => {
    const id = options.id ?? (await negotiate()).connectionToken;
    const client = new WireClient(`${server.url.replace('http', 'ws')}/api/hub/mate?id=${encodeURIComponent(id)}${options.query ?? ''}`, { authorization: `Bearer ${token}`, ...options.headers });
    await client.opened();
    return client;
  };
  const handshaken = async () => {
    const client = await connect();
    client.socket.send(HANDSHAKE);
    await client.next((r) => Object.keys(r).length === 0);
    return client;
  };

  beforeAll(async () => {
    database = await createHubTestDatabase();
    server = await startHubInstance(database, { timings: { keepAliveMs: 50, clientTimeoutMs: 60_000, handshakeTimeoutMs: 60_000, maxMessageBytes: 1024 } });
    await addUser(database, 'erik', 'erik-password', [11]);
    token = await signInToken(server.app, 'erik', 'erik-password');
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers an unknown id with 404, a second socket for one id with 409, a foreign Origin with 403 and no token with 401', async () => {
    await expect(connect({ id: 'made-up' })).rejects.toThrow('404');
    const { connectionToken } = await negotiate();
    const first = await connect({ id: connectionToken });
    await expect(connect({ id: connectionToken })).rejects.toThrow('409');
    await expect(connect({ headers: { origin: 'https://evil.example' } })).rejects.toThrow('403');
    await expect(connect({ headers: { authorization: '' } })).rejects.toThrow('401');
    first.socket.close();
  });

  it('opens one socket per negotiated id: a second one after the first closed is a 404, as is a forged or altered id', async () => {
    const { connectionToken } = await negotiate();
    const first = await connect({ id: connectionToken });
    first.socket.close();
    await first.closed;
    await expect(connect({ id: connectionToken })).rejects.toThrow('404');
    const [payload, signature] = connectionToken.split('.');
    const claim = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { c: string; u: number; x: number };
    const longer = Buffer.from(JSON.stringify({ ...claim, x: claim.x + 3_600_000 })).toString('base64url');
    await expect(connect({ id: `${longer}.${signature}` })).rejects.toThrow('404');
    await expect(connect({ id: `${payload}.${'A'.repeat(signature!.length)}` })).rejects.toThrow('404');
  });

  it('takes the token from access_token too, and never logs it', async () => {
    const { connectionToken } = await negotiate();
    const client = new WireClient(`${server.url.replace('http', 'ws')}/api/hub/mate?id=${connectionToken}&access_token=${token}`, {});
    await client.opened();
    client.socket.send(HANDSHAKE);
    await client.next((r) => Object.keys(r).length === 0);
    client.socket.close();
    expect(server.logs.join('')).toContain('access_token=[redacted]');
    expect(server.logs.join('')).not.toContain(token);
  });

  it('refuses a bad handshake with an error record and closes', async () => {
    const client = await connect();
    client.socket.send(JSON.stringify({ protocol: 'messagepack', version: 1 }) + RS);
    expect((await client.next((r) => 'error' in r)).error).toContain("'messagepack' is not supported");
    await client.closed;
  });

  it('reads several records per frame: handshake, a send without invocationId (no answer) and an invocation', async () => {
    const client = await connect();
    const frame = HANDSHAKE + JSON.stringify({ type: 1, target: 'PingRequest', arguments: [7] }) + RS + JSON.stringify({ type: 1, invocationId: '1', target: 'PingRequest', arguments: ['x'] }) + RS;
    client.socket.send(frame);
    const completion = await client.next((r) => r.type === 3);
    expect(completion).toEqual({ type: 3, invocationId: '1' });
    // The send with a bad argument got no Completion, and the one Completion has no error.
    expect(client.records.filter((r) => (r as { type?: number }).type === 3)).toHaveLength(1);
    expect(client.records.some((r) => (r as { target?: string }).target === 'NotifyResponse')).toBe(true);
    client.socket.close();
  });

  it('answers a failed invocation with a Completion that has an error and no result', async () => {
    const client = await handshaken();
    client.socket.send(JSON.stringify({ type: 1, invocationId: '9', target: 'PingRequest', arguments: [{}] }) + RS);
    const completion = await client.next((r) => r.type === 3);
    expect(completion).toEqual({ type: 3, invocationId: '9', error: 'Argument 1 (note) must be a string.' });
    client.socket.close();
  });

  it.each([
    ['not JSON', '{oops', 'not valid JSON'],
    ['an unknown type', JSON.stringify({ type: 42 }), "Unknown message type '42'"],
    ['an Invocation without arguments', JSON.stringify({ type: 1, invocationId: '1', target: 'PingRequest' }), "needs 'arguments' as an array"],
    ['a CancelInvocation without id', JSON.stringify({ type: 5 }), "needs 'invocationId'"],
    ['a stream invocation', JSON.stringify({ type: 4, invocationId: '1', target: 'PingRequest', arguments: [] }), 'not supported'],
    ['an oversized message', 'x'.repeat(2000), 'exceeds 1024 bytes'],
  ])('ends the connection with a Close naming the protocol error for %s', async (_name, text, reason) => {
    const client = await handshaken();
    client.socket.send(text.length > 1024 ? text : text + RS);
    if (text.length > 1024) {
      // Over the frame cap the socket itself refuses it (1009, message too big).
      expect(await client.closed).toBe(1009);
      return;
    }
    const close = await client.next((r) => r.type === 7);
    expect(close.error).toContain(reason);
    expect(close.allowReconnect).toBeUndefined();
    expect(await client.closed).toBe(1000);
  });

  it('ends a message split over frames that grows past the cap', async () => {
    const client = await handshaken();
    client.socket.send('{"type":1,"target":"' + 'x'.repeat(600));
    client.socket.send('y'.repeat(600));
    expect((await client.next((r) => r.type === 7)).error).toContain('exceeds 1024 bytes');
  });

  it('sends keep-alive pings and answers a Close from the client by closing', async () => {
    const client = await handshaken();
    await client.next((r) => r.type === 6);
    client.socket.send(JSON.stringify({ type: 7 }) + RS);
    expect(await client.closed).toBe(1000);
  });
});

describe('the hub timeouts', () => {
  let database: TestDatabase;
  let server: HubInstance;
  let token: string;

  beforeAll(async () => {
    database = await createHubTestDatabase();
    // Short clocks instead of sleeps: the test waits for what happens, never for a time.
    server = await startHubInstance(database, { timings: { keepAliveMs: 60_000, clientTimeoutMs: 100, handshakeTimeoutMs: 100 } });
    await addUser(database, 'fina', 'fina-password', [11]);
    token = await signInToken(server.app, 'fina', 'fina-password');
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const open = async () => {
    const client = new WireClient(`${server.url.replace('http', 'ws')}/api/hub/mate`, { authorization: `Bearer ${token}` });
    await client.opened();
    return client;
  };

  it('drops a socket whose handshake does not come', async () => {
    const client = await open();
    expect(await client.closed).toBe(1000);
    expect(client.records).toEqual([]);
  });

  it('drops a silent client with a Close that allows a reconnect', async () => {
    const client = await open();
    client.socket.send(HANDSHAKE);
    const close = await client.next((r) => r.type === 7);
    expect(close).toMatchObject({ allowReconnect: true });
    expect(String(close.error)).toContain('No message from the client');
  });
});
