import { ApiError } from '../lib/api-error';
import { PERMISSION_ACTIONS, type PermissionAction } from '../lib/request-context';
import type { IdentityContext } from './context-resolver';
import type { PermissionSubject } from './permission-matrix-store';

const bad = (field: string, message: string, problem: string): ApiError => new ApiError(400, message, { errors: { [field]: [problem] } });

/** 'role:12' or 'user:7' -> the subject; anything else a 400 naming `subject`. */
export function parseSubject(raw: unknown): PermissionSubject {
  const match = typeof raw === 'string' ? /^(role|user):(\d{1,15})$/.exec(raw) : null;
  if (!match) throw bad('subject', "The subject must be 'role:<oid>' or 'user:<oid>'.", "must be 'role:<oid>' or 'user:<oid>'");
  const oid = Number(match[2]);
  return match[1] === 'role' ? { roleOid: oid } : { userOid: oid };
}

/** The subject back as 'role:12' / 'user:7'. */
export function subjectKey(subject: PermissionSubject): string {
  return 'roleOid' in subject ? `role:${subject.roleOid}` : `user:${subject.userOid}`;
}

/** One of the six actions; absent means Read. */
export function parseAction(raw: unknown): PermissionAction {
  if (raw === undefined || raw === null || raw === '') return 'Read';
  if (typeof raw !== 'string' || !(PERMISSION_ACTIONS as readonly string[]).includes(raw)) {
    throw bad('action', `The action must be one of ${PERMISSION_ACTIONS.join(', ')}.`, `must be one of ${PERMISSION_ACTIONS.join(', ')}`);
  }
  return raw as PermissionAction;
}

/** A permission path like /data/area (whole segments, no trailing slash), or '/'. */
export function parsePath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 300 || !/^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/.test(raw)) {
    throw bad('path', 'The path must look like /data/area.', 'must look like /data/area');
  }
  return raw;
}

/** A tenant oid or null (the Global column). */
export function parseTenantOid(raw: unknown, field = 'tenantOid'): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw;
  throw bad(field, `The ${field} must be a tenant oid or null for Global.`, 'must be a tenant oid or null');
}

/** A route's :oid. */
export function parseOid(raw: string | undefined, field = 'oid'): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw bad(field, `The ${field} must be a whole number.`, 'must be a whole number');
  return Number(raw);
}

/** true, false or null (inherit). */
export function parseDecision(raw: unknown, field = 'value'): boolean | null {
  if (raw === null || typeof raw === 'boolean') return raw;
  throw bad(field, `The ${field} must be true, false or null.`, 'must be true, false or null');
}

/** Every call of the permission administration needs Read on /admin/permissions; changes need Update too. */
export const ADMIN_PERMISSIONS_PATH = '/admin/permissions';

/** Throws 403 unless the caller may read (and, for `change`, update) permissions, in `tenantOid` when given. */
export function requirePermissionAdmin(context: IdentityContext, change: boolean, tenantOid?: number | null): void {
  const tenant = tenantOid ?? undefined;
  if (!context.can(ADMIN_PERMISSIONS_PATH, 'Read', tenant)) {
    throw new ApiError(403, `Administering permissions needs the permission Read on ${ADMIN_PERMISSIONS_PATH}${tenant === undefined ? '' : ` in tenant ${tenant}`}.`);
  }
  if (change && !context.can(ADMIN_PERMISSIONS_PATH, 'Update', tenant)) {
    throw new ApiError(403, `Changing permissions needs the permission Update on ${ADMIN_PERMISSIONS_PATH}${tenant === undefined ? '' : ` in tenant ${tenant}`}.`);
  }
}
