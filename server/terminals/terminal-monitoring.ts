import { TERMINAL_CONNECTION_CHANGED, type TerminalConnectionChangedMessage } from '../../schemas/terminal-wire';
import type { Queryable } from '../db/database';
import { HubMethodError, hubArguments, type HubCaller, type HubMethod } from '../hub/hub-method-registry';
import type { RequestContext } from '../lib/request-context';
import type { TerminalConnectionEvent } from './terminal-events';
import { listTerminalStates, type TerminalConnectionState, type TerminalTables } from './terminal-state';

/** The terminal monitoring page: its Read permission, in a terminal's tenant, lets a user follow that terminal. */
export const TERMINAL_MONITORING_PATH = '/service/terminals';

export { TERMINAL_CONNECTION_CHANGED, type TerminalConnectionChangedMessage } from '../../schemas/terminal-wire';

/** The tenants among the user's in which they may monitor terminals. */
export function monitoredTenants(context: RequestContext): number[] {
  return context.tenantOids.filter((tenantOid) => context.can(TERMINAL_MONITORING_PATH, 'Read', tenantOid));
}

interface Subscription {
  /** Only this tenant's terminals; undefined: every tenant the user may monitor. */
  tenantOid: number | undefined;
  caller: HubCaller;
}

/**
 * SubscribeTerminalMonitoring and the fan-out of connection changes (from every instance, through the terminal
 * event bus) to the subscribed hub connections whose user may monitor the terminal's tenant, checked with the
 * connection's current permissions at each change.
 */
export function createTerminalMonitoring(db: Queryable, tables: TerminalTables, staleAfterMs: () => number) {
  const subscriptions = new Map<string, Subscription>();

  const method: HubMethod<number | undefined> = {
    name: 'SubscribeTerminalMonitoring',
    parse(args) {
      hubArguments.atMost(args, 1, 'SubscribeTerminalMonitoring');
      return args[0] === undefined || args[0] === null ? undefined : hubArguments.positiveInteger(args, 0, 'tenantOid');
    },
    permission: (tenantOid) => ({ path: TERMINAL_MONITORING_PATH, action: 'Read', tenantOid }),
    async invoke(tenantOid, caller): Promise<{ terminals: TerminalConnectionState[] }> {
      const tenants = tenantOid === undefined ? monitoredTenants(caller.context) : [tenantOid];
      if (tenants.length === 0) throw new HubMethodError(`Not permitted: Read on ${TERMINAL_MONITORING_PATH}.`);
      if (caller.connection.signal.aborted) return { terminals: [] };
      subscriptions.set(caller.connectionId, { tenantOid, caller });
      caller.connection.signal.addEventListener('abort', () => subscriptions.delete(caller.connectionId), { once: true });
      // The states as they are now: changes from here on arrive as TerminalConnectionChanged.
      return { terminals: await listTerminalStates(db, tables, tenants, staleAfterMs()) };
    },
  };

  const fanOut = (event: TerminalConnectionEvent): void => {
    const message: TerminalConnectionChangedMessage = { terminalOid: event.terminalOid, tenantOid: event.tenantOid, connected: event.connected, at: event.at };
    for (const { tenantOid, caller } of subscriptions.values()) {
      if (tenantOid !== undefined && tenantOid !== event.tenantOid) continue;
      const context = caller.connection.caller();
      if (!context.tenantOids.includes(event.tenantOid) || !context.can(TERMINAL_MONITORING_PATH, 'Read', event.tenantOid)) continue;
      caller.send(TERMINAL_CONNECTION_CHANGED, [message]);
    }
  };

  return { method, fanOut, subscriberCount: () => subscriptions.size };
}
