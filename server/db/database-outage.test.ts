import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, type DataTestApp } from '../data/data-test-app';
import { DataEventBus, type DataEvent } from '../data/data-event-bus';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../test-support/private-postgres';
import type { Database } from './database';
import { openPostgresDatabase } from './postgres-database';
import { within } from '../test-support/within';

// These tests stop and start a PostgreSQL server, so they start one of their own instead of using the shared one.
const binDir = postgresBinDir();
if (!binDir) console.warn('database-outage.test.ts skipped: no initdb and pg_ctl under /usr/lib/postgresql/<version>/bin (Debian package postgresql)');

/** How long one request may take at most: the pool waits 5 s for a connection, the rest is slack for a busy machine. */
const REQUEST_BOUND_MS = 20_000;

/**
 * Checks until `check` holds, giving the event loop a turn between checks. Gives up after `withinMs` with an error
 * naming what it waited for and, from `state`, how far it got, so a stall fails with a message instead of hanging.
 */
async function until(what: string, check: () => Promise<boolean> | boolean, withinMs: number, state: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      const detail = state();
      throw new Error(`gave up after ${withinMs} ms waiting for ${what}${detail ? ` (${detail})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Writers that create products in a loop until stopped. An answer other than 201 or the outage's 503, or a request
 * that does not answer within REQUEST_BOUND_MS, is kept in `problems` (and ends the waits at once through `state`),
 * so the test reports it instead of a writer dying quietly and leaving a wait to run out.
 */
class WriteLoad {
  readonly acknowledged: number[] = [];
  readonly statuses = new Map<number, number>();
  readonly problems: string[] = [];
  /** Sequence number to start time of the requests not yet answered. */
  private readonly inFlight = new Map<number, number>();
  private readonly writers: Promise<void>[];
  private seq = 0;
  private running = true;

  constructor(
    private readonly t: DataTestApp,
    /** Starts every Code, which is unique: one prefix per load. */
    private readonly prefix: string,
    writers: number,
  ) {
    this.writers = Array.from({ length: writers }, () => this.write());
  }

  /** What the waits print when they give up. */
  readonly state = (): string => {
    const oldest = Math.min(...this.inFlight.values());
    return [
      `acknowledged ${this.acknowledged.length}`,
      `statuses ${JSON.stringify(Object.fromEntries(this.statuses))}`,
      `in flight ${this.inFlight.size}${this.inFlight.size ? `, oldest ${Date.now() - oldest} ms` : ''}`,
      ...this.problems.slice(0, 3),
    ].join('; ');
  };

  /** The load itself; throws as soon as a writer met a problem, so no wait runs out on it. */
  checked(): this {
    if (this.problems.length > 0) throw new Error(`the writers met problems: ${this.state()}`);
    return this;
  }

  /** Stops the writers and waits for their last requests, which are bounded. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.writers);
  }

  private async write(): Promise<void> {
    while (this.running) {
      const n = ++this.seq;
      const code = `${this.prefix}${n}`;
      this.inFlight.set(n, Date.now());
      try {
        const request = this.t.app.inject({ method: 'POST', url: '/api/data/shop/product', payload: { Code: code, Name: `Load ${code}` } });
        const r = await within(request, REQUEST_BOUND_MS, `POST of ${code}`);
        this.statuses.set(r.statusCode, (this.statuses.get(r.statusCode) ?? 0) + 1);
        if (r.statusCode === 201) this.acknowledged.push((JSON.parse(r.body) as { Oid: number }).Oid);
        else if (!isOutageAnswer(r.statusCode, r.body, r.headers['retry-after'])) this.problems.push(`${code}: ${r.statusCode} ${r.body}`);
        // Not a busy loop while the server is down.
        else await new Promise((resolve) => setTimeout(resolve, 5));
      } catch (error) {
        this.problems.push(`${code}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.inFlight.delete(n);
      }
    }
  }
}

/** The answer of a request while the database is away (docs/operations.md "Losing the database"). */
function isOutageAnswer(status: number, body: string, retryAfter: unknown): boolean {
  if (status !== 503 || retryAfter !== '5') return false;
  const parsed = JSON.parse(body) as { status?: unknown; message?: unknown };
  return parsed.status === 503 && typeof parsed.message === 'string' && /database is not reachable/.test(parsed.message);
}

/** The LISTEN backends of the current database that have finished their LISTEN (so they hear what follows). */
const LISTENERS = "select pid from pg_stat_activity where datname = current_database() and state = 'idle' and query ilike 'listen %'";
const TERMINATE_LISTENER = `select pid, pg_terminate_backend(pid) as ok from (${LISTENERS}) as listener`;

/** Ends the one LISTEN backend of the database at `url`; resolves to its pid. */
async function terminateListener(url: string): Promise<unknown> {
  const ended = await adminQuery(url, TERMINATE_LISTENER);
  expect(ended).toEqual([{ pid: expect.any(Number), ok: true }]);
  return ended[0]!.pid;
}

/** Waits until a LISTEN backend other than the ended one listens (the ended one may linger in pg_stat_activity). */
async function untilNewListener(url: string, endedPid: unknown, state?: () => string): Promise<void> {
  await until('a new LISTEN backend', async () => (await adminQuery(url, LISTENERS)).some((row) => row.pid !== endedPid), 15_000, state);
}

/** Runs one statement on a connection of its own (not the pool under test). */
async function adminQuery(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const event = (oid: number): DataEvent => ({ type: 'DataServiceUpdate', kind: 'shop/product', oid, etag: `"${oid}"`, tenantOid: null });

describe.skipIf(!binDir)('losing the database', () => {
  let server: PrivatePostgres;
  beforeAll(async () => {
    server = await startPrivatePostgres(binDir!);
  });
  afterAll(async () => server?.destroy());

  /** Opens a database with an event bus that records the oids it hears. */
  async function openBus(options?: { listenRetryFirstMs?: number }) {
    const db: Database = await openPostgresDatabase(server.url, 4, options);
    const bus = new DataEventBus(db);
    await bus.start();
    const heard = new Set<number>();
    bus.subscribe((e) => heard.add(e.oid));
    await bus.publish(event(1));
    await until('the first event', () => heard.has(1), 10_000);
    // The listener of an earlier test may take a moment to leave pg_stat_activity after its close.
    await until('one LISTEN backend', async () => (await adminQuery(server.url, LISTENERS)).length === 1, 10_000);
    return {
      db,
      bus,
      heard,
      async close() {
        await bus.close();
        await db.close();
      },
    };
  }

  it('resumes events by itself after its LISTEN backend is ended, with no other traffic', async () => {
    const { db, bus, heard, close } = await openBus();
    try {
      // Ended from another connection, and nothing else is sent meanwhile: only the back-off brings it back.
      await untilNewListener(server.url, await terminateListener(server.url));
      await bus.publish(event(2));
      await until('the event sent after the reconnect', () => heard.has(2), 10_000, () => `heard ${[...heard].join(', ')}`);
      // One connection came back, not several: the ended one leaves and no other joins.
      await until('only the new LISTEN backend', async () => (await db.query(LISTENERS)).rowCount === 1, 10_000);
    } finally {
      await close();
    }
  });

  it('reconnects LISTEN as soon as the pool gets an answer, not after its back-off', async () => {
    // A first retry after 60 to 120 s: only the pool's answers can bring the connection back within the wait below.
    const { bus, heard, close } = await openBus({ listenRetryFirstMs: 120_000 });
    try {
      await terminateListener(server.url);
      // Events sent while the connection is away are lost; keep sending until one arrives on the new connection.
      let oid = 100;
      await until(
        'an event heard on the reconnected LISTEN connection',
        async () => {
          await bus.publish(event(++oid));
          return [...heard].some((heardOid) => heardOid > 100);
        },
        15_000,
        () => `sent up to ${oid}, heard ${[...heard].join(', ')}`,
      );
    } finally {
      await close();
    }
  });

  describe('a restart of the server under load', () => {
    let t: DataTestApp;
    beforeAll(async () => {
      t = await createDataTestApp(undefined, { serverUrl: server.url });
    });
    afterAll(async () => t?.close());

    it('answers 503 while it is down, comes back by itself and keeps every acknowledged write', async () => {
      const load = new WriteLoad(t, 'RESTART-', 6);
      try {
        await until('30 writes acknowledged before the stop', () => load.checked().acknowledged.length >= 30, 20_000, load.state);
        await within(server.stop(), 40_000, 'pg_ctl stop');
        const whileDown = await within(t.app.inject({ url: '/api/health' }), REQUEST_BOUND_MS, 'GET /api/health while down');
        expect(whileDown.statusCode).toBe(503);
        expect(JSON.parse(whileDown.body)).toMatchObject({ status: 'unavailable' });
        await until('10 answers 503 while down', () => (load.checked().statuses.get(503) ?? 0) >= 10, 20_000, load.state);
        const beforeRestart = load.acknowledged.length;

        await within(server.start(), 40_000, 'pg_ctl start');
        // The pool connects again at the next request; the writers' back-off is short, so this is quick.
        await until('30 writes acknowledged after the start', () => load.checked().acknowledged.length >= beforeRestart + 30, 30_000, load.state);
      } finally {
        await load.stop();
      }
      expect(load.problems).toEqual([]);

      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect([...load.statuses.keys()].sort()).toEqual([201, 503]);
      const stored = await t.data.db.query('select 1 from e_shop_product where "Oid" = any($1::bigint[])', [load.acknowledged]);
      expect(stored.rowCount).toBe(load.acknowledged.length);
      // An outage is not a server fault: no error rows.
      expect((await t.database.db.query('select 1 from mate_error')).rowCount).toBe(0);

      // The LISTEN connection came back too: once it listens again, a write is heard as an event.
      await until('the LISTEN backend after the restart', async () => (await t.data.db.query(LISTENERS)).rowCount === 1, 15_000);
      await expectHeard(t, 'AFTER');
    }, 120_000);

    it('keeps answering and resumes events when only its LISTEN backend is ended under load', async () => {
      const load = new WriteLoad(t, 'LISTEN-', 4);
      try {
        await until('10 writes acknowledged', () => load.checked().acknowledged.length >= 10, 20_000, load.state);
        const endedPid = await terminateListener(t.data.url!);
        const before = load.acknowledged.length;
        await untilNewListener(t.data.url!, endedPid, load.state);
        await until('10 more writes acknowledged', () => load.checked().acknowledged.length >= before + 10, 20_000, load.state);
      } finally {
        await load.stop();
      }
      expect(load.problems).toEqual([]);
      // The pool was not touched: every write was acknowledged.
      expect([...load.statuses.keys()]).toEqual([201]);
      await expectHeard(t, 'AFTER-LISTEN');
    }, 60_000);
  });
});

/** Creates a product and waits (bounded) until the app's event bus hears its creation. */
async function expectHeard(t: DataTestApp, code: string): Promise<void> {
  const r = await within(t.app.inject({ method: 'POST', url: '/api/data/shop/product', payload: { Code: code, Name: code } }), REQUEST_BOUND_MS, `POST of ${code}`);
  expect(r.statusCode, r.body).toBe(201);
  const oid = (JSON.parse(r.body) as { Oid: number }).Oid;
  await until(`the event of ${code}`, () => t.events.some((e) => e.oid === oid), 15_000);
}
