import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api/api-error';
import type { DataApi, DataRecord } from './data-api';

/** A record read by its key: loading, found (with its version tag), missing (404) or failed. */
export type RecordState = { phase: 'loading' } | { phase: 'found'; record: DataRecord; etag: string } | { phase: 'missing' } | { phase: 'failed'; error: unknown };

/** Reads one record of the kind for the full-page editor; a record that does not exist (404) is 'missing'. */
const LOADING: RecordState = { phase: 'loading' };

export function useRecord(api: DataApi, oid: string): RecordState {
  // The answer with the read it answers: another kind or key is loading until its own answer is in.
  const [answer, setAnswer] = useState<{ api: DataApi; oid: string; state: RecordState }>();
  useEffect(() => {
    let live = true;
    const answered = (state: RecordState) => live && setAnswer({ api, oid, state });
    api.read(oid).then(
      (read) => answered(read ? { phase: 'found', record: read.record, etag: read.etag } : { phase: 'missing' }),
      (error: unknown) => answered(error instanceof ApiRequestError && (error.status === 404 || error.status === 400) ? { phase: 'missing' } : { phase: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [api, oid]);
  return answer?.api === api && answer.oid === oid ? answer.state : LOADING;
}
