// The terminal endpoint's route contracts (docs/terminals.md), also their part of /api/openapi.json
// (server/api-docs/route-openapi.ts). Terminals authenticate with HTTP Basic (their key and secret, `terminalBasic`);
// the reads and the credential issue are calls of signed-in users. Fastify's serialiser writes only the properties an
// answer's schema names, required ones first: each answer names every member its handler sends, all required, in the
// handler's order; a log line's detail is an open object, passed through as the log holds it. OpenAPI cannot describe
// the WebSocket's messages beyond the upgrade's answers: docs/terminals.md does.

import { bodyCheckedInCode, errorResponses, listOf, OID, TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { RECEIPT_SCHEMA } from './receipt-schema';

const tags = ['terminals'];

/** The security scheme terminals use, in the document's components while the endpoint is served (server/data/openapi.ts). */
export const TERMINAL_SECURITY_SCHEME = { terminalBasic: { type: 'http', scheme: 'basic', description: 'Terminal key and secret' } } as const;
const terminalBasic: readonly Record<string, unknown>[] = [{ terminalBasic: [] }];

/** The refusals of a call a terminal makes with its key and secret. */
const TERMINAL_REFUSED = errorResponses({ 401: 'No credentials, unknown terminal or wrong secret', 403: 'The terminal record is disabled' });

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra }) as const;

/** The path of a terminal's own routes: the oid of its POS terminal record. */
const TERMINAL_PARAMS = { type: 'object', required: ['id'], properties: { id: { ...OID, description: 'Oid of the POS terminal record' } } } as const;

/** One terminal's connection (TerminalConnectionState, schemas/terminal-wire.ts), as listTerminalStates writes it. */
const CONNECTION_STATE = {
  type: 'object',
  properties: {
    terminalOid: { type: 'integer' },
    tenantOid: { type: 'integer' },
    terminalNumber: { type: 'integer' },
    name: { type: 'string' },
    locationName: nullable('string'),
    connected: { type: 'boolean', description: 'Connected and heard from within the stale limit' },
    address: nullable('string'),
    version: nullable('string'),
    connectedAt: nullable('string', { format: 'date-time' }),
    lastHeartbeatAt: nullable('string', { format: 'date-time' }),
    disconnectedAt: nullable('string', { format: 'date-time' }),
    documentsReceived: { type: 'integer', description: 'Documents the terminal handed in' },
  },
  required: ['terminalOid', 'tenantOid', 'terminalNumber', 'name', 'locationName', 'connected', 'address', 'version', 'connectedAt', 'lastHeartbeatAt', 'disconnectedAt', 'documentsReceived'],
} as const;

/** One line of a terminal's log (TerminalLogEntry). */
const LOG_LINE = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    event: { enum: ['connected', 'disconnected', 'receipt', 'refused', 'configuration'] },
    detail: { type: ['object', 'null'], additionalProperties: true },
  },
  required: ['id', 'at', 'event', 'detail'],
} as const;

/** `GET /api/terminals/socket`. */
export const TERMINAL_SOCKET_ROUTE_SCHEMA = {
  tags,
  summary: 'Open a terminal WebSocket (Upgrade: websocket); messages: heartbeat, receipt (docs/terminals.md)',
  security: terminalBasic,
  headers: { type: 'object', properties: { 'x-terminal-version': { type: 'string', pattern: '^[\\x21-\\x7e]{1,32}$', description: 'The terminal software version' } } },
  response: {
    101: { description: 'Switching protocols; the server sends a welcome message' },
    ...errorResponses({ 400: 'Not a WebSocket upgrade, or a bad x-terminal-version' }),
    ...TERMINAL_REFUSED,
  },
} as const;

const { $id: _receiptId, ...receiptBody } = RECEIPT_SCHEMA;

/**
 * `POST /api/terminals/receipts`. The body is described, not validated by Fastify: the handler checks it as it checks
 * the socket's receipt message (parseReceipt), every error at once keyed by path, logged to the terminal's log.
 */
