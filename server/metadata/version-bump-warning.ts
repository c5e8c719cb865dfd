import type { DocumentIssue } from '../../schemas/document-issue';

/**
 * Whether two JSON values are equal, key order aside (a member holding `undefined` counts as absent, as in JSON
 * text). Compared in place: a start compares every kind's stored document with its file, and building sorted JSON
 * text of both took most of a second of CPU for the shipped catalogue.
 */
export function sameDocument(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameDocument(item, b[index]));
  }
  const left = Object.entries(a).filter(([, item]) => item !== undefined);
  const right = b as Record<string, unknown>;
  if (left.length !== Object.values(right).filter((item) => item !== undefined).length) return false;
  return left.every(([key, item]) => Object.hasOwn(right, key) && sameDocument(item, right[key]));
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
  if (before !== now || sameDocument(previous, current)) return undefined;
  const next = typeof now === 'number' ? ` (to ${now + 1}, say)` : '';
  return {
    file,
    path: '/version',
    message: `the document changed but its version did not (still ${JSON.stringify(now)}): raise it${next}, or servers and browsers that keep the compiled version ${JSON.stringify(now)} go on using the old one`,
  };
}
