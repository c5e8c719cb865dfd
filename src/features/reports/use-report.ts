import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ReportGrouping } from '../../../schemas';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { ApiRequestError } from '../../lib/api/api-error';
import type { ReportInfo, ReportResult } from './report-types';

/** What the form holds: empty strings for "not chosen". */
export interface ReportFormValues {
  from: string;
  to: string;
  location: string;
  grouping: ReportGrouping | '';
}

/** The report of a path `/report/{group}/{type}` (the navigation item's path). */
export function reportOfPath(path: string): { group: string; type: string } | undefined {
  const match = /^\/report\/([^/]+)\/([^/]+)$/.exec(path);
  return match ? { group: match[1]!, type: match[2]! } : undefined;
}

function initialValues(info: ReportInfo, search: URLSearchParams): ReportFormValues {
  const range = info.parameters.find((p) => p.kind === 'dateRange');
  const grouping = info.parameters.find((p) => p.kind === 'grouping');
  const searched = search.get('grouping') as ReportGrouping | null;
  return {
    from: search.get('from') ?? (range?.kind === 'dateRange' ? range.default.from : ''),
    to: search.get('to') ?? (range?.kind === 'dateRange' ? range.default.to : ''),
    location: search.get('location') ?? '',
    grouping: grouping?.kind === 'grouping' ? (searched && grouping.options.includes(searched) ? searched : grouping.default) : '',
  };
}

/** The run body of form values: only the members the report has parameters for. */
export function runBody(info: ReportInfo, values: ReportFormValues): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  const has = (kind: string) => info.parameters.some((p) => p.kind === kind);
  if (has('dateRange')) {
    if (values.from) body.from = values.from;
    if (values.to) body.to = values.to;
  }
  if (has('location') && values.location) body.location = Number(values.location);
  if (has('grouping') && values.grouping) body.grouping = values.grouping;
  return body;
}

/**
 * The report page's controller: the definition (GET), the form values (from the URL's query, else the defaults),
 * running (POST .../run) and its result or failure. The first run starts once the definition is there; later runs
 * when the user asks, and the query of the URL follows the parameters run, so the page can be shared and reloaded.
 */
export function useReport(group: string, type: string) {
  const [search, setSearch] = useSearchParams();
  const definition = useSWR(`/api/reports/${group}/${type}`, (path: string) => apiGet<ReportInfo>(path));
  const info = definition.data;
  const [values, setValues] = useState<ReportFormValues | undefined>();
  const [result, setResult] = useState<ReportResult | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [running, setRunning] = useState(false);
  const generation = useRef(0);

  /** Posts the run `mine` and takes its answer, unless a later run started meanwhile. */
  const post = useCallback(
    (mine: number, next: ReportFormValues): Promise<void> => {
      if (!info) return Promise.resolve();
      const body = runBody(info, next);
      return apiCall<ReportResult>(`/api/reports/${group}/${type}/run`, { method: 'POST', body })
        .then(
          (answer) => {
            if (mine !== generation.current) return;
            setResult(answer.data);
            setSearch(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), { replace: true });
          },
          (error: unknown) => {
            if (mine !== generation.current) return;
            setResult(undefined);
            setFailure(error instanceof ApiRequestError ? error.body.message : error instanceof Error ? error.message : String(error));
          },
        )
        .finally(() => {
          if (mine === generation.current) setRunning(false);
        });
    },
    [info, group, type, setSearch],
  );

  const run = useCallback(
    async (next: ReportFormValues) => {
      if (!info) return;
      const mine = ++generation.current;
      setRunning(true);
      setFailure(undefined);
      await post(mine, next);
    },
    [info, post],
  );

  // The first run, with the URL's parameters or the defaults, as soon as the definition is known: its values and
  // its running state are set while rendering, the effect only sends it.
  const [first, setFirst] = useState<ReportFormValues>();
  if (info && !values) {
    const initial = initialValues(info, search);
    setValues(initial);
    setFirst(initial);
    setRunning(true);
  }
  const postFirst = useEffectEvent((initial: ReportFormValues) => void post(++generation.current, initial));
  useEffect(() => {
    if (first) postFirst(first);
  }, [first]);

  return useMemo(
    () => ({
      info,
      definitionError: definition.error as unknown,
      loading: definition.isLoading,
      values,
      setValues,
      run: () => (values ? run(values) : Promise.resolve()),
      result,
      failure,
      running,
    }),
    [info, definition.error, definition.isLoading, values, run, result, failure, running],
  );
}
