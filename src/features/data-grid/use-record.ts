import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api/api-error';
import type { DataApi, DataRecord } from './data-api';

/** A record read by its key: loading, found (with its version tag), missing (404) or failed. */
export type RecordState = { phase: 'loading' } | { phase: 'found'; record: DataRecord; etag: string } | { phase: 'missing' } | { phase: 'failed'; error: unknown };

/** Reads one record of the kind for the full-page editor; a record that does not exist (404) is 'missing'. */
export function useRecord(api: DataApi, oid: string): RecordState {
  const [state, setState] = useState<RecordState>({ phase: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ phase: 'loading' });
    api.read(oid).then(
      (read) => live && setState(read ? { phase: 'found', record: read.record, etag: read.etag } : { phase: 'missing' }),
      (error: unknown) => live && setState(error instanceof ApiRequestError && (error.status === 404 || error.status === 400) ? { phase: 'missing' } : { phase: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [api, oid]);
  return state;
}
