import { HttpError, type IRetryPolicy, type RetryContext } from '@microsoft/signalr';

/** Spec 1 §9: the hub reconnects every 5 s. */
export const HUB_RETRY_DELAY_MS = 5000;

/** Whether the hub refused the caller: a 401 at negotiate or upgrade, which retrying cannot mend. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError ? error.statusCode === 401 : error instanceof Error && /\b401\b|Unauthorized/.test(error.message);
}

/**
 * Reconnect every 5 s for as long as it takes (the client's default gives up after 0/2/10/30 s), and stop on a
 * 401: the session is over, the sign-in dialog takes it from there.
 */
export function hubRetryPolicy(delayMs: number = HUB_RETRY_DELAY_MS): IRetryPolicy {
  return {
    nextRetryDelayInMilliseconds: (context: RetryContext) => (isUnauthorized(context.retryReason) ? null : delayMs),
  };
}
