/**
 * The saves this tab made itself, so that the hub's message about one of them is not taken for a change made
 * elsewhere. The message can arrive before the save's own answer (PostgreSQL notifies at commit, the answer still
 * has to travel): until the answer is in, the record's new ETag is unknown, so a message for a record with a save
 * under way waits for that save, then is compared with the ETag the save produced.
 */

/** How many own ETags are remembered; older ones are long past any message about them. */
const REMEMBERED = 200;

const bare = (etag: unknown) => String(etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');
const recordKey = (kind: string, oid: unknown) => `${kind.toLowerCase()}|${String(oid)}`;

const pendingUpdates = new Map<string, Set<Promise<unknown>>>();
const pendingCreates = new Map<string, Set<Promise<unknown>>>();
const ownVersions: string[] = [];

function remember(kind: string, oid: unknown, etag: unknown): void {
  ownVersions.push(`${recordKey(kind, oid)}|${bare(etag)}`);
  if (ownVersions.length > REMEMBERED) ownVersions.splice(0, ownVersions.length - REMEMBERED);
}

function track(map: Map<string, Set<Promise<unknown>>>, key: string, work: Promise<unknown>): void {
  const set = map.get(key) ?? new Set();
  map.set(key, set);
  set.add(work);
  const done = () => {
    set.delete(work);
    if (set.size === 0) map.delete(key);
  };
  work.then(done, done);
}

/**
 * Runs a save of this tab and remembers the version it produced. `oid` is undefined for a create; `versionOf`
 * reads the new record's oid and ETag from the save's result (undefined when it stored nothing).
 */
export function trackOwnSave<T>(kind: string, oid: unknown, save: () => Promise<T>, versionOf: (result: T) => { oid: unknown; etag: unknown } | undefined): Promise<T> {
  const work = save().then((result) => {
    const version = versionOf(result);
    if (version) remember(kind, version.oid, version.etag);
    return result;
  });
  if (oid === undefined || oid === null) track(pendingCreates, kind.toLowerCase(), work);
  else track(pendingUpdates, recordKey(kind, oid), work);
  return work;
}

/** Whether a save of this record (or, for a record not known yet, a create of its kind) is under way. */
export function ownSavePending(kind: string, oid: unknown): boolean {
  return pendingUpdates.has(recordKey(kind, oid)) || pendingCreates.has(kind.toLowerCase());
}

/** Whether the version `etag` of the record is one this tab saved; waits for this tab's saves under way first. */
export async function isOwnVersion(kind: string, oid: unknown, etag: unknown): Promise<boolean> {
  const waiting = [...(pendingUpdates.get(recordKey(kind, oid)) ?? []), ...(pendingCreates.get(kind.toLowerCase()) ?? [])];
  await Promise.allSettled(waiting);
  return ownVersions.includes(`${recordKey(kind, oid)}|${bare(etag)}`);
}

/** What is remembered of a record this tab deleted: the hub's delete message carries the last version's tag instead. */
const DELETED = '\u0000deleted';

/** Runs a delete of this tab and remembers it, so that the hub's message about it is not shown as a delete from elsewhere. */
export function trackOwnDelete<T>(kind: string, oid: unknown, remove: () => Promise<T>): Promise<T> {
  return trackOwnSave(kind, oid, remove, () => ({ oid, etag: DELETED }));
}

/** Whether this tab deleted the record; waits for this tab's writes of it under way first. */
export function isOwnDelete(kind: string, oid: unknown): Promise<boolean> {
  return isOwnVersion(kind, oid, DELETED);
}
