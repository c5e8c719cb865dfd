import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { useTenancy } from '../../shell/tenancy-context';
import { choiceOfParams, newSeed, paramsOfChoice } from './sheet-choice';
import type { SheetAnswer, SheetChoice } from './scan-sheet-types';

/** The sheet's path on the server (server/scan-sheet). */
export const SCAN_SHEET_API = '/api/scan-sheet';

/**
 * The sheet the URL describes (count, layout, seed), read from the server; without a seed the server draws one and
 * it is written into the URL, so a reload or a shared link shows the same articles.
 */
export function useScanSheet() {
  const [params, setParams] = useSearchParams();
  const { tenantOid } = useTenancy();
  const choice = choiceOfParams(params);
  const query = paramsOfChoice(choice);
  const swr = useSWR<SheetAnswer>([SCAN_SHEET_API, JSON.stringify(query), tenantOid], () => apiGet<SheetAnswer>(SCAN_SHEET_API, query), { keepPreviousData: true, revalidateOnFocus: false });
  // The URL changes a moment after setParams (the router navigates): two choices in quick succession (a count typed,
  // then a layout chosen) must build on each other, not on the URL the page last rendered.
  const latest = useRef(choice);
  const paramsText = params.toString();
  useEffect(() => {
    latest.current = choiceOfParams(new URLSearchParams(paramsText));
  }, [paramsText]);
  const choose = (next: Partial<SheetChoice>) => {
    latest.current = { ...latest.current, ...next };
    setParams(paramsOfChoice(latest.current), { replace: true });
  };
  const drawnSeed = choice.seed === undefined ? swr.data?.seed : undefined;
  useEffect(() => {
    if (drawnSeed !== undefined && latest.current.seed === undefined) {
      latest.current = { ...latest.current, seed: drawnSeed };
      setParams(paramsOfChoice(latest.current), { replace: true });
    }
  }, [drawnSeed, setParams]);
  return {
    choice,
    sheet: swr.data,
    loading: swr.isLoading,
    refreshing: swr.isValidating,
    error: swr.error as unknown,
    retry: () => void swr.mutate(),
    choose,
    shuffle: () => choose({ seed: newSeed() }),
    pdfUrl: `${SCAN_SHEET_API}/scan-sheet.pdf?${new URLSearchParams(query).toString()}`,
  };
}
