import { apiGet } from '../api/api-client';

/**
 * The page whose Read right lets a user see what a stored server fault said (the server's rule, in
 * server/identity/error-detail-access.ts: administrators, i.e. Read on the logs page).
 */
export const ERROR_DETAILS_PATH = '/diagnostics/logs';

/** The answer of `GET api/error({id})`: method and url only for those allowed to see a fault's internals. */
export interface ErrorDetail {
  id: string;
  status: number;
  message: string;
  method?: string;
  url?: string;
  createdAt: string;
}

/** Fetches a stored 5xx error by the id of its answer's header (spec 1 §8). */
export function fetchErrorDetail(errorId: string): Promise<ErrorDetail> {
  return apiGet<ErrorDetail>(`/api/error(${encodeURIComponent(errorId)})`);
}

/** Whether an answer carries a fault's internals; the server leaves them out for everyone but administrators. */
export function hasInternals(detail: ErrorDetail | undefined): detail is ErrorDetail & { method: string; url: string } {
  return typeof detail?.method === 'string' && typeof detail.url === 'string';
}
