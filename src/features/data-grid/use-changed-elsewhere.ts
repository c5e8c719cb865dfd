import { useEffect, useEffectEvent, useReducer, useState } from 'react';
import { useDataEvents, useHub } from '../../lib/hub/hub-provider';
import { showError } from '../../lib/toasts/show-error';
import type { DataApi } from './data-api';
import { isDirty, storedSession, type EditorSession } from './editor-session';
import { ownSavePending } from './own-writes';
import { useLatest } from '../../lib/ui/use-latest';

/** ETags come quoted from headers and bare in records and hub messages. */
const bare = (etag: string | undefined) => etag?.replace(/^W\//, '').replace(/^"|"$/g, '');

/** What an editor knows of its record's fate in other sessions. */
export interface ChangedElsewhere {
  /** Changed or deleted elsewhere since it was loaded, and the user has not said to keep editing; else undefined. */
  state: 'changed' | 'deleted' | undefined;
  /** Reads the other version into the editor (the user's unsaved edits go). */
  loadOther: () => Promise<void>;
  /** Keeps editing: the notice goes until the record changes again (saving then opens the conflict resolver). */
  keepEditing: () => void;
}

/**
 * Whether the record open in an editor was changed or deleted in another session since it was loaded, so the
 * editor can say so before the user saves. It asks the hub session for the record's last change (the editor may
 * mount after the message came, when its row was read again). An editor without edits simply follows: it reads the
 * other version in place. Saving or taking the other version moves the session's ETag on, which ends the notice.
 */
export function useChangedElsewhere(api: DataApi, session: EditorSession, onSessionChange: (session: EditorSession) => void): ChangedElsewhere {
  const hub = useHub();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [keptAt, setKeptAt] = useState<string>();
  const latestRef = useLatest({ session, onSessionChange });
  const [area = '', entity = ''] = api.kind.split('/');
  useDataEvents(area, entity, (_type, message) => {
    if (message.oid === session.record.Oid) rerender();
  });

  const last = hub && !session.isNew ? hub.lastChange(api.kind, session.record.Oid) : undefined;
  // While this tab saves the record, the news of that save is no change from elsewhere (its answer moves the ETag on).
  const moved = last !== undefined && !ownSavePending(api.kind, session.record.Oid) && bare(last.etag) !== bare(session.etag);
  const fate = moved ? (last.deleted ? 'deleted' : 'changed') : undefined;

  /** Reads the other version into the editor; when following, only while the user still has not typed anything. */
  const read = async (following: boolean) => {
    const oid = latestRef.current.session.record.Oid;
    try {
      const fresh = await api.read(oid);
      // Still the same record (the user may have moved on while it was read), and no keystroke thrown away.
      const now = latestRef.current.session;
      if (fresh && now.record.Oid === oid && !(following && isDirty(now))) latestRef.current.onSessionChange(storedSession(fresh.record, fresh.etag));
    } catch (error) {
      showError(error);
    }
  };
  const loadOther = () => read(false);

  const follows = fate === 'changed' && !isDirty(session);
  const otherEtag = last?.etag;
  const follow = useEffectEvent(() => void read(true));
  useEffect(() => {
    if (follows) follow();
  }, [follows, otherEtag]);

  const kept = keptAt !== undefined && keptAt === `${last?.etag}|${String(last?.deleted)}`;
  return {
    state: fate && !follows && !kept ? fate : undefined,
    loadOther,
    keepEditing: () => setKeptAt(`${last?.etag}|${String(last?.deleted)}`),
  };
}
