import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { Catalogue } from '../data/catalogue';
import { permissionPath } from '../data/data-request';
import { quoteIdent as q } from '../data/sql-names';
import { HubMethodError } from '../hub/hub-method-registry';
import { NOTIFY_RESPONSE } from '../hub/ping-request';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { publicRoute } from '../plugins/authenticate-first';
import {
  authenticateTerminal,
  newTerminalSecret,
  parseTerminalAuthorization,
  storeTerminalCredential,
  terminalKeyOf,
  TERMINAL_REALM,
  type TerminalIdentity,
} from './terminal-credentials';
import { handInReceipt } from './terminal-documents';
import { documentTablesOf } from '../documents/document-checks';
import { TerminalEventBus } from './terminal-events';
import { createTerminalMonitoring, monitoredTenants, TERMINAL_MONITORING_PATH } from './terminal-monitoring';
import { DEFAULT_TERMINAL_TIMINGS, TERMINAL_CLOSE, TerminalSession, type TerminalTimings } from './terminal-session';
import { listTerminalStates, readTerminalLog, sweepStaleConnections, terminalHolder, type TerminalTables } from './terminal-state';
import { TerminalPingRelay, type TerminalPingAnswer } from './terminal-ping-relay';
import { deliverPush, parsePushCommand, TERMINAL_COMMAND_CHANNEL } from './terminal-configuration';
import { readTerminalServerState, TERMINAL_SERVER_PATH } from './terminal-server-state';
import { TERMINAL_SOCKET_PATH } from './terminal-socket-path';
import {
  TERMINAL_CONNECTIONS_ROUTE_SCHEMA,
  TERMINAL_CREDENTIAL_ROUTE_SCHEMA,
  TERMINAL_LOG_ROUTE_SCHEMA,
  TERMINAL_RECEIPT_ROUTE_SCHEMA,
  TERMINAL_SERVER_ROUTE_SCHEMA,
  TERMINAL_SOCKET_ROUTE_SCHEMA,
} from './terminal-schemas';


/** The entity kind whose records are the terminals that connect. */
export const TERMINAL_KIND = { area: 'tenancy', entity: 'pos-terminal' } as const;

export interface TerminalRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  timings?: Partial<TerminalTimings>;
}

/**
 * The largest receipt body a terminal may send over HTTP. Socket messages are capped lower, by the one WebSocket
 * server's maxPayload (the hub's message limit).
 */
const MAX_RECEIPT_BODY_BYTES = 256 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The terminal endpoint of this instance (server/terminals), for tests: `kill` cuts it off as a dying process would. */
    terminals?: { instanceId: string; sweep(): Promise<number>; kill(): Promise<void> };
  }
}

/**
 * The terminal endpoint (docs/terminals.md): terminals connect with their key and secret over a WebSocket, send
 * heartbeats and hand in receipts (also over HTTP); their connection state is shared by every instance through
 * the database and LISTEN/NOTIFY; signed-in users read states and logs, follow changes on the hub
 * (SubscribeTerminalMonitoring) and issue credentials. Register after the hub. Serves nothing when the catalogue has
 * no tenancy/pos-terminal kind.
 */
