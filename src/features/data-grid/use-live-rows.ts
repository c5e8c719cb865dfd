import { useCallback, useRef, useState } from 'react';
import { useDataEvents } from '../../lib/hub/hub-provider';
import type { DataApi, DataRecord } from './data-api';
import { isOwnVersion } from './own-writes';

/** ETags come quoted from headers and bare in records and hub messages. */
const bare = (etag: unknown) => String(etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');

/** What changed elsewhere since the list was loaded. */
export interface LiveChanges {
  /** Oids of loaded rows another session changed (already updated in place). */
  changed: ReadonlySet<unknown>;
  /** Records created elsewhere: counted, not inserted, so the scroll position stays. */
  created: number;
}

const NONE: LiveChanges = { changed: new Set(), created: 0 };

/**
 * Keeps the loaded rows live through the hub's data messages: a changed row is read again and replaced in place,
 * a deleted one removed, new ones counted until the next search. A message about this tab's own save changes
 * nothing, also when it arrives before the save's answer (own-writes.ts).
 */
export function useLiveRows(api: DataApi, rows: DataRecord[], patchRow: (oid: unknown, record: DataRecord | null) => void) {
  const [changes, setChanges] = useState<LiveChanges>(NONE);
  const shown = useRef(rows);
  shown.current = rows;
  const [area = '', entity = ''] = api.kind.split('/');

  useDataEvents(area, entity, (type, message) => {
    const row = shown.current.find((r) => r.Oid === message.oid);
    if (type === 'DataServiceCreate') {
      if (row) return;
      void isOwnVersion(api.kind, message.oid, message.etag).then((own) => {
        if (!own) setChanges((c) => ({ ...c, created: c.created + 1 }));
      });
      return;
    }
    if (!row) return;
    if (type === 'DataServiceDelete') return patchRow(message.oid, null);
    if (bare(row.ETag) === bare(message.etag)) return;
    // This tab's own save may announce itself before its answer has updated the row: not a change made elsewhere.
    void isOwnVersion(api.kind, message.oid, message.etag)
      .then(async (own) => {
        if (own) return;
        const answer = await api.read(message.oid);
        if (!answer) return;
        patchRow(message.oid, answer.record);
        setChanges((c) => ({ ...c, changed: new Set(c.changed).add(message.oid) }));
      })
      .catch(() => undefined);
  });

  const clear = useCallback(() => setChanges(NONE), []);
  return { ...changes, clear };
}
