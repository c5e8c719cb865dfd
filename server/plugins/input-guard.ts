import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { DEFAULT_MAX_DEPTH, findUnsafeInput, type UnsafeInput } from '../lib/unsafe-input';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How deep this route's JSON body may nest (default DEFAULT_MAX_DEPTH). */
    maxJsonDepth?: number;
  }
}

function refuse(where: string, found: UnsafeInput): ApiError {
  return new ApiError(400, `The ${where} cannot be used: ${found.path} ${found.problem}.`, { errors: { [found.path]: [found.problem] } });
}

/** The first unusable value of the request's path parameters, query and body, as a 400 naming it. */
export function unsafeInputError(request: FastifyRequest): ApiError | undefined {
  const params = findUnsafeInput(request.params, 2);
  if (params) return refuse('path', params);
  const query = findUnsafeInput(request.query, 2);
  if (query) return refuse('query', query);
  const body = findUnsafeInput(request.body, request.routeOptions.config?.maxJsonDepth ?? DEFAULT_MAX_DEPTH);
  if (body) return refuse('request body', body);
  return undefined;
}

/**
 * Refuses, before any route sees it, input that no route can use: NUL (PostgreSQL refuses it in text and jsonb),
 * lone surrogates (no Unicode text; they would be stored as U+FFFD or refused by jsonb) and JSON nested deeper than
 * the route allows (recursive code after this would overflow the stack). One check for every route, so a new
 * route cannot forget it; 400 with the field path, and nothing is written.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback hooks: they run on every request and wait for nothing (no promise per request).
  app.addHook('preValidation', (request, _reply, done) => {
    done(unsafeInputError(request));
  });
  // Validation coerces query and path texts to numbers: "1e309" becomes Infinity, which Ajv's integer and number
  // types let through. Checked again after it, so no handler meets a number that is not finite.
  app.addHook('preHandler', (request, _reply, done) => {
    const params = findUnsafeInput(request.params, 2);
    if (params) return done(refuse('path', params));
    const query = findUnsafeInput(request.query, 2);
    done(query ? refuse('query', query) : undefined);
  });
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The path is not a valid URL: it has a malformed percent-encoding (or one that is not UTF-8).',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long.',
};

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or error handler runs (a path
 * that does not decode, a too long parameter) answers in the one error shape too, instead of Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ status, message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
}
