import { RECEIPT_SCHEMA } from './terminal-documents';

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

const connectionState = {
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
} as const;

const serverState = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time', description: "The database's clock; today is its UTC day" },
    instances: {
      type: 'array',
      items: { type: 'object', properties: { instanceId: { type: 'string' }, connections: { type: 'integer' }, lastHeartbeatAt: { type: 'string', format: 'date-time' } } },
    },
    connected: { type: 'integer' },
    terminals: { type: 'integer' },
    receiptsToday: { type: 'integer' },
    receiptsLastHour: { type: 'integer' },
    refusedToday: { type: 'integer' },
  },
} as const;

const terminalBasic = [{ terminalBasic: [] }];
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'Oid of the POS terminal record' };
const { $id: _receiptId, ...receiptSchema } = RECEIPT_SCHEMA;

/**
 * The terminal endpoint in the OpenAPI document (docs/terminals.md). Terminals authenticate with HTTP Basic (key and
 * secret, `terminalBasic`); the reads and the credential issue are calls of signed-in users. The WebSocket's
 * messages are described in docs/terminals.md, which OpenAPI cannot express beyond the upgrade's answers.
 */
export const TERMINAL_OPENAPI_PATHS = {
  '/api/terminals/socket': {
    get: {
      tags: ['terminals'],
      summary: 'Open a terminal WebSocket (Upgrade: websocket); messages: heartbeat, receipt (docs/terminals.md)',
      security: terminalBasic,
      parameters: [{ name: 'x-terminal-version', in: 'header', required: false, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,32}$' }, description: 'The terminal software version' }],
      responses: {
        101: { description: 'Switching protocols; the server sends a welcome message' },
        400: error('Not a WebSocket upgrade, or a bad x-terminal-version'),
        401: error('No credentials, unknown terminal or wrong secret'),
        403: error('The terminal record is disabled'),
      },
    },
  },
  '/api/terminals/receipts': {
    post: {
      tags: ['terminals'],
      summary: 'Hand in a receipt over HTTP (the same as the socket message), stored once per id',
      security: terminalBasic,
      requestBody: { required: true, content: { 'application/json': { schema: receiptSchema } } },
      responses: {
        201: { description: 'Stored', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, stored: { const: true }, unprocessed: { type: 'string', description: 'Why the stored document stays unprocessed (it does not fit the tenant\'s data), when it does not' } } } } } },
        200: { description: 'Handed in before; nothing changed', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, stored: { const: false } } } } } },
        400: error('Not a valid receipt: errors name each path (e.g. lines.0.amount)'),
        401: error('No credentials, unknown terminal or wrong secret'),
        403: error('The terminal record is disabled'),
      },
    },
  },
  '/api/terminals/connections': {
    get: {
      tags: ['terminals'],
      summary: 'Connection state of every POS terminal of the tenants the caller may monitor (Read on /service/terminals)',
      parameters: [{ name: 'tenantOid', in: 'query', required: false, schema: { type: 'integer', minimum: 1 }, description: 'Only this tenant (one of the caller\'s)' }],
      responses: {
        200: { description: 'The states', content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: connectionState } } } } } },
        400: error('tenantOid is not a positive whole number'),
        403: error('Not one of the caller\'s tenants, or no Read on /service/terminals'),
      },
    },
  },
  '/api/terminals/{id}/log': {
    get: {
      tags: ['terminals'],
      summary: "A terminal's state and its newest log lines (connected, disconnected, receipt), newest first",
      parameters: [
        id,
        { name: 'take', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
        { name: 'beforeId', in: 'query', required: false, schema: { type: 'integer', minimum: 1 }, description: 'Only lines older than this line (the next page)' },
      ],
      responses: {
        200: {
          description: 'State and log',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  terminal: connectionState,
                  items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, at: { type: 'string', format: 'date-time' }, event: { enum: ['connected', 'disconnected', 'receipt', 'refused'] }, detail: { type: ['object', 'null'] } } } },
                },
              },
            },
          },
        },
        400: error('id or take out of range'),
        403: error('No Read on /service/terminals in the terminal\'s tenant'),
        404: error('No such terminal in the caller\'s tenants'),
      },
    },
  },
  '/api/terminals/server': {
    get: {
      tags: ['terminals'],
      summary: 'The terminal endpoint across every instance, for the tenants where the caller has Read on /service/terminal-server',
      responses: {
        200: { description: 'Instances holding terminal sockets with their connections; receipts today (UTC) and in the last hour', content: { 'application/json': { schema: serverState } } },
        403: error('No Read on /service/terminal-server in any of the caller\'s tenants'),
      },
    },
  },
  '/api/terminals/{id}/credential': {
    post: {
      tags: ['terminals'],
      summary: 'Issue the terminal a new key and secret (replacing the old); the secret is shown only in this answer',
      parameters: [id],
      responses: {
        201: { description: 'The credential', content: { 'application/json': { schema: { type: 'object', properties: { terminalOid: { type: 'integer' }, terminalKey: { type: 'string' }, secret: { type: 'string' } } } } } },
        400: error('id out of range'),
        403: error('No Update on /data/tenancy/pos-terminal in the terminal\'s tenant'),
        404: error('No such terminal in the caller\'s tenants'),
      },
    },
  },
} as const;

/** The security scheme terminals use. */
export const TERMINAL_SECURITY_SCHEME = { terminalBasic: { type: 'http', scheme: 'basic', description: 'Terminal key and secret' } } as const;
