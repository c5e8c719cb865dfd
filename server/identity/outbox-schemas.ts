/** Wire schemas of the outbox routes: their Fastify contracts, from which /api/openapi.json describes them. */
import { listOf } from '../api-docs/openapi-fragments';

/** Most mails one page answers. */
export const OUTBOX_MAX_TAKE = 1000;

const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

export const OUTBOX_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    take: { type: 'integer', minimum: 1, maximum: OUTBOX_MAX_TAKE, default: 500 },
  },
} as const;

export const OUTBOX_PARAMS = {
  type: 'object',
  additionalProperties: false,
  properties: { oid: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  required: ['oid'],
} as const;

export const OUTBOX_ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    oid: { type: 'integer' },
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string', description: 'the plain text, one-time tokens in links masked' },
    state: { type: 'string', enum: ['queued', 'sent', 'failed'], description: 'failed: the sender gave up after its last attempt' },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
    createdAt: timestamp,
    sentAt: nullableTimestamp,
    nextAttemptAt: nullableTimestamp,
  },
  required: ['oid', 'to', 'subject', 'text', 'state', 'attempts', 'lastError', 'createdAt', 'sentAt', 'nextAttemptAt'],
} as const;

export const OUTBOX_LIST_SCHEMA = listOf(OUTBOX_ENTRY_SCHEMA, { total: { type: 'integer', description: 'mails in the outbox in all' } });

const denied = { 401: { description: 'Not signed in' }, 403: { description: 'Needs the right on /admin/outbox in the Global column' } } as const;

/** The outbox routes' contracts, also their part of /api/openapi.json (server/api-docs/route-openapi.ts). */
export const LIST_OUTBOX_ROUTE_SCHEMA = {
  tags: ['outbox'],
  summary: 'The mails the product queued, newest first (Read on /admin/outbox, Global column)',
  querystring: OUTBOX_QUERYSTRING,
  response: { 200: { description: 'One page', ...OUTBOX_LIST_SCHEMA }, 400: { description: 'A bad query parameter' }, ...denied },
} as const;

export const RESEND_MAIL_ROUTE_SCHEMA = {
  tags: ['outbox'],
  summary: 'Queue an unsent (failed) mail again: attempts start over (Update on /admin/outbox, Global column)',
  params: OUTBOX_PARAMS,
  response: { 200: { description: 'Queued again', ...OUTBOX_ENTRY_SCHEMA }, 404: { description: 'No such mail' }, 409: { description: 'Already sent' }, ...denied },
} as const;

export const DELETE_MAIL_ROUTE_SCHEMA = {
  tags: ['outbox'],
  summary: 'Delete a mail; a queued one is then never sent (Delete on /admin/outbox, Global column)',
  params: OUTBOX_PARAMS,
  response: { 204: { description: 'Deleted' }, 404: { description: 'No such mail' }, ...denied },
} as const;
