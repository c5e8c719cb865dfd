import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { addFieldError, ApiError, type ErrorBody, type FieldErrors } from '../lib/api-error';
import { DatabaseUnavailableError } from '../db/database-unavailable';
import { redactUrl } from '../lib/redact';
import { ErrorRowThrottle } from './error-row-throttle';

/** Header naming the id of a 5xx answer; `GET /api/error({id})` reads it back. */
export const ERROR_ID_HEADER = 'x-mate-error-id';

function fieldErrorsOf(error: FastifyError): FieldErrors | undefined {
  if (!error.validation) return undefined;
  const errors: FieldErrors = {};
  for (const issue of error.validation) {
    const params = issue.params as { missingProperty?: string; additionalProperty?: string } | undefined;
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    // An unknown member is named by its own path, so the caller sees which one (Ajv reports it at its parent).
    const unknown = params?.additionalProperty === undefined ? undefined : [path, params.additionalProperty].filter(Boolean).join('.');
    const field = (params?.missingProperty ?? unknown ?? path) || '(body)';
    addFieldError(errors, field, unknown === undefined ? (issue.message ?? 'is invalid') : 'is not a member this call takes');
  }
  return errors;
}

/** A byte count as people say it: 16 KiB, 2 MiB, 20 MiB (whole units; else bytes). */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Fastify's own 4xx codes get messages that say what was wrong and where. */
function clientMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `The request body is not valid JSON: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The limit is the route's (its contract declares it, e.g. small for anonymous forms, large for the import).
      return `The request body is too large: ${request.method} ${request.routeOptions.url ?? 'this route'} takes at most ${byteSize(request.routeOptions.bodyLimit)}.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${error.message}`;
    case 'FST_ERR_VALIDATION':
      return unknownMembersMessage(error) ?? error.message;
    default:
      return error.message;
  }
}

/**
 * Ajv says only "querystring must NOT have additional properties"; the caller needs to know which member, so the
 * message names each one where it is: `querystring/tak is not a member this call takes`.
 */
function unknownMembersMessage(error: FastifyError): string | undefined {
  const members = (error.validation ?? []).flatMap((issue) => {
    const member = (issue.params as { additionalProperty?: string } | undefined)?.additionalProperty;
    return member === undefined ? [] : [`${error.validationContext ?? 'body'}${issue.instancePath}/${member}`];
  });
  if (members.length === 0) return undefined;
  return `${members.join(', ')} ${members.length === 1 ? 'is not a member' : 'are not members'} this call takes`;
}

function send(reply: FastifyReply, body: ErrorBody, code?: string): FastifyReply {
  const reason = STATUS_CODES[body.status] ?? 'Error';
  reply.raw.statusMessage = code ? `${reason} [${code}]` : reason;
  return reply.status(body.status).type('application/json; charset=utf-8').send(body);
}

/** Writes the row `GET /api/error({id})` reads; a failure to write is logged, the answer goes out anyway. */
async function storeErrorRow(db: Database, request: FastifyRequest, id: string, status: number, error: FastifyError): Promise<void> {
  await db
    .query('insert into mate_error (id, status, message, detail, method, url) values ($1, $2, $3, $4, $5, $6)', [
      id,
      status,
      error.message,
      JSON.stringify({ name: error.name, code: error.code ?? null }),
      request.method,
      redactUrl(request.url),
    ])
    .catch((storeError: unknown) => request.log.error({ err: storeError }, 'could not store the error'));
}

/** Seconds a client is asked to wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database is away (restart, failover): a 503 the client may retry, not a fault to store. */
function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: DatabaseUnavailableError): FastifyReply {
  request.log.warn({ err: error.cause ?? error }, 'database unavailable');
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return send(reply, { status: 503, message: 'The database is not reachable right now. Try again in a few seconds.' }, 'DatabaseUnavailable');
}

/**
 * One error shape for every failure. 4xx answers say what was wrong; 5xx answers hide internals, carry an
 * id in a header, and are stored so that `GET /api/error({id})` can show them later: only real faults (not a
 * database that is away), and no more rows per minute than `errorRows` allows, so bad requests cannot fill the table.
 */
export function registerErrorHandling(app: FastifyInstance, db: Database, errorRows: ErrorRowThrottle = new ErrorRowThrottle()): void {
  app.setErrorHandler(async (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      const { errors, code, description, innerException, extra } = error.options;
      const body: ErrorBody = { ...extra, status: error.status, message: error.message };
      if (errors) body.errors = errors;
      if (innerException) body.innerException = { message: innerException };
      if (code) {
        body.error_code = code;
        body.error_description = description ?? error.message;
      }
      return send(reply, body, code);
    }
    if (error instanceof DatabaseUnavailableError) return sendDatabaseUnavailable(request, reply, error);
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const body: ErrorBody = { status, message: clientMessage(error, request) };
      const errors = fieldErrorsOf(error);
      if (errors) body.errors = errors;
      return send(reply, body);
    }
    const id = randomUUID();
    request.log.error({ err: error, errorId: id }, 'request failed');
    if (errorRows.allow(request.ip)) await storeErrorRow(db, request, id, status, error);
    else request.log.warn({ errorId: id, suppressed: errorRows.suppressed }, 'error row not stored: limit per minute reached');
    reply.header(ERROR_ID_HEADER, id);
    return send(reply, { status, message: `An unexpected error occurred. Quote error id ${id} when reporting it.` });
  });
}
