import type { DocumentIssue } from '../../schemas/document-issue';

/** JSON text with object keys sorted, so two documents that differ only in key order compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two documents hold the same JSON, key order aside. */
export function sameDocument(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/**
 * A document that changed while its `version` stayed: legal, but whatever is keyed by the version (the compiled
 * schemas each server caches, `area/entity@version:locale`, and what browsers keep of them) may go on serving the
 * old one. Said as a warning (start log, npm run schema:check), with the number to use.
 */
export function versionNotBumped(file: string, previous: unknown, current: unknown): DocumentIssue | undefined {
  if (previous === null || typeof previous !== 'object' || current === null || typeof current !== 'object') return undefined;
  const before = (previous as { version?: unknown }).version;
  const now = (current as { version?: unknown }).version;
  if (before !== now || canonical(previous) === canonical(current)) return undefined;
  const next = typeof now === 'number' ? ` (to ${now + 1}, say)` : '';
  return {
    file,
    path: '/version',
    message: `the document changed but its version did not (still ${JSON.stringify(now)}): raise it${next}, or servers and browsers that keep the compiled version ${JSON.stringify(now)} go on using the old one`,
  };
}
