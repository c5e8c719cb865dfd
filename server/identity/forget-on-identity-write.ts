import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityCache } from './identity-cache';

/**
 * The routes whose writes change who may do what: sign-out, sessions, passwords, second factors, users, roles,
 * decisions, API keys (identity's own routes, the administration routes and the data service's identity kinds).
 */
const IDENTITY_WRITE_PREFIXES = ['/api/auth/', '/api/v1-pub/auth/second-factor', '/api/admin/', '/api/data/identity/'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesIdentity(request: FastifyRequest, statusCode: number): boolean {
  if (READS.has(request.method) || statusCode >= 400) return false;
  const path = request.url.split('?', 1)[0]!;
  return IDENTITY_WRITE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Every instance forgets a changed identity when the change's NOTIFY reaches it (identity-cache.ts); the instance
 * that made the change forgets everything before its answer leaves, so a session ended or a password changed here
 * is refused here from the very next request, not a few milliseconds later when its own NOTIFY comes back.
 * Everything, not one user: an administrator's change may concern many (a role), and such writes are rare. A failed
 * call changed nothing, so a stream of refused calls cannot keep emptying the cache.
 */
export function forgetOnIdentityWrite(app: FastifyInstance, cache: Pick<IdentityCache, 'invalidate'>): void {
  // A callback hook: it runs on every answer and waits for nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (changesIdentity(request, reply.statusCode)) cache.invalidate('*');
    done(null, payload);
  });
}
