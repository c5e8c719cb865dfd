import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import fastifyPlugin from 'fastify-plugin';
import type { Queryable } from '../db/database';
import type { Catalogue } from '../data/catalogue';
import type { DataEventBus } from '../data/data-event-bus';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { connectionTokens } from './connection-token';
import { createDataEventFanout } from './data-event-fanout';
import { HubConnection, DEFAULT_HUB_TIMINGS, type HubTimings } from './hub-connection';
import { HubMethodRegistry } from './hub-method-registry';
import { HUB_SOCKET_ROUTE_SCHEMA, NEGOTIATE_ROUTE_SCHEMA } from './hub-schemas';
import { pingRequest, type PingTargets } from './ping-request';

/** Where the hub listens (spec 1 §7). */
export const HUB_PATH = '/api/hub/mate';

/** The hub as the rest of the server sees it: its method registry and its connections. */
export interface Hub {
  methods: HubMethodRegistry;
  /** The open connections of this instance. */
  connectionCount(): number;
  /** Checks every connection's caller again now (what the timer does every revalidateMs). */
  revalidateAll(): Promise<void>;
  /** What PingRequest can ping besides the hub itself (the terminal endpoint sets `terminal`). */
  pingTargets: PingTargets;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time hub (server/hub), for the parts that add methods and for tests. */
    hub: Hub;
  }
}

export interface HubRoutesOptions {
  db: Queryable;
  catalogue: Catalogue;
  events: DataEventBus;
  resolveContext: ContextResolver;
  /** Origins besides the server's own that may open the hub (MATE_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  timings?: Partial<HubTimings>;
  /** Who this instance is (PingRequest answers it; the server log names it); default: a new id. */
  instanceId?: string;
  /**
   * The installation's shared secret, from which negotiated connection ids are signed so that every instance can
   * check them (connection-token.ts); default: a random one of this instance (tests of a single instance).
   */
  secret?: () => Promise<Uint8Array>;
}

/**
 * A request that the context resolver sees as new: it caches its answer per request object, and a connection
 * must be checked again for as long as it lives.
 */
function freshRequest(request: FastifyRequest): FastifyRequest {
  return { headers: request.headers, url: request.url, query: request.query, ip: request.ip, method: request.method, raw: request.raw } as unknown as FastifyRequest;
}

/** Browsers send Origin: the server's own origin and the configured ones may open the hub; other clients send none. */
function checkOrigin(request: FastifyRequest, allowed: readonly string[]): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `${request.protocol}://${request.headers.host ?? ''}`;
  if (origin === own || allowed.includes(origin)) return;
  throw new ApiError(403, `The origin '${origin}' may not open the hub; add it to MATE_ALLOWED_ORIGINS.`);
}

/**
 * The SignalR hub at /api/hub/mate: negotiate, the WebSocket transport with the JSON hub protocol, the method
 * registry, and data events of every instance fanned out to the connections allowed to read them. Not
 * encapsulated, so `app.hub` is there for the parts that add methods.
 */
export const hubRoutes = fastifyPlugin<HubRoutesOptions>(registerHub, { name: 'mate-hub', fastify: '5.x' });

