import { describe, expect, it } from 'vitest';
import { applyConnectionChange, countTerminals, filterTerminals, nextSortOrder, sortTerminals } from './terminal-list';
import type { TerminalState } from './terminal-types';

const terminal = (oid: number, patch: Partial<TerminalState> = {}): TerminalState => ({
  terminalOid: oid,
  tenantOid: 1,
  terminalNumber: oid,
  name: `Till ${oid}`,
  locationName: 'Berlin Mitte',
  connected: false,
  address: null,
  version: null,
  connectedAt: null,
  lastHeartbeatAt: null,
  disconnectedAt: null,
  documentsReceived: 0,
  ...patch,
});
const tenants: Record<number, string> = { 1: 'Mate Deutschland', 2: 'Mate Österreich' };
const tenantName = (oid: number) => tenants[oid] ?? `#${oid}`;

describe('the terminal list', () => {
  it('turns a terminal connected at the time of the message, and disconnected again, leaving the others alone', () => {
    const list = [terminal(1), terminal(2, { connected: true, connectedAt: '2026-01-15T10:00:00.000Z' })];
    const connected = applyConnectionChange(list, { terminalOid: 1, tenantOid: 1, connected: true, at: '2026-01-15T10:05:00.000Z' });
    expect(connected[0]).toMatchObject({ connected: true, connectedAt: '2026-01-15T10:05:00.000Z', disconnectedAt: null });
    expect(connected[1]).toBe(list[1]);
    const gone = applyConnectionChange(connected, { terminalOid: 1, tenantOid: 1, connected: false, at: '2026-01-15T10:07:00.000Z' });
    expect(gone[0]).toMatchObject({ connected: false, disconnectedAt: '2026-01-15T10:07:00.000Z' });
    expect(countTerminals(gone)).toEqual({ connected: 1, disconnected: 1 });
  });

  it('ignores a late message older than the state the row shows (instances do not deliver in order)', () => {
    const list = [terminal(1, { connected: true, connectedAt: '2026-01-15T10:05:00.000Z' })];
    const late = applyConnectionChange(list, { terminalOid: 1, tenantOid: 1, connected: false, at: '2026-01-15T10:04:00.000Z' });
    expect(late[0]).toMatchObject({ connected: true, connectedAt: '2026-01-15T10:05:00.000Z' });
  });

  it('counts connected and disconnected terminals', () => {
    expect(countTerminals([terminal(1, { connected: true }), terminal(2), terminal(3)])).toEqual({ connected: 1, disconnected: 2 });
    expect(countTerminals([])).toEqual({ connected: 0, disconnected: 0 });
  });

  it('filters by text in number, name, location, tenant and version, and by state', () => {
    const list = [terminal(1, { connected: true, version: '6.25.1' }), terminal(2, { tenantOid: 2, locationName: 'Wien' }), terminal(13)];
    expect(filterTerminals(list, 'wien', 'all', tenantName).map((t) => t.terminalOid)).toEqual([2]);
    expect(filterTerminals(list, 'österreich', 'all', tenantName).map((t) => t.terminalOid)).toEqual([2]);
    expect(filterTerminals(list, '6.25', 'all', tenantName).map((t) => t.terminalOid)).toEqual([1]);
    expect(filterTerminals(list, '1', 'all', tenantName).map((t) => t.terminalOid)).toEqual([1, 13]);
    expect(filterTerminals(list, '', 'connected', tenantName).map((t) => t.terminalOid)).toEqual([1]);
    expect(filterTerminals(list, '  ', 'disconnected', tenantName).map((t) => t.terminalOid)).toEqual([2, 13]);
  });

  it('sorts by a column both ways, ties by tenant and number, and turns the order on a second click', () => {
    const list = [
      terminal(1, { documentsReceived: 5, connected: true }),
      terminal(2, { documentsReceived: 9 }),
      terminal(3, { documentsReceived: 5, connected: true }),
      terminal(10, { documentsReceived: 0 }),
    ];
    expect(sortTerminals(list, { column: 'documents', descending: true }, tenantName, 'en').map((t) => t.terminalOid)).toEqual([2, 1, 3, 10]);
    expect(sortTerminals(list, { column: 'state', descending: false }, tenantName, 'en').map((t) => t.terminalOid)).toEqual([1, 3, 2, 10]);
    // Numbers in names sort as numbers: till 10 after till 3.
    expect(sortTerminals(list, { column: 'name', descending: false }, tenantName, 'en').map((t) => t.terminalOid)).toEqual([1, 2, 3, 10]);
    expect(nextSortOrder({ column: 'name', descending: false }, 'name')).toEqual({ column: 'name', descending: true });
    expect(nextSortOrder({ column: 'name', descending: true }, 'version')).toEqual({ column: 'version', descending: false });
  });
});
