import { useReducer } from 'react';
import { useDataEvents, useHub } from '../../lib/hub/hub-provider';
import type { DataApi } from './data-api';
import type { EditorSession } from './editor-session';
import { ownSavePending } from './own-writes';

/** ETags come quoted from headers and bare in records and hub messages. */
const bare = (etag: string | undefined) => etag?.replace(/^W\//, '').replace(/^"|"$/g, '');

/**
 * Whether the record open in an editor was changed or deleted in another session since it was loaded, so the
 * editor can say so before the user saves. It asks the hub session for the record's last change (the editor may
 * mount after the message came, when its row was read again); saving or taking the other version moves the
 * session's ETag on, which ends the warning.
 */
export function useChangedElsewhere(api: DataApi, session: EditorSession): 'changed' | 'deleted' | undefined {
  const hub = useHub();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [area = '', entity = ''] = api.kind.split('/');
  useDataEvents(area, entity, (_type, message) => {
    if (message.oid === session.record.Oid) rerender();
  });
  if (!hub || session.isNew) return undefined;
  // While this tab saves the record, the news of that save is no change from elsewhere (its answer moves the ETag on).
  if (ownSavePending(api.kind, session.record.Oid)) return undefined;
  const last = hub.lastChange(api.kind, session.record.Oid);
  if (!last || bare(last.etag) === bare(session.etag)) return undefined;
  return last.deleted ? 'deleted' : 'changed';
}
