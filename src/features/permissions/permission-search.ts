import type { PermissionTreeEntry } from './permission-types';

/** A parsed search: '+' terms must match, '-' terms must not, plain terms match when any of them does. */
export interface PermissionSearch {
  required: string[];
  excluded: string[];
  optional: string[];
}

/** Splits the search text at spaces into lower-cased terms (spec 1 §5); a lone '+' or '-' is ignored. */
export function parsePermissionSearch(text: string): PermissionSearch {
  const search: PermissionSearch = { required: [], excluded: [], optional: [] };
  for (const word of text.toLowerCase().split(/\s+/).filter(Boolean)) {
    if (word.startsWith('+')) {
      if (word.length > 1) search.required.push(word.slice(1));
    } else if (word.startsWith('-')) {
      if (word.length > 1) search.excluded.push(word.slice(1));
    } else search.optional.push(word);
  }
  return search;
}

/** Whether a row matches, case-insensitively, on its text or its path. */
export function matchesPermissionSearch(entry: PermissionTreeEntry, search: PermissionSearch): boolean {
  const haystack = `${entry.text}\n${entry.p}`.toLowerCase();
  const has = (term: string) => haystack.includes(term);
  if (!search.required.every(has)) return false;
  if (search.excluded.some(has)) return false;
  return search.optional.length === 0 || search.optional.some(has);
}

/** The rows to show: the matches, plus their ancestors so each match keeps its place in the tree. */
export function filterPermissionRows(rows: readonly PermissionTreeEntry[], text: string): PermissionTreeEntry[] {
  const search = parsePermissionSearch(text);
  if (!search.required.length && !search.excluded.length && !search.optional.length) return [...rows];
  const byPath = new Map(rows.map((row) => [row.p, row]));
  const keep = new Set<string>();
  for (const row of rows) {
    if (!matchesPermissionSearch(row, search)) continue;
    let current: PermissionTreeEntry | undefined = row;
    while (current && !keep.has(current.p)) {
      keep.add(current.p);
      current = current.pp ? byPath.get(current.pp) : undefined;
    }
  }
  return rows.filter((row) => keep.has(row.p));
}