async function registerHub(app: FastifyInstance, options: HubRoutesOptions): Promise<void> {
  const timings: HubTimings = { ...DEFAULT_HUB_TIMINGS, ...options.timings };
  const instanceId = options.instanceId ?? randomUUID();
  const methods = new HubMethodRegistry();
  const pingTargets: PingTargets = {};
  methods.register(pingRequest(instanceId, Date.now, pingTargets));
  const ownSecret = randomBytes(32);
  const tokens = connectionTokens(options.secret ?? (async () => ownSecret));
  /** Ids this instance has seen a socket for, until they expire: an id opens one socket here, once. */
  const spent = new Map<string, NodeJS.Timeout>();
  const connections = new Map<string, HubConnection>();
  /** What the upgrade's checks found, for the handler; weak, so an upgrade that fails later leaves nothing behind. */
  const claims = new WeakMap<FastifyRequest, { token: string; connectionId: string; context: RequestContext }>();
  /** Connection tokens claimed by an upgrade in progress or an open socket: a second socket for one is a 409. */
  const claimedTokens = new Set<string>();
  const resolve = options.resolveContext;

  const revalidateAll = async () => {
    await Promise.all([...connections.values()].map((connection) => connection.revalidate()));
  };
  const revalidation = setInterval(() => void revalidateAll(), timings.revalidateMs);
  revalidation.unref();
  const unsubscribe = options.events.subscribe(createDataEventFanout(options.db, options.catalogue, () => connections.values()));

  app.decorate('hub', { methods, connectionCount: () => connections.size, revalidateAll, pingTargets } satisfies Hub);

  await app.register(fastifyWebsocket, {
    options: { maxPayload: timings.maxMessageBytes },
    // On shutdown clients are told to come back: another instance, or this one restarted, will take them. The close
    // does not wait here for every socket to be gone: the terminals' sockets (on this same WebSocket server) are told
    // to close only by their own preClose, which runs after this one, so waiting held the stop until the forced exit.
    // The HTTP server's close still waits for the sockets, each of which ends within its close grace.
    preClose(done) {
      clearInterval(revalidation);
      unsubscribe();
      for (const connection of [...connections.values()]) connection.close('The server is shutting down.', true);
      for (const expiry of spent.values()) clearTimeout(expiry);
      spent.clear();
      app.websocketServer.close();
      done();
    },
  });

  app.post(
    `${HUB_PATH}/negotiate`,
    { schema: NEGOTIATE_ROUTE_SCHEMA },
    async (request) => {
      const context = await resolve(request);
      const version = (request.query as { negotiateVersion?: string }).negotiateVersion;
      if (version === undefined || !/^\d+$/.test(version) || Number(version) < 1) {
        throw new ApiError(400, `Invalid query parameter 'negotiateVersion': this hub speaks negotiate version 1, got '${version ?? ''}'.`, { errors: { negotiateVersion: ['must be 1 or higher'] } });
      }
      const connectionId = randomUUID();
      // A negotiated id that nobody connects with expires after the handshake timeout.
      const connectionToken = await tokens.issue({ connectionId, userOid: context.userOid, expiresAt: Date.now() + timings.handshakeTimeoutMs });
      return { connectionId, connectionToken, negotiateVersion: 1, availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] };
    },
  );

  app.get(
    HUB_PATH,
    {
      websocket: true,
      schema: HUB_SOCKET_ROUTE_SCHEMA,
      preValidation: async (request) => {
        checkOrigin(request, options.allowedOrigins);
        const context = await resolve(request);
        // Only the WebSockets transport is offered: a plain GET (long polling, a stray browser tab) is told so in the
        // error shape, instead of @fastify/websocket's bare answer.
        if (request.headers.upgrade?.toLowerCase() !== 'websocket') throw new ApiError(400, 'The hub speaks WebSockets only: connect with a WebSocket upgrade after negotiate (docs/hub.md).');
        const token = (request.query as { id?: unknown }).id;
        if (token === undefined) {
          // A client that skips negotiate connects without an id; it gets one of its own.
          claims.set(request, { token: randomBytes(24).toString('base64url'), connectionId: randomUUID(), context });
          return;
        }
        if (typeof token !== 'string') throw new ApiError(400, "Invalid query parameter 'id': give it once.");
        if (claimedTokens.has(token)) throw new ApiError(409, 'This connection already has a WebSocket.');
        const claim = spent.has(token) ? undefined : await tokens.read(token, Date.now());
        // Someone else's id, an expired one and one used before here are as unknown as a made-up one.
        if (!claim || claim.userOid !== context.userOid) throw new ApiError(404, "No negotiated connection has this 'id'; negotiate again.");
        const expiry = setTimeout(() => spent.delete(token), Math.max(0, claim.expiresAt - Date.now()));
        expiry.unref();
        spent.set(token, expiry);
        claimedTokens.add(token);
        claims.set(request, { token, connectionId: claim.connectionId, context });
      },
    },
    (socket, request) => {
      const claim = claims.get(request);
      claims.delete(request);
      if (!claim) return socket.close(1011);
      const connection = new HubConnection({
        connectionId: claim.connectionId,
        socket,
        context: claim.context,
        resolveContext: () => resolve(freshRequest(request)),
        registry: methods,
        timings,
        log: request.log,
        onClosed: () => {
          connections.delete(claim.token);
          claimedTokens.delete(claim.token);
        },
      });
      connections.set(claim.token, connection);
    },
  );

  app.addHook('onClose', async () => {
    clearInterval(revalidation);
    unsubscribe();
  });
}
