import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { IdentityContext } from './context-resolver';
import { explainPermission } from './effective-permission';
import { decisionsInTenant } from './permission-store';

/** The page whose Read right, in the Global column, lets a user see what a stored server fault said. */
export const ERROR_DETAILS_PATH = '/diagnostics/logs';

/**
 * Whether the caller may read the internals of stored server faults (database messages, the request's URL): only
 * an administrator, i.e. who may read the logs page for every tenant. Anonymous callers, bad tokens and everyone
 * else see the id and a generic message. A database that is away still fails the request (503).
 */
export function createErrorDetailAccess(resolve: (request: FastifyRequest) => Promise<IdentityContext>): (request: FastifyRequest) => Promise<boolean> {
  return async (request) => {
    let context: IdentityContext;
    try {
      context = await resolve(request);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return false;
      throw error;
    }
    return explainPermission(decisionsInTenant(context.permissions, null), ERROR_DETAILS_PATH, 'Read', null).allowed;
  };
}