export const TERMINAL_RECEIPT_ROUTE_SCHEMA = {
  tags,
  summary: 'Hand in a receipt over HTTP (the same as the socket message), stored once per id',
  security: terminalBasic,
  requestBody: bodyCheckedInCode(receiptBody),
  response: {
    201: {
      description: 'Stored',
      type: 'object',
      properties: {
        id: { type: 'string' },
        // `enum`, not `const`: Fastify's serialiser writes a `const` whatever the handler sends.
        stored: { type: 'boolean', enum: [true] },
        unprocessed: { type: 'string', description: "Why the stored document stays unprocessed (it does not fit the tenant's data), when it does not" },
      },
      required: ['id', 'stored'],
    },
    200: { description: 'Handed in before; nothing changed', type: 'object', properties: { id: { type: 'string' }, stored: { type: 'boolean', enum: [false] } }, required: ['id', 'stored'] },
    ...errorResponses({ 400: 'Not a valid receipt: errors name each path (e.g. lines.0.amount)' }),
    ...TERMINAL_REFUSED,
  },
} as const;

/** `GET /api/terminals/connections`. */
export const TERMINAL_CONNECTIONS_ROUTE_SCHEMA = {
  tags,
  summary: 'Connection state of every POS terminal of the tenants the caller may monitor (Read on /service/terminals)',
  querystring: { type: 'object', additionalProperties: false, properties: { tenantOid: { ...OID, description: "Only this tenant (one of the caller's)" } } },
  response: {
    200: { description: 'The states', ...listOf(CONNECTION_STATE) },
    ...errorResponses({ 400: 'tenantOid is not a positive whole number', 403: "Not one of the caller's tenants, or no Read on /service/terminals" }),
    ...TOKEN_REFUSED,
  },
} as const;

/** `GET /api/terminals/:id/log`: the state first, then the lines (not listOf, which writes `items` first). */
export const TERMINAL_LOG_ROUTE_SCHEMA = {
  tags,
  summary: "A terminal's state and its newest log lines (connected, disconnected, receipt), newest first",
  params: TERMINAL_PARAMS,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      take: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
      beforeId: { ...OID, description: 'Only lines older than this line (the next page)' },
    },
  },
  response: {
    200: { description: 'State and log', type: 'object', properties: { terminal: CONNECTION_STATE, items: { type: 'array', items: LOG_LINE } }, required: ['terminal', 'items'] },
    ...errorResponses({ 400: 'id or take out of range', 403: "No Read on /service/terminals in the terminal's tenant", 404: "No such terminal in the caller's tenants" }),
    ...TOKEN_REFUSED,
  },
} as const;

/** `GET /api/terminals/server` (TerminalServerState). */
export const TERMINAL_SERVER_ROUTE_SCHEMA = {
  tags,
  summary: 'The terminal endpoint across every instance, for the tenants where the caller has Read on /service/terminal-server',
  querystring: { type: 'object', additionalProperties: false, properties: {} },
  response: {
    200: {
      description: 'Instances holding terminal sockets with their connections; receipts today (UTC) and in the last hour',
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time', description: "The database's clock; today is its UTC day" },
        instances: {
          type: 'array',
          items: {
            type: 'object',
            properties: { instanceId: { type: 'string' }, connections: { type: 'integer' }, lastHeartbeatAt: { type: 'string', format: 'date-time' } },
            required: ['instanceId', 'connections', 'lastHeartbeatAt'],
          },
        },
        connected: { type: 'integer' },
        terminals: { type: 'integer' },
        receiptsToday: { type: 'integer' },
        receiptsLastHour: { type: 'integer' },
        refusedToday: { type: 'integer' },
      },
      required: ['at', 'instances', 'connected', 'terminals', 'receiptsToday', 'receiptsLastHour', 'refusedToday'],
    },
    ...errorResponses({ 403: "No Read on /service/terminal-server in any of the caller's tenants" }),
    ...TOKEN_REFUSED,
  },
} as const;

/** `POST /api/terminals/:id/credential`. */
export const TERMINAL_CREDENTIAL_ROUTE_SCHEMA = {
  tags,
  summary: 'Issue the terminal a new key and secret (replacing the old); the secret is shown only in this answer',
  params: TERMINAL_PARAMS,
  response: {
    201: {
      description: 'The credential',
      type: 'object',
      properties: { terminalOid: { type: 'integer' }, terminalKey: { type: 'string' }, secret: { type: 'string' } },
      required: ['terminalOid', 'terminalKey', 'secret'],
    },
    ...errorResponses({ 400: 'id out of range', 403: "No Update on /data/tenancy/pos-terminal in the terminal's tenant", 404: "No such terminal in the caller's tenants" }),
    ...TOKEN_REFUSED,
  },
} as const;
