import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, PermissionAction, RequestContext } from '../lib/request-context';
import { resolveApiKey, type ApiKeyGrant } from './api-keys';
import { explainPermission, type PermissionExplanation } from './effective-permission';
import { IdentityCache } from './identity-cache';
import { decisionsInTenant, type UserPermissions } from './permission-store';
import { readScopeHeaders, SCOPE_HEADERS } from './scope-headers';
import { SessionTouches } from './sessions';
import { createTokenService, type TokenService } from './token-service';
import type { UserRecord } from './user-store';

/** The request context identity hands out: the shared contract plus what the identity routes need. */
export interface IdentityContext extends RequestContext {
  user: UserRecord;
  permissions: UserPermissions;
  /** The session of the token (sessions.ts); undefined for API keys and tokens without one. */
  sessionOid?: number;
  /** Set when the request came with an API key instead of a token. */
  apiKey?: Omit<ApiKeyGrant, 'user'>;
  /** Which rule decided `can` (the "why" view). */
  explain(path: string, action: PermissionAction, tenantOid?: number): PermissionExplanation;
  /**
   * Whether the user holds the right globally: by their own Global decisions or roles held in every tenant, as
   * if no tenant were selected. Delegated administration (delegation.ts) needs it for the Global column.
   */
  canGlobally(path: string, action: PermissionAction): boolean;
}

/** Options for tests and for sharing one token service with the routes. */
export interface ContextResolverOptions {
  now?: () => number;
  tokens?: TokenService;
  /** The per-user identity cache (identity-cache.ts); one is made when absent. */
  cache?: IdentityCache;
}

/** The API key of a request: `Authorization: ApiKey <secret>` or `X-Api-Key: <secret>`. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^ApiKey\s+(\S+)\s*$/i.exec(header) : null;
  if (match) return match[1];
  const direct = request.headers['x-api-key'];
  return typeof direct === 'string' && direct.trim() ? direct.trim() : undefined;
}

/** The token of a request: the Bearer header, or for the hub (browsers cannot set headers on WebSockets) `access_token`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new ApiError(401, 'The Authorization header must be "Bearer <access token>" or "ApiKey <key>".');
    return match[1];
  }
  if (request.url.startsWith('/api/hub/')) {
    const query = request.query as Record<string, unknown> | undefined;
    const token = query?.access_token;
    if (typeof token === 'string' && token) return token;
  }
  return undefined;
}

/** The tenant a request runs in: the header's (checked), else primary, else the only one, else the root. */
function currentTenant(user: UserRecord, tenantOids: number[], headerTenant: number | undefined): number | undefined {
  if (headerTenant !== undefined) {
    if (!tenantOids.includes(headerTenant)) {
      throw new ApiError(403, `You do not belong to tenant ${headerTenant} named by the ${SCOPE_HEADERS.tenant} header.`);
    }
    return headerTenant;
  }
  if (user.primaryTenantOid !== null && tenantOids.includes(user.primaryTenantOid)) return user.primaryTenantOid;
  if (tenantOids.length === 1) return tenantOids[0];
  if (user.rootTenantOid !== null && tenantOids.includes(user.rootTenantOid)) return user.rootTenantOid;
  return undefined;
}

/**
 * Builds the resolver every authorised route calls. Per request it verifies the token, compares its version with
 * the user row (so logout, password change, disabling and role changes revoke at once), checks the scope headers
 * against the user's tenants and takes the permission decisions `can` evaluates. User row, tenants and decisions
 * come from the identity cache, which every change empties on every instance (identity-cache.ts).
 */
export type IdentityContextResolver = ContextResolver & ((request: FastifyRequest) => Promise<IdentityContext>) & {
  /** The identity cache behind it: close it with the app. */
  cache: IdentityCache;
};

