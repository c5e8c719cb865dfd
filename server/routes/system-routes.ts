import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BuildInfo } from '../build-info';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import { publicRoute } from '../plugins/authenticate-first';
import { ERROR_ROUTE_SCHEMA, HEALTH_ROUTE_SCHEMA, INFO_ROUTE_SCHEMA, PING_ROUTE_SCHEMA, VERSION_ROUTE_SCHEMA } from './system-schemas';

/** What the system routes need. */
export interface SystemRoutesOptions {
  db: Database;
  buildInfo: BuildInfo;
  installationId: string;
  /** Whether the caller may see a stored fault's internals (default: nobody). */
  canSeeErrorDetails?: (request: FastifyRequest) => Promise<boolean>;
}

/** What everyone but an administrator learns about a stored fault. */
const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred. An administrator can see the details under this id.';

const API_VERSION = '1.0';

function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Ping, version and health endpoints, and the lookup of stored 5xx errors. */
export const systemRoutes: FastifyPluginAsync<SystemRoutesOptions> = async (app, { db, buildInfo, installationId, canSeeErrorDetails = async () => false }) => {
  // Anonymous availability check the UI makes at start (spec 1 §7); XML as the specification says.
  app.get('/api/v1/ping', { ...publicRoute(), schema: PING_ROUTE_SCHEMA }, async (_request, reply) => {
    const now = new Date().toISOString();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<?xml version="1.0" encoding="utf-8"?>\n<Ping><Status>OK</Status><Version>${xmlEscape(buildInfo.version)}</Version><Time>${now}</Time></Ping>`);
  });

  app.get('/api/info', { ...publicRoute(), schema: INFO_ROUTE_SCHEMA }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { name: 'Mate', apiVersion: API_VERSION, version: buildInfo.version, buildDate: buildInfo.buildDate, database: db.kind, installationId };
  });

  app.get('/version.json', { ...publicRoute(), schema: VERSION_ROUTE_SCHEMA }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return buildInfo;
  });

  // For load balancers: 200 while the database answers, 503 otherwise.
  app.get('/api/health', { ...publicRoute(), schema: HEALTH_ROUTE_SCHEMA }, async (_request, reply) => {
    try {
      await db.query('select 1');
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: db.kind });
    }
  });

  // `GET api/error({id})`: the id comes from the error header of a 5xx answer; its details only for administrators.
  app.get<{ Params: { call: string } }>('/api/:call', { ...publicRoute(), schema: ERROR_ROUTE_SCHEMA }, async (request) => {
    const match = /^error\(([^)]{1,100})\)$/.exec(request.params.call);
    if (!match) throw new ApiError(404, `No route GET ${request.url}`);
    const id = match[1];
    const found = await db.query<{ id: string; status: number; message: string; method: string; url: string; created_at: Date }>(
      'select id, status, message, method, url, created_at from mate_error where id = $1',
      [id],
    );
    const row = found.rows[0];
    if (!row) throw new ApiError(404, `No error with id '${id}' is recorded.`);
    const createdAt = new Date(row.created_at).toISOString();
    // The message may be the database's own words about tables and values: for administrators only.
    if (!(await canSeeErrorDetails(request))) return { id: row.id, status: row.status, message: GENERIC_ERROR_MESSAGE, createdAt };
    return { id: row.id, status: row.status, message: row.message, method: row.method, url: row.url, createdAt };
  });
};
