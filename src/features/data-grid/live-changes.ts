/**
 * What another session did to the rows a grid has loaded since its last search, as the hub told it: rows changed
 * (already replaced in place) or deleted (kept, marked, until the next search), records created (counted, read and
 * put first only when the user asks, so the rows being read do not move) and the new ones the user chose to see.
 * Pure, so the grid's hook and its tests share it.
 */
export interface LiveChanges {
  /** Loaded rows changed elsewhere. */
  changed: ReadonlySet<unknown>;
  /** Loaded rows deleted elsewhere. */
  deleted: ReadonlySet<unknown>;
  /** Oids of records created elsewhere and not shown yet, in the order heard. */
  created: readonly unknown[];
  /** Records created elsewhere that the user chose to see: they stand first, marked as new. */
  shown: ReadonlySet<unknown>;
}

/** One thing the hub or the user did to the live changes. */
export type LiveChange =
  | { type: 'changed'; oid: unknown }
  | { type: 'deleted'; oid: unknown }
  | { type: 'created'; oid: unknown }
  /** The user asked to see the records created elsewhere; these were read and put first. */
  | { type: 'shown'; oids: readonly unknown[] }
  /** A new search replaced the rows. */
  | { type: 'cleared' };

export const NO_LIVE_CHANGES: LiveChanges = { changed: new Set(), deleted: new Set(), created: [], shown: new Set() };

const withOid = (set: ReadonlySet<unknown>, oid: unknown) => (set.has(oid) ? set : new Set(set).add(oid));
const withoutOid = (set: ReadonlySet<unknown>, oid: unknown) => {
  if (!set.has(oid)) return set;
  const next = new Set(set);
  next.delete(oid);
  return next;
};

export function liveChangesReducer(state: LiveChanges, change: LiveChange): LiveChanges {
  switch (change.type) {
    case 'changed':
      // A deleted row stays deleted: a late update message does not bring it back.
      return state.deleted.has(change.oid) ? state : { ...state, changed: withOid(state.changed, change.oid) };
    case 'deleted':
      // A new record deleted before it was shown leaves nothing to show.
      return { ...state, changed: withoutOid(state.changed, change.oid), deleted: withOid(state.deleted, change.oid), created: state.created.filter((oid) => oid !== change.oid) };
    case 'created':
      return state.created.includes(change.oid) || state.shown.has(change.oid) ? state : { ...state, created: [...state.created, change.oid] };
    case 'shown': {
      const shown = new Set(state.shown);
      for (const oid of change.oids) shown.add(oid);
      return { ...state, created: state.created.filter((oid) => !change.oids.includes(oid)), shown };
    }
    case 'cleared':
      return NO_LIVE_CHANGES;
  }
}

/** How a loaded row is marked: changed or deleted elsewhere, or new (created elsewhere, shown on request). */
export type LiveMark = 'changed' | 'deleted' | 'new';

export function liveMarkOf(state: LiveChanges, oid: unknown): LiveMark | undefined {
  if (state.deleted.has(oid)) return 'deleted';
  if (state.shown.has(oid)) return 'new';
  if (state.changed.has(oid)) return 'changed';
  return undefined;
}

/** Whether there is anything to tell the user about. */
export function hasLiveChanges(state: LiveChanges): boolean {
  return state.changed.size > 0 || state.deleted.size > 0 || state.created.length > 0;
}
