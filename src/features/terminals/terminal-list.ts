import type { TerminalConnectionChanged, TerminalState } from './terminal-types';

/** Since when the terminal is in its present state: connected since, or disconnected since. */
export function sinceOf(terminal: TerminalState): string | null {
  return terminal.connected ? terminal.connectedAt : terminal.disconnectedAt;
}

/**
 * A TerminalConnectionChanged applied to the list: the terminal's state and since-time change at once (the other
 * columns follow when the list is read again). A message older than what the row shows is ignored, since messages
 * from several instances can arrive out of order; a terminal not in the list (made since) is left to the re-read.
 */
export function applyConnectionChange(items: readonly TerminalState[], change: TerminalConnectionChanged): TerminalState[] {
  return items.map((item) => {
    if (item.terminalOid !== change.terminalOid) return item;
    const shown = sinceOf(item);
    if (shown && Date.parse(shown) > Date.parse(change.at)) return item;
    return change.connected
      ? { ...item, connected: true, connectedAt: change.at, lastHeartbeatAt: change.at, disconnectedAt: null }
      : { ...item, connected: false, disconnectedAt: change.at };
  });
}

export interface TerminalCounts {
  connected: number;
  disconnected: number;
}

export function countTerminals(items: readonly TerminalState[]): TerminalCounts {
  const connected = items.filter((item) => item.connected).length;
  return { connected, disconnected: items.length - connected };
}

export type StateFilter = 'all' | 'connected' | 'disconnected';

/** Terminals whose number, name, location, tenant, address or version contains the text (any case), in the state. */
export function filterTerminals(items: readonly TerminalState[], text: string, state: StateFilter, tenantName: (tenantOid: number) => string): TerminalState[] {
  const needle = text.trim().toLocaleLowerCase();
  return items.filter((item) => {
    if (state === 'connected' && !item.connected) return false;
    if (state === 'disconnected' && item.connected) return false;
    if (!needle) return true;
    const haystack = [String(item.terminalNumber), item.name, item.locationName, tenantName(item.tenantOid), item.address, item.version];
    return haystack.some((value) => value?.toLocaleLowerCase().includes(needle));
  });
}

export const SORT_COLUMNS = ['tenant', 'location', 'name', 'state', 'since', 'lastHeartbeat', 'version', 'documents'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface SortOrder {
  column: SortColumn;
  descending: boolean;
}

const time = (value: string | null): number => (value ? Date.parse(value) : -Infinity);

/** Sorted by the column, ties by tenant and terminal number, so the order is stable as states change. */
export function sortTerminals(items: readonly TerminalState[], order: SortOrder, tenantName: (tenantOid: number) => string, locale: string): TerminalState[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const key: Record<SortColumn, (a: TerminalState, b: TerminalState) => number> = {
    tenant: (a, b) => collator.compare(tenantName(a.tenantOid), tenantName(b.tenantOid)),
    location: (a, b) => collator.compare(a.locationName ?? '', b.locationName ?? ''),
    name: (a, b) => collator.compare(`${a.terminalNumber} ${a.name}`, `${b.terminalNumber} ${b.name}`),
    state: (a, b) => Number(b.connected) - Number(a.connected),
    since: (a, b) => time(sinceOf(a)) - time(sinceOf(b)),
    lastHeartbeat: (a, b) => time(a.lastHeartbeatAt) - time(b.lastHeartbeatAt),
    version: (a, b) => collator.compare(a.version ?? '', b.version ?? ''),
    documents: (a, b) => a.documentsReceived - b.documentsReceived,
  };
  const tie = (a: TerminalState, b: TerminalState) => a.tenantOid - b.tenantOid || a.terminalNumber - b.terminalNumber || a.terminalOid - b.terminalOid;
  const sign = order.descending ? -1 : 1;
  return [...items].sort((a, b) => sign * key[order.column](a, b) || tie(a, b));
}

/** A click on a column header: the same column turns the order around, another starts ascending. */
export function nextSortOrder(current: SortOrder, column: SortColumn): SortOrder {
  return current.column === column ? { column, descending: !current.descending } : { column, descending: false };
}
