// The server side of bench/hub.bench.ts, in a process of its own (forked with --expose-gc), so the 200 clients'
// work and memory stay out of the server's figures. It runs one product instance (identity, data service, hub) and,
// beside it, the hand-written peer: a bare `ws` server that relays every NOTIFY of the data event channel to all its
// sockets. Both hear the same NOTIFY of the same write, so the difference between them is what the hub costs.
// Talks to the bench over IPC: 'ready' (urls and tokens), 'memory' (heap and RSS after GC), 'notify' (a burst of
// events straight onto the channel), 'stop'.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { DATA_EVENT_CHANNEL } from '../server/data/data-event-bus';
import { createHubTestDatabase, startHubInstance } from '../server/hub/hub-test-app';
import { addUser, signInToken } from '../server/identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../server/identity/user-admin';
import { BENCH_TENANT, type HubBenchMemory, type HubBenchReady } from './hub-bench-messages';

const send = (message: HubBenchReady | HubBenchMemory) => process.send!(message);

/** The hand-written peer: LISTEN on its own connection (PostgreSQL) or the shared PGlite, relay to every socket. */
async function startPeer(databaseUrl: string | undefined, listenShared: (handler: (payload: string) => void) => Promise<() => Promise<void>>) {
  const sockets = new Set<WebSocket>();
  const relay = (payload: string) => {
    for (const socket of sockets) socket.send(payload);
  };
  let stopListening: () => Promise<void>;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    client.on('notification', (n) => relay(n.payload ?? ''));
    await client.query(`listen ${DATA_EVENT_CHANNEL}`);
    stopListening = () => client.end();
  } else {
    stopListening = await listenShared(relay);
  }
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopListening();
    },
  };
}

async function main(): Promise<void> {
  const readers = Number(process.env.BENCH_HUB_USERS ?? 20);
  const database = await createHubTestDatabase();
  const instance = await startHubInstance(database, { config: { logLevel: 'warn' } });
  const clerk = await createRole(database.db, 'Clerk');
  for (const action of ['Read', 'Create', 'Update'] as const) {
    await setPermission(database.db, { subject: { roleOid: clerk }, path: '/data', tenantOid: null, action, allowed: true });
  }
  const tokens: string[] = [];
  for (let i = 0; i <= readers; i++) {
    const oid = await addUser(database, `bench${i}`, `bench-password-${i}`, [BENCH_TENANT]);
    await setUserRoles(database.db, oid, [{ roleOid: clerk, tenantOid: BENCH_TENANT }]);
    tokens.push(await signInToken(instance.app, `bench${i}`, `bench-password-${i}`));
  }
  const peer = await startPeer(database.url, (handler) => database.db.listen(DATA_EVENT_CHANNEL, handler));

  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc;
      // Twice: the first pass may only queue finalisers whose memory the second one frees.
      gc?.();
      gc?.();
      const usage = process.memoryUsage();
      send({ type: 'memory', heapUsed: usage.heapUsed, rss: usage.rss });
    } else if (message.type === 'notify') {
      // A burst of events in one statement, as the data event bus sends what queued while a NOTIFY was on its way.
      const { payloads } = message as unknown as { payloads: string[] };
      void database.db.query('select pg_notify($1, payload) from unnest($2::text[]) as t(payload)', [DATA_EVENT_CHANNEL, payloads]);
    } else if (message.type === 'stop') {
      void (async () => {
        await peer.close();
        await instance.close();
        await database.drop();
        process.exit(0);
      })();
    }
  });
  send({ type: 'ready', hubUrl: instance.url, peerUrl: peer.url, readerTokens: tokens.slice(1), writerToken: tokens[0]! });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
