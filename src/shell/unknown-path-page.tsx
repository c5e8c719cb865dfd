import { Navigate } from 'react-router';
import useSWR from 'swr';
import { apiGet } from '../lib/api/api-client';
import { useBasePath, usePagePath } from './base-path';
import { BusyHourglass } from './busy-hourglass';
import { NotFoundPage } from './not-found-page';

/**
 * A path outside the user's navigation (which holds only what they may open): the server says whether a page owns
 * it (forbidden, spec 1 §4 "Page access") or not (not found). Without an answer the path counts as not found.
 */
export function UnknownPathPage() {
  const base = useBasePath();
  const path = usePagePath();
  const access = useSWR<{ page: string | null }>(['/api/ui/page-access', path], ([url, requested]: [string, string]) => apiGet(url, { path: requested }), { revalidateOnFocus: false });
  if (access.isLoading) return <BusyHourglass />;
  const page = access.data?.page;
  if (page) return <Navigate to={`${base}/forbidden?requested=${encodeURIComponent(page)}`} replace />;
  return <NotFoundPage />;
}
