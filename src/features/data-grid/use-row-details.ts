import { useEffect, useState } from 'react';
import type { CompiledEntity } from '../../../schemas';
import type { DataApi, DataRecord, DetailPage } from './data-api';
import { DETAILS_MIN_BUSY_MS, withMinimumDuration } from './minimum-duration';

/** The details of a row: fetching, ready (the fresh record and the detail views) or faulted. */
export type RowDetailsState =
  | { phase: 'fetching' }
  | { phase: 'ready'; record: DataRecord; etag: string | undefined; views: DetailPage[] }
  | { phase: 'faulted'; error: unknown };

/**
 * Loads a row's details when it is extended: the record read conditionally with its ETag (304 keeps the row as
 * it is) and every detail view of the kind; busy for at least 333 ms.
 */
export function useRowDetails(api: DataApi, compiled: CompiledEntity, row: DataRecord, reloadKey = 0): RowDetailsState {
  const [state, setState] = useState<RowDetailsState>({ phase: 'fetching' });
  const oid = row.Oid;
  const rowEtag = typeof row.ETag === 'string' ? row.ETag : undefined;
  useEffect(() => {
    let live = true;
    setState({ phase: 'fetching' });
    const work = Promise.all([api.read(oid, rowEtag), Promise.all(compiled.details.map((d) => api.details(oid, d.id)))]);
    withMinimumDuration(work, DETAILS_MIN_BUSY_MS).then(
      ([fresh, views]) => live && setState({ phase: 'ready', record: fresh?.record ?? row, etag: fresh?.etag ?? rowEtag, views }),
      (error: unknown) => live && setState({ phase: 'faulted', error }),
    );
    return () => {
      live = false;
    };
    // The row object changes on every list update; its key and version are what matter.
  }, [api, compiled, oid, rowEtag, reloadKey]);
  return state;
}