export async function terminalRoutes(app: FastifyInstance, options: TerminalRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext } = options;
  const timings: TerminalTimings = { ...DEFAULT_TERMINAL_TIMINGS, ...options.timings };
  const kind = catalogue.find(TERMINAL_KIND.area, TERMINAL_KIND.entity);
  // A catalogue without POS terminals (tests of other parts use small ones) has no terminals to serve.
  if (!kind) return;
  const posTable = kind.table;
  const tenantTable = catalogue.find('tenancy', 'tenant')?.table;
  const documentTables = documentTablesOf(catalogue, posTable);
  const tables: TerminalTables = { pos: posTable, location: catalogue.find('tenancy', 'location')?.table };
  /** The currency a terminal's receipts are in (told in the welcome), from its tenant's record. */
  const currencyOf = async (tenantOid: number): Promise<string | null> => {
    if (!tenantTable) return null;
    const found = await db.query<{ CurrencyCode: string | null }>(`select "CurrencyCode" from ${q(tenantTable)} where "Oid" = $1`, [tenantOid]);
    return found.rows[0]?.CurrencyCode ?? null;
  };
  const instanceId = randomUUID();
  const sessions = new Map<number, TerminalSession>();
  const events = new TerminalEventBus(db);
  await events.start();
  const monitoring = createTerminalMonitoring(db, tables, () => timings.staleAfterMs);
  app.hub.methods.register(monitoring.method);
  events.subscribe((event) => {
    // A newer connection of the terminal, on any instance, replaces the one held here. Newer by the database's clock:
    // the late event of an older connection must not close the one that replaced it.
    const held = sessions.get(event.terminalOid);
    if (event.connected && held?.connectedAt !== undefined && held.connectionId !== event.connectionId && event.at > held.connectedAt) {
      held.close(TERMINAL_CLOSE.replaced, 'a newer connection of this terminal took over');
    }
    monitoring.fanOut(event);
  });

  // A configuration push for a terminal held here (queued by a job on any instance) goes out on its socket.
  let unlistenCommands: (() => Promise<void>) | undefined = await db.listen(TERMINAL_COMMAND_CHANNEL, (payload) => {
    const command = parsePushCommand(payload);
    const session = command && sessions.get(command.terminalOid);
    if (!command || !session) return;
    deliverPush(db, command.pushOid, instanceId, (message) => session.push(message)).catch((error: unknown) => {
      app.log.warn({ err: error, pushOid: command.pushOid }, 'terminal: a configuration push could not be delivered');
    });
  });

  /** Pings a terminal whose socket this instance holds (for a PingRequest here or relayed from another instance). */
  const pingHere = async (terminalOid: number, timeoutMs: number): Promise<TerminalPingAnswer> => {
    const session = sessions.get(terminalOid);
    if (!session) return { outcome: 'disconnected', roundTripMs: null };
    const ms = await session.ping(randomUUID(), timeoutMs);
    return ms === undefined ? { outcome: 'timeout', roundTripMs: null } : { outcome: 'answered', roundTripMs: ms };
  };
  const pingRelay = new TerminalPingRelay({ db, instanceId, pingHere, warn: (error, message) => app.log.warn({ err: error }, message) });
  await pingRelay.start();

  /** Marks the stale rows of instances that stopped answering disconnected and tells every instance. */
  const sweep = async (): Promise<number> => {
    const swept = await sweepStaleConnections(db, instanceId, timings.staleAfterMs);
    for (const row of swept) await events.publish({ ...row, connected: false });
    return swept.length;
  };
  let sweeping = false;
  const sweepTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'terminal: the sweep of stale connections failed; the next one tries again'))
      .finally(() => (sweeping = false));
  }, timings.sweepMs);
  sweepTimer.unref();

  app.decorate('terminals', {
    instanceId,
    sweep,
    async kill() {
      clearInterval(sweepTimer);
      const held = [...sessions.values()];
      sessions.clear();
      for (const session of held) session.kill();
      await pingRelay.close();
      await unlistenCommands?.().catch(() => undefined);
      unlistenCommands = undefined;
      await events.close();
    },
  });

  /** The terminal of the request's Basic credentials; a 401 carries the challenge. */
  const terminalOf = async (request: FastifyRequest, reply: FastifyReply): Promise<TerminalIdentity> => {
    try {
      return await authenticateTerminal(db, posTable, parseTerminalAuthorization(request.headers.authorization));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) void reply.header('www-authenticate', `Basic realm="${TERMINAL_REALM}", charset="UTF-8"`);
      throw error;
    }
  };
  const authenticated = new WeakMap<FastifyRequest, TerminalIdentity>();
  const currencies = new WeakMap<FastifyRequest, string | null>();
  const taxRates = new WeakMap<FastifyRequest, number[]>();
  /** The tax rates a terminal's lines may carry (told in the welcome): its tenant's, highest first. */
  const taxRatesOf = async (tenantOid: number): Promise<number[]> => {
    if (!documentTables.tax) return [];
    const found = await db.query<{ Rate: string | number }>(`select distinct "Rate" from ${q(documentTables.tax)} where "TenantOid" = $1 and "Disabled" is not true and "Rate" is not null order by "Rate" desc`, [tenantOid]);
    return found.rows.map((row) => Number(row.Rate));
  };

  app.get(
    TERMINAL_SOCKET_PATH,
    {
      ...publicRoute(),
      websocket: true,
      schema: TERMINAL_SOCKET_ROUTE_SCHEMA,
      preValidation: async (request, reply) => {
        const terminal = await terminalOf(request, reply);
        if (request.headers.upgrade?.toLowerCase() !== 'websocket') throw new ApiError(400, `The terminal endpoint speaks WebSockets only: open ${TERMINAL_SOCKET_PATH} with a WebSocket upgrade (docs/terminals.md).`);
        authenticated.set(request, terminal);
        currencies.set(request, await currencyOf(terminal.tenantOid));
        taxRates.set(request, await taxRatesOf(terminal.tenantOid));
      },
    },
    (socket, request) => {
      const terminal = authenticated.get(request);
      if (!terminal) return socket.close(1011);
      const version = request.headers['x-terminal-version'];
      const session = new TerminalSession({
        socket,
        terminal,
        posTable,
        documentTables,
        connectionId: randomUUID(),
        instanceId,
        address: request.ip,
        version: typeof version === 'string' ? version : null,
        currency: currencies.get(request) ?? null,
        taxRates: taxRates.get(request) ?? [],
        db,
        events,
        timings,
        log: request.log,
        onEnded: (ended) => {
          if (sessions.get(ended.terminal.terminalOid) === ended) sessions.delete(ended.terminal.terminalOid);
        },
      });
      sessions.get(terminal.terminalOid)?.close(TERMINAL_CLOSE.replaced, 'a newer connection of this terminal took over');
      sessions.set(terminal.terminalOid, session);
    },
  );

  app.post(
    '/api/terminals/receipts',
    {
      ...publicRoute(MAX_RECEIPT_BODY_BYTES),
      schema: TERMINAL_RECEIPT_ROUTE_SCHEMA,
      // The terminal is checked before its body is read, as a user is by authenticate-first.
      onRequest: async (request, reply) => void authenticated.set(request, await terminalOf(request, reply)),
    },
    async (request, reply) => {
      const terminal = authenticated.get(request)!;
      const intake = await handInReceipt(db, documentTables, terminal, request.body);
      return reply.status(intake.stored ? 201 : 200).send(intake);
    },
  );

  app.get('/api/terminals/connections', { schema: TERMINAL_CONNECTIONS_ROUTE_SCHEMA }, async (request) => {
    const context = await resolveContext(request);
    const { tenantOid } = request.query as { tenantOid?: number };
    if (tenantOid !== undefined && !context.tenantOids.includes(tenantOid)) throw new ApiError(403, `You do not belong to tenant ${tenantOid}.`);
    const tenants = tenantOid === undefined ? monitoredTenants(context) : context.can(TERMINAL_MONITORING_PATH, 'Read', tenantOid) ? [tenantOid] : [];
    if (tenants.length === 0) throw new ApiError(403, `Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
    return { items: await listTerminalStates(db, tables, tenants, timings.staleAfterMs) };
  });

  /** The terminal of the path, if the caller may see its tenant: else 404, as for a record of another tenant. */
  const terminalTenant = async (oid: number, tenantOids: readonly number[]): Promise<number> => {
    const found = await db.query<{ TenantOid: string | number }>(`select "TenantOid" from ${q(posTable)} where "Oid" = $1 and "TenantOid" = any($2::bigint[])`, [oid, tenantOids]);
    if (found.rowCount === 0) throw new ApiError(404, `POS terminal ${oid} does not exist.`);
    return Number(found.rows[0]!.TenantOid);
  };

  app.get(
    '/api/terminals/:id/log',
    {
      schema: TERMINAL_LOG_ROUTE_SCHEMA,
    },
    async (request) => {
      const context = await resolveContext(request);
      const { id: oid } = request.params as { id: number };
      const tenantOid = await terminalTenant(oid, context.tenantOids);
      if (!context.can(TERMINAL_MONITORING_PATH, 'Read', tenantOid)) throw new ApiError(403, `Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
      const [terminal] = await listTerminalStates(db, tables, [tenantOid], timings.staleAfterMs, oid);
      const { take, beforeId } = request.query as { take: number; beforeId?: number };
      return { terminal, items: await readTerminalLog(db, oid, take, beforeId) };
    },
  );

  app.get('/api/terminals/server', { schema: TERMINAL_SERVER_ROUTE_SCHEMA }, async (request) => {
    const context = await resolveContext(request);
    const tenants = context.tenantOids.filter((tenantOid) => context.can(TERMINAL_SERVER_PATH, 'Read', tenantOid));
    if (tenants.length === 0) throw new ApiError(403, `Not permitted: Read on ${TERMINAL_SERVER_PATH}.`);
    return readTerminalServerState(db, posTable, tenants, timings.staleAfterMs);
  });

  app.post('/api/terminals/:id/credential', { schema: TERMINAL_CREDENTIAL_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await resolveContext(request);
    const { id: oid } = request.params as { id: number };
    const tenantOid = await terminalTenant(oid, context.tenantOids);
    if (!context.can(permissionPath(kind), 'Update', tenantOid)) throw new ApiError(403, `Not permitted: Update on ${permissionPath(kind)}.`);
    const credential = { terminalOid: oid, tenantOid, terminalKey: terminalKeyOf(oid), secret: newTerminalSecret() };
    await storeTerminalCredential(db, credential);
    // The only time the secret is shown: the server keeps its hash. A new credential replaces the old one.
    return reply.status(201).header('cache-control', 'no-store').send({ terminalOid: oid, terminalKey: credential.terminalKey, secret: credential.secret });
  });

  // PingRequest(note, terminalOid): the terminal is asked over its socket by the instance that holds it, this one or
  // another (through the ping relay). The outcome goes back as NotifyResponse: answered (with the holder's round trip
  // to the terminal), timeout (no answer within the ping timeout, also a lost relay or a dead holder) or disconnected.
  app.hub.pingTargets.terminal = async (terminalOid, note, caller) => {
    const { context } = caller;
    const found = await db.query<{ TenantOid: string | number }>(`select "TenantOid" from ${q(posTable)} where "Oid" = $1 and "TenantOid" = any($2::bigint[])`, [terminalOid, context.tenantOids]);
    if (found.rowCount === 0) throw new HubMethodError(`POS terminal ${terminalOid} does not exist.`);
    const tenantOid = Number(found.rows[0]!.TenantOid);
    if (!context.can(TERMINAL_MONITORING_PATH, 'Read', tenantOid)) throw new HubMethodError(`Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
    let answer: TerminalPingAnswer;
    if (sessions.has(terminalOid)) answer = await pingHere(terminalOid, timings.pingTimeoutMs);
    else {
      const holder = await terminalHolder(db, terminalOid, timings.staleAfterMs);
      answer = holder === undefined || holder === instanceId ? { outcome: 'disconnected', roundTripMs: null } : await pingRelay.ask(terminalOid, holder, timings.pingTimeoutMs);
    }
    caller.send(NOTIFY_RESPONSE, [{ note, instanceId, answeredAt: new Date().toISOString(), terminalOid, ...answer }]);
  };

  app.addHook('preClose', async () => {
    const open = [...sessions.values()];
    for (const session of open) session.close(TERMINAL_CLOSE.shutdown, 'the server is shutting down');
    await Promise.all(open.map((session) => session.whenEnded));
  });
  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    await pingRelay.close();
    await unlistenCommands?.().catch(() => undefined);
    await events.close();
  });
}
