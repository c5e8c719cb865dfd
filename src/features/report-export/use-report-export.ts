import { useCallback, useEffect, useRef, useState } from 'react';
import { apiStream } from '../../lib/api/api-client';
import { ApiRequestError } from '../../lib/api/api-error';
import { fileNameOf, readExportStream, saveFile, type ExportProgress } from './read-export-stream';

/** The formats of the export route. */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Where an export is: not started, reading (with progress), saved, failed (with the reason), cancelled. */
export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; format: ExportFormat; progress: ExportProgress }
  | { phase: 'done'; format: ExportFormat; name: string; progress: ExportProgress }
  /** `reason`: the server's refusal; `brokenAfter`: rows read before the server cut a file that had begun. */
  | { phase: 'failed'; reason: string | undefined; brokenAfter?: number }
  | { phase: 'cancelled' };

/** The run parameters as the route's query. */
export type ExportParameters = Record<string, string | number | undefined>;

/**
 * The controller of the export page: starts an export of `group/type` in a format, reads the streamed answer with
 * progress, saves the file under the server's name, and cancels through an AbortController (also when the page goes).
 */
export function useReportExport(group: string, type: string, locale: string) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat, parameters: ExportParameters) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const empty: ExportProgress = { bytes: 0, rows: 0, total: undefined };
      setState({ phase: 'running', format, progress: empty });
      let last = empty;
      let began = false;
      try {
        const response = await apiStream(`/api/reports/${group}/${type}/export.${format}`, { query: { ...parameters, lang: locale }, signal: abort.signal });
        began = true;
        const blob = await readExportStream(response, format === 'csv', (progress) => {
          last = progress;
          setState({ phase: 'running', format, progress });
        });
        const name = fileNameOf(response.headers.get('content-disposition'), `${group}-${type}.${format}`);
        saveFile(blob, name);
        setState({ phase: 'done', format, name, progress: last });
      } catch (error) {
        if (abort.signal.aborted) return setState({ phase: 'cancelled' });
        setState({ phase: 'failed', reason: error instanceof ApiRequestError ? error.message : undefined, ...(began ? { brokenAfter: last.rows } : {}) });
      } finally {
        if (controller.current === abort) controller.current = undefined;
      }
    },
    [group, type, locale],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
