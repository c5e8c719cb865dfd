import { useEffect, useEffectEvent, useState } from 'react';
import type { CompiledEntity } from '../../../schemas';
import { ApiRequestError } from '../../lib/api/api-error';
import type { DataApi, DataRecord, DetailPage } from './data-api';
import { DETAILS_MIN_BUSY_MS, withMinimumDuration } from './minimum-duration';

/**
 * One detail view of a row as it came back: its page, 'not-permitted' when the server refuses the user the related
 * kind (403: e.g. a tenant-scoped kind for a user without a tenant), or 'faulted' for any other failure.
 */
export type DetailViewResult =
  | { id: string; status: 'ready'; page: DetailPage }
  | { id: string; status: 'not-permitted' }
  | { id: string; status: 'faulted'; error: unknown };

/**
 * The details of a row: fetching, ready (the fresh record and each detail view as it came back), not permitted
 * (the server refuses the user the record itself) or faulted.
 */
export type RowDetailsState =
  | { phase: 'fetching' }
  | { phase: 'ready'; record: DataRecord; etag: string | undefined; views: DetailViewResult[] }
  | { phase: 'not-permitted' }
  | { phase: 'gone' }
  | { phase: 'faulted'; error: unknown };

const isForbidden = (error: unknown) => error instanceof ApiRequestError && error.status === 403;
const isGone = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** What a failed read of the record itself means to the user: not theirs to see, deleted meanwhile, or a fault. */
function failedPhase(error: unknown): RowDetailsState {
  if (isForbidden(error)) return { phase: 'not-permitted' };
  if (isGone(error)) return { phase: 'gone' };
  return { phase: 'faulted', error };
}

/** A detail view never takes the record down with it: what it cannot show stays its own answer. */
export async function loadDetailView(api: DataApi, oid: unknown, id: string): Promise<DetailViewResult> {
  try {
    return { id, status: 'ready', page: await api.details(oid, id) };
  } catch (error) {
    return isForbidden(error) ? { id, status: 'not-permitted' } : { id, status: 'faulted', error };
  }
}

/**
 * Loads a row's details when it is extended: the record read conditionally with its ETag (304 keeps the row as
 * it is) and every detail view of the kind, each on its own, so that a view the user may not see (or that fails)
 * leaves the record and the other views shown; busy for at least 333 ms.
 *
 * A new version of the row already shown (its editor saved it, or the hub brought a change from elsewhere) is read
 * again behind what shows: the state stays ready until the answer replaces it. Going back to 'fetching' would take the
 * editor down and mount it anew, which lost the focus (an Escape after Ctrl+Enter then closed nothing) and applied
 * the F2 focus request a second time (issue 14).
 */
export function useRowDetails(api: DataApi, compiled: CompiledEntity, row: DataRecord, reloadKey = 0): RowDetailsState {
  const oid = row.Oid;
  const rowEtag = typeof row.ETag === 'string' ? row.ETag : undefined;
  // The last answer and the read it answers. A new read shows 'fetching' unless ready details of the row show.
  const [answer, setAnswer] = useState<{ read?: DetailsRead; state: RowDetailsState }>({ state: { phase: 'fetching' } });
  const read: DetailsRead = { api, compiled, oid, rowEtag, reloadKey };
  const state: RowDetailsState = (answer.read && sameRead(answer.read, read)) || isReadyFor(answer.state, oid) ? answer.state : { phase: 'fetching' };
  // What shows and the row as they are when the effect starts: neither is a reason to read again.
  const current = useEffectEvent(() => ({ refresh: isReadyFor(state, oid), row }));
  useEffect(() => {
    let live = true;
    const { refresh, row } = current();
    const read = { api, compiled, oid, rowEtag, reloadKey };
    const work = Promise.all([api.read(oid, rowEtag), Promise.all(compiled.details.map((d) => loadDetailView(api, oid, d.id)))]);
    (refresh ? work : withMinimumDuration(work, DETAILS_MIN_BUSY_MS)).then(
      ([fresh, views]) => live && setAnswer({ read, state: { phase: 'ready', record: fresh?.record ?? row, etag: fresh?.etag ?? rowEtag, views } }),
      // A failed read behind ready details keeps them: the editor's save still checks the version (If-Match).
      (error: unknown) => live && !refresh && setAnswer({ read, state: failedPhase(error) }),
    );
    return () => {
      live = false;
    };
    // The row object changes on every list update; its key and version are what matter.
  }, [api, compiled, oid, rowEtag, reloadKey]);
  return state;
}

interface DetailsRead {
  api: DataApi;
  compiled: CompiledEntity;
  oid: unknown;
  rowEtag: string | undefined;
  reloadKey: number;
}

function sameRead(a: DetailsRead, b: DetailsRead): boolean {
  return a.api === b.api && a.compiled === b.compiled && a.oid === b.oid && a.rowEtag === b.rowEtag && a.reloadKey === b.reloadKey;
}

/** Ready details of the row `oid`: a new read of it goes on behind them. */
function isReadyFor(state: RowDetailsState, oid: unknown): boolean {
  return state.phase === 'ready' && state.record.Oid === oid;
}
