import type { PermissionAction } from '../lib/request-context';

/** One stored allow/deny decision of a user or of a role. `tenantOid` null is the Global column. */
export interface PermissionDecision {
  subject: 'user' | 'role';
  /** Role name, for explanations; unused for user decisions. */
  roleName?: string;
  path: string;
  tenantOid: number | null;
  action: PermissionAction;
  allowed: boolean;
}

/** The answer of `explainPermission`: the outcome and the decision that produced it (null: nothing decided). */
export interface PermissionExplanation {
  allowed: boolean;
  decidedBy: PermissionDecision | null;
  text: string;
}

/** "/data/pos-supply/article" -> ["/data/pos-supply/article", "/data/pos-supply", "/data", "/"]. */
export function ancestorPaths(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const paths: string[] = [];
  for (let n = segments.length; n > 0; n--) paths.push(`/${segments.slice(0, n).join('/')}`);
  paths.push('/');
  return paths;
}

function describe(decision: PermissionDecision): string {
  const who = decision.subject === 'user' ? "the user's own decision" : `role ${decision.roleName ?? '(unnamed)'}`;
  const column = decision.tenantOid === null ? 'Global' : `tenant ${decision.tenantOid}`;
  return `${decision.allowed ? 'allowed' : 'denied'} by ${who} for ${column} on ${decision.path}`;
}

/**
 * Picks the deciding decision, most specific first: subject (the user's own decisions before all of their
 * roles'), then path (the nearest ancestor with any decision), then column (the tenant before Global), and among
 * several roles at that same place deny beats allow. Nothing anywhere: denied.
 *
 * `decisions` must already be limited to the user and to the roles the user holds in `tenantOid`.
 */
export function explainPermission(
  decisions: readonly PermissionDecision[],
  path: string,
  action: PermissionAction,
  tenantOid: number | null,
): PermissionExplanation {
  const relevant = decisions.filter((d) => d.action === action && (d.tenantOid === null || d.tenantOid === tenantOid));
  for (const subject of ['user', 'role'] as const) {
    const own = relevant.filter((d) => d.subject === subject);
    if (own.length === 0) continue;
    for (const candidate of ancestorPaths(path)) {
      const atPath = own.filter((d) => d.path === candidate);
      if (atPath.length === 0) continue;
      const tenantColumn = atPath.filter((d) => d.tenantOid !== null);
      const column = tenantColumn.length > 0 ? tenantColumn : atPath;
      const decided = column.find((d) => !d.allowed) ?? column[0]!;
      return { allowed: decided.allowed, decidedBy: decided, text: describe(decided) };
    }
  }
  return { allowed: false, decidedBy: null, text: `denied: no decision for ${action} on ${path} or any ancestor path` };
}

/** Whether the action is allowed; see `explainPermission` for the rules. */
export function effectivePermission(
  decisions: readonly PermissionDecision[],
  path: string,
  action: PermissionAction,
  tenantOid: number | null,
): boolean {
  return explainPermission(decisions, path, action, tenantOid).allowed;
}
