import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createApp } from '../app';
import { buildInfoFor } from '../build-info';
import { loadConfig } from '../config';
import { DataEventBus } from '../data/data-event-bus';
import type { Database } from '../db/database';
import { openPostgresDatabase } from '../db/postgres-database';
import type { HubInstance } from '../hub/hub-test-app';
import type { JobsOptions } from '../jobs/jobs-plugin';
import { builtInCatalogue } from '../identity/identity-test-app';
import type { TestDatabase } from '../test-support/test-database';
import type { TerminalTimings } from './terminal-session';
import { TERMINAL_SOCKET_PATH } from './terminal-socket-path';

/**
 * One server instance listening on a free port, as production runs it (identity, data service, hub, terminals), with
 * the terminal endpoint's clocks of the test. On PostgreSQL each instance has a pool of its own, as a process would.
 */
export async function startTerminalInstance(database: TestDatabase, timings: Partial<TerminalTimings> = {}, jobs?: JobsOptions): Promise<HubInstance> {
  const db: Database = database.url ? await openPostgresDatabase(database.url, 5) : database.db;
  const bus = new DataEventBus(db);
  await bus.start();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await createApp(
    {
      config: loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'info' }),
      db,
      buildInfo: buildInfoFor(new Date('2025-01-14T08:40:00Z')),
      installationId: 'test-installation',
      navigation: [],
      data: { catalogue: await builtInCatalogue(), events: bus },
      terminals: { timings },
      jobs,
    },
    { stream },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    logs,
    async close() {
      await app.close();
      await bus.close();
      if (db !== database.db) await db.close();
    },
  };
}

/** The Basic header a terminal sends. */
export const terminalAuthorization = (key: string, secret: string): string => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** A terminal's socket in a test, with its messages in order. */
export interface TestTerminal {
  socket: WebSocket;
  /** The next message of `type` not yet taken (earlier ones of other types stay queued). */
  next(type: string): Promise<Record<string, unknown>>;
  send(message: unknown): void;
  /** Resolves with the close code once the socket has closed. */
  closed: Promise<number>;
  /** The server's welcome message. */
  welcome: Record<string, unknown>;
}

/** Opens a terminal socket; resolves once the welcome arrived, rejects with the HTTP status of a refusal. */
export function connectTerminal(baseUrl: string, key: string, secret: string, version = '6.25.0'): Promise<TestTerminal> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${TERMINAL_SOCKET_PATH}`, { headers: { authorization: terminalAuthorization(key, secret), 'x-terminal-version': version } });
  const inbox: Record<string, unknown>[] = [];
  const waiting: { type: string; resolve: (message: Record<string, unknown>) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
    else inbox.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const terminal: TestTerminal = {
    socket,
    closed,
    welcome: {},
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(type) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.push({ type, resolve }));
    },
  };
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => reject(Object.assign(new Error(`refused ${response.statusCode}: ${body}`), { status: response.statusCode, body, headers: response.headers })));
    });
    socket.on('error', (error) => reject(error));
    void terminal.next('welcome').then((welcome) => resolve(Object.assign(terminal, { welcome })));
  });
}

/** The HTTP status a refused terminal connection gets. */
export async function refusalOf(attempt: Promise<TestTerminal>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  try {
    const terminal = await attempt;
    terminal.socket.close();
  } catch (error) {
    const refused = error as { status?: number; body?: string; headers?: Record<string, unknown> };
    if (refused.status !== undefined) return { status: refused.status, body: refused.body ?? '', headers: refused.headers ?? {} };
    throw error;
  }
  throw new Error('the terminal was let in');
}

/** A valid receipt of `lines` lines; `id` makes it a given one. */
export function sampleReceipt(id: string, number = 1): Record<string, unknown> {
  return {
    id,
    type: 'receipt',
    number,
    createdAt: '2026-01-15T10:30:00.000Z',
    currency: 'EUR',
    operator: 'Kassierer 1',
    lines: [
      { text: 'Vollmilch 3,5 %', quantity: 2, unitPrice: 1.19, amount: 2.38, taxRate: 7 },
      { text: 'Kaffee Crema 1 kg', quantity: 1, unitPrice: 14.99, amount: 14.99, taxRate: 19 },
    ],
    payments: [{ method: 'card', amount: 17.37 }],
    total: 17.37,
  };
}
