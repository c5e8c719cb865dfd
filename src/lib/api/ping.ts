import { apiUrl } from './api-client';

/** What the start-up ping decides (spec 1 §4 "Application start"). */
export type PingOutcome = 'ready' | 'unavailable';

/** HTTP 521 is taken as "continue" (spec 1 §8): a front proxy that cannot tell, not a dead API. */
export function outcomeOfPingStatus(status: number): PingOutcome {
  return (status >= 200 && status < 300) || status === 521 ? 'ready' : 'unavailable';
}

/** Pings the API once; any network failure means unavailable. */
export async function pingApi(signal?: AbortSignal): Promise<PingOutcome> {
  try {
    const response = await fetch(apiUrl('/api/v1/ping'), { headers: { Accept: 'application/xml' }, cache: 'no-store', signal });
    return outcomeOfPingStatus(response.status);
  } catch {
    return 'unavailable';
  }
}
