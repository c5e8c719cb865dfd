import type { Locale, NavigationItem } from '../../schemas/entity-document';
import { ancestorPaths } from './effective-permission';

/** A decision as the matrix shows it: true allowed, false denied, null inherit (no stored row). */
export type MatrixDecision = boolean | null;

/** One row of the permission tree before decisions are filled in. */
export interface PermissionTreeNode {
  p: string;
  /** The nearest ancestor path that is a row too; null for '/'. */
  pp: string | null;
  text: string;
}

/** A row of the matrix answer (spec 1 §3 "permission tree entry"). */
export interface PermissionMatrixRow extends PermissionTreeNode {
  e: MatrixDecision;
  tenants: Record<string, MatrixDecision>;
}

/** One stored decision of one subject for one action. */
export interface SubjectDecision {
  path: string;
  tenantOid: number | null;
  allowed: boolean;
}

/** 'de-CH,de;q=0.9' -> ['de-CH', 'de', 'en']: the languages to try for a title, English last. */
export function titleLanguages(acceptLanguage: string | undefined): string[] {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const languages = first ? [first, first.split('-')[0]!.toLowerCase()] : [];
  return [...new Set([...languages, 'en'])];
}

function titleOf(item: NavigationItem, languages: readonly string[]): string {
  const titles = item.title as Partial<Record<Locale | string, string>>;
  for (const language of languages) {
    const title = titles[language];
    if (title) return title;
  }
  return item.path;
}

/**
 * The permission tree: '/' plus every navigation path and every extra path (stored decisions outside the
 * navigation). A row's parent is its nearest ancestor *path* among the rows, not its navigation group, because
 * permissions inherit along path segments (`/internal/test-mode` sits in the Administration menu but inherits from
 * `/`). Rows come depth-first, children in navigation order, so the browser can indent by following `pp`.
 */
export function buildPermissionTree(navigation: readonly NavigationItem[], languages: readonly string[], extraPaths: readonly string[] = []): PermissionTreeNode[] {
  const texts = new Map<string, string>([['/', '/']]);
  const walk = (items: readonly NavigationItem[]) => {
    for (const item of items) {
      if (!texts.has(item.path)) texts.set(item.path, titleOf(item, languages));
      walk(item.children ?? []);
    }
  };
  walk(navigation);
  for (const path of extraPaths) if (!texts.has(path)) texts.set(path, path);

  const children = new Map<string | null, string[]>();
  for (const path of texts.keys()) {
    const parent = path === '/' ? null : (ancestorPaths(path).slice(1).find((candidate) => texts.has(candidate)) ?? '/');
    children.set(parent, [...(children.get(parent) ?? []), path]);
  }
  const nodes: PermissionTreeNode[] = [];
  const visit = (path: string, parent: string | null) => {
    nodes.push({ p: path, pp: parent, text: texts.get(path)! });
    for (const child of children.get(path) ?? []) visit(child, path);
  };
  visit('/', null);
  return nodes;
}

/** Fills the tree with one subject's decisions: `e` the Global column, `tenants` one entry per tenant column. */
export function permissionMatrixRows(tree: readonly PermissionTreeNode[], decisions: readonly SubjectDecision[], tenantOids: readonly number[]): PermissionMatrixRow[] {
  return tree.map((node) => matrixRow(node, decisions, tenantOids));
}

/** One row of `permissionMatrixRows`. */
export function matrixRow(node: PermissionTreeNode, decisions: readonly SubjectDecision[], tenantOids: readonly number[]): PermissionMatrixRow {
  const at = (tenantOid: number | null): MatrixDecision => decisions.find((d) => d.path === node.p && d.tenantOid === tenantOid)?.allowed ?? null;
  return { ...node, e: at(null), tenants: Object.fromEntries(tenantOids.map((oid) => [String(oid), at(oid)])) };
}

/**
 * What a subject's own decisions give for a path in a column, by the server's rule for one subject: the nearest
 * path with a decision, and there the tenant's decision before Global. Nothing anywhere: not allowed.
 */
export function subjectAllows(decisions: readonly SubjectDecision[], path: string, tenantOid: number | null): boolean {
  for (const candidate of ancestorPaths(path)) {
    const tenant = tenantOid === null ? undefined : decisions.find((d) => d.path === candidate && d.tenantOid === tenantOid);
    if (tenant) return tenant.allowed;
    const global = decisions.find((d) => d.path === candidate && d.tenantOid === null);
    if (global) return global.allowed;
  }
  return false;
}

/**
 * The smallest set of changes that makes a checkbox tree column read as `wanted` (path -> allowed): parents first,
 * a path whose wish equals what it would inherit loses its own decision, any other gets one. Paths not in `wanted`
 * keep their decisions.
 */
export function checkboxChanges(decisions: readonly SubjectDecision[], wanted: ReadonlyMap<string, boolean>, tenantOid: number | null): { path: string; allowed: MatrixDecision }[] {
  const working = decisions.filter((d) => d.tenantOid === null || d.tenantOid === tenantOid).map((d) => ({ ...d }));
  const changes: { path: string; allowed: MatrixDecision }[] = [];
  const depth = (path: string) => path.split('/').filter(Boolean).length;
  for (const [path, allowed] of [...wanted].sort(([a], [b]) => depth(a) - depth(b))) {
    const mine = working.findIndex((d) => d.path === path && d.tenantOid === tenantOid);
    const without = mine >= 0 ? working.filter((_, index) => index !== mine) : working;
    const inherited = subjectAllows(without, path, tenantOid);
    if (inherited === allowed) {
      if (mine >= 0) {
        working.splice(mine, 1);
        changes.push({ path, allowed: null });
      }
    } else if (mine < 0 || working[mine]!.allowed !== allowed) {
      if (mine >= 0) working[mine]!.allowed = allowed;
      else working.push({ path, tenantOid, allowed });
      changes.push({ path, allowed });
    }
  }
  return changes;
}
