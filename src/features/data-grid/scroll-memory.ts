/**
 * The scroll position of a grid per history entry, so Back and Forward return to the rows the user was looking at
 * (issue 14). Kept in sessionStorage (per tab, like the history itself) under one key, the most recent entries
 * only: the list cannot grow without bound over a long session.
 */
const STORAGE_KEY = 'mate.grid-scroll';
/** How many history entries keep their grid's scroll position. */
export const REMEMBERED_ENTRIES = 50;

type Entries = [entry: string, top: number][];

function read(storage: Storage): Entries {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') : [];
  } catch {
    return []; // written by another version, or by hand: nothing to restore
  }
}

/** Keeps the scroll position of the grid of a history entry (the newest last; the oldest dropped past the limit). */
export function rememberScroll(storage: Storage, entry: string, top: number): void {
  const entries = read(storage).filter(([key]) => key !== entry);
  entries.push([entry, Math.max(0, Math.round(top))]);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(entries.slice(-REMEMBERED_ENTRIES)));
  } catch {
    // A full or disabled storage only costs the restored position.
  }
}

/** The scroll position kept for a history entry, if any. */
export function recalledScroll(storage: Storage, entry: string): number | undefined {
  return read(storage).find(([key]) => key === entry)?.[1];
}
