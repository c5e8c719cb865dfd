import type { FastifyRequest } from 'fastify';

/** The actions a permission entry grants per navigation path and tenant (spec 1 §3). */
export const PERMISSION_ACTIONS = ['Read', 'Create', 'Update', 'Delete', 'Demand', 'Patch'] as const;
/** One permission action. */
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/**
 * Who is calling and what they may do: the seam between identity (which fills it from the token) and every
 * route that authorises (the data service and the rest). Routes never look at tokens themselves.
 */
export interface RequestContext {
  userOid: number;
  username: string;
  /** Every tenant the user belongs to. */
  tenantOids: number[];
  /** The tenant the scope headers name, checked to be one of tenantOids; else the user's current tenant. */
  tenantOid: number | undefined;
  /** Location role and terminal from the scope headers, when given. */
  locationOid: number | undefined;
  terminalOid: number | undefined;
  /** Whether the user may do `action` on the page `path` in `tenantOid` (default: the context's tenant). */
  can(path: string, action: PermissionAction, tenantOid?: number): boolean;
  /**
   * Whether the user holds the right globally (own Global decisions, roles held in every tenant), not just in their
   * tenants. Global kinds with a visibility rule show every row only to such readers. Absent: a stand-in resolver
   * that knows no tenant limits, treated as global.
   */
  canGlobally?(path: string, action: PermissionAction): boolean;
}

/** Resolves the context of a request, or throws an ApiError 401/403. */
export type ContextResolver = (request: FastifyRequest) => Promise<RequestContext>;
