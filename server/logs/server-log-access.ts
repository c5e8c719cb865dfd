import type { RequestContext } from '../lib/request-context';

/** The log page's navigation path: its Read right governs the server log (as it governs stored fault details). */
export const SERVER_LOG_PATH = '/diagnostics/logs';

/**
 * The log is installation-wide (every tenant's requests, the server's own faults), so reading it needs Read on the
 * page globally: a right held in one tenant only is not enough. A stand-in resolver without tenant limits (tests of
 * other parts) is asked per tenant instead.
 */
export function mayReadServerLog(context: RequestContext): boolean {
  return context.canGlobally ? context.canGlobally(SERVER_LOG_PATH, 'Read') : context.can(SERVER_LOG_PATH, 'Read');
}