export function createContextResolver(db: Database, config: Config, options: ContextResolverOptions = {}): IdentityContextResolver {
  const now = options.now ?? Date.now;
  const tokens = options.tokens ?? createTokenService(db, config.tokenLifetimeSeconds, now);
  const cache = options.cache ?? new IdentityCache(db, { now });
  const resolved = new WeakMap<FastifyRequest, Promise<IdentityContext>>();
  const touches = new SessionTouches(db);

  /**
   * Whether the token's session is still open. The cached set answers at once; a session it does not hold is read
   * (a sign-in's new session may be heard a moment after its first call), and a found one drops the stale entry.
   */
  async function sessionOpen(userOid: number, sessionOid: number, cached: Set<number>): Promise<boolean> {
    if (cached.has(sessionOid)) return true;
    const found = await db.query('select 1 from mate_session where oid = $1 and user_oid = $2 and ended_at is null', [sessionOid, userOid]);
    if (found.rowCount === 0) return false;
    cache.invalidate(userOid);
    return true;
  }

  async function userOf(request: FastifyRequest): Promise<{ user: UserRecord; tenantOids: number[]; permissions: UserPermissions; apiKey?: Omit<ApiKeyGrant, 'user'>; sessionOid?: number }> {
    const key = apiKeyOf(request);
    if (key !== undefined) {
      const { user, ...apiKey } = await resolveApiKey(db, key, request.ip, now());
      const { tenantOids, permissions } = await cache.get(user.oid);
      return { user, tenantOids, permissions, apiKey };
    }
    const token = tokenOf(request);
    if (!token) throw new ApiError(401, 'Sign-in required: send an access token as "Authorization: Bearer <token>".');
    const claims = await tokens.verify(token);
    if (!claims) throw new ApiError(401, 'The access token is invalid or has expired; sign in again.');
    // From the cache: every change of the user, its tenants, roles or decisions is NOTIFYed to every instance.
    let { user, tenantOids, permissions, openSessions } = await cache.get(claims.userOid);
    if (user && user.tokenVersion < claims.tokenVersion) {
      // A token newer than the kept user: it was issued after a change (a new password hands one out at once) whose
      // NOTIFY has not reached this instance yet. The stored user is read again rather than the token refused.
      cache.invalidate(claims.userOid);
      ({ user, tenantOids, permissions, openSessions } = await cache.get(claims.userOid));
    }
    if (!user || user.disabled || user.tokenVersion !== claims.tokenVersion) {
      throw new ApiError(401, 'The access token has been revoked; sign in again.');
    }
    if (claims.sessionOid !== undefined) {
      if (!(await sessionOpen(user.oid, claims.sessionOid, openSessions))) throw new ApiError(401, 'This session has been ended; sign in again.');
      touches.touch(claims.sessionOid, now());
    }
    return { user, tenantOids, permissions, sessionOid: claims.sessionOid };
  }

  async function resolve(request: FastifyRequest): Promise<IdentityContext> {
    const { user, tenantOids, permissions, apiKey, sessionOid } = await userOf(request);
    const scope = readScopeHeaders(request.headers);
    const tenantOid = currentTenant(user, tenantOids, scope.tenantOid);

    const explain = (path: string, action: PermissionAction, tenant: number | undefined = tenantOid): PermissionExplanation => {
      // A tenant the user does not belong to is never granted, whatever the rules say: scope cannot widen access.
      if (tenant !== undefined && !tenantOids.includes(tenant)) {
        return { allowed: false, decidedBy: null, text: `denied: the user does not belong to tenant ${tenant}` };
      }
      return explainPermission(decisionsInTenant(permissions, tenant ?? null), path, action, tenant ?? null);
    };
    // A read-only API key is granted Read and nothing else, whatever its user may do.
    const keyAllows = (action: PermissionAction) => apiKey?.accessLevel !== 'read' || action === 'Read';
    return {
      userOid: user.oid,
      username: user.username,
      tenantOids,
      tenantOid,
      locationOid: scope.locationOid,
      terminalOid: scope.terminalOid,
      user,
      permissions,
      apiKey,
      sessionOid,
      explain,
      can: (path, action, tenant) => keyAllows(action) && explain(path, action, tenant).allowed,
      canGlobally: (path, action) => keyAllows(action) && explainPermission(decisionsInTenant(permissions, null), path, action, null).allowed,
    };
  }

  const resolver = (request: FastifyRequest) => {
    let context = resolved.get(request);
    if (!context) {
      context = resolve(request);
      resolved.set(request, context);
    }
    return context;
  };
  return Object.assign(resolver, { cache });
}
