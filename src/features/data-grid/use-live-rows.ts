import { useCallback, useReducer } from 'react';
import { useDataEvents } from '../../lib/hub/hub-provider';
import type { DataApi, DataRecord } from './data-api';
import { liveChangesReducer, liveMarkOf, NO_LIVE_CHANGES } from './live-changes';
import { isOwnDelete, isOwnVersion } from './own-writes';
import { useLatest } from '../../lib/ui/use-latest';

/** ETags come quoted from headers and bare in records and hub messages. */
const bare = (etag: unknown) => String(etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');

/** Up to this many new records are read one by one to be shown; more (an import) are shown by searching again. */
export const MAX_NEW_ROWS_READ = 50;

/** What the grid does with the rows the hub tells about. */
export interface LiveRowsTarget {
  rows: DataRecord[];
  /** Replaces a loaded row in place. */
  patchRow: (oid: unknown, record: DataRecord) => void;
  /** Puts a record first. */
  prependRow: (record: DataRecord) => void;
  /** A loaded row was read again after a change elsewhere (the open row's details follow it when unedited). */
  onRowRead?: (record: DataRecord, etag: string) => void;
}

/**
 * Keeps the loaded rows live through the hub's data messages (live-changes.ts): a row changed elsewhere is read
 * again, replaced in place and marked; a deleted one is marked, not removed; new records are counted and, when the
 * user asks (`showNew`), read and put first, marked as new, without moving the scroll position. A message about
 * this tab's own save changes nothing, also when it arrives before the save's answer (own-writes.ts).
 */
export function useLiveRows(api: DataApi, target: LiveRowsTarget) {
  const [changes, dispatch] = useReducer(liveChangesReducer, NO_LIVE_CHANGES);
  const latestRef = useLatest({ target, changes });
  const [area = '', entity = ''] = api.kind.split('/');

  useDataEvents(area, entity, (type, message) => {
    const row = latestRef.current.target.rows.find((r) => r.Oid === message.oid);
    if (type === 'DataServiceCreate') {
      if (row) return;
      void isOwnVersion(api.kind, message.oid, message.etag).then((own) => {
        if (!own) dispatch({ type: 'created', oid: message.oid });
      });
      return;
    }
    if (type === 'DataServiceDelete') {
      // Only news of a row shown or counted; this tab's own delete removes its row itself.
      if (!row && !latestRef.current.changes.created.includes(message.oid)) return;
      void isOwnDelete(api.kind, message.oid).then((own) => {
        if (!own) dispatch({ type: 'deleted', oid: message.oid });
      });
      return;
    }
    if (!row || bare(row.ETag) === bare(message.etag)) return;
    // This tab's own save may announce itself before its answer has updated the row: not a change made elsewhere.
    void isOwnVersion(api.kind, message.oid, message.etag)
      .then(async (own) => {
        if (own) return;
        const answer = await api.read(message.oid);
        if (!answer) return;
        latestRef.current.target.patchRow(message.oid, answer.record);
        latestRef.current.target.onRowRead?.(answer.record, answer.etag);
        dispatch({ type: 'changed', oid: message.oid });
      })
      .catch(() => undefined);
  });

  /**
   * Reads the records created elsewhere and puts them first (the last one heard at the top). Answers false when
   * there are too many to read one by one: the caller then searches again.
   */
  const showNew = useCallback(async (): Promise<boolean> => {
    const oids = latestRef.current.changes.created;
    if (oids.length > MAX_NEW_ROWS_READ) return false;
    // One that is gone again (404) or unreadable is simply not shown.
    const read = await Promise.all(oids.map((oid) => api.read(oid).catch(() => null)));
    for (const answer of read) if (answer) latestRef.current.target.prependRow(answer.record);
    dispatch({ type: 'shown', oids });
    return true;
  }, [api, latestRef]);

  const markOf = useCallback((oid: unknown) => liveMarkOf(changes, oid), [changes]);
  const clear = useCallback(() => dispatch({ type: 'cleared' }), []);
  return { changes, markOf, showNew, clear };
}
