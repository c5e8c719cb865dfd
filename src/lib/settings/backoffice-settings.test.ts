import { describe, expect, it } from 'vitest';
import { backofficeSettingsOf, UNKNOWN_BACKOFFICE_SETTINGS } from './backoffice-settings';
import { shellScopeText } from './effective-settings';

const answer = (sources: Record<string, string | null>, values: Record<string, unknown> = {}) => ({
  scope: 'TENANT:3',
  values: { 'lists.pageSize': 50, 'formats.dateFormat': 'language', 'session.idleTimeoutMinutes': 30, ...values },
  sources: { 'lists.pageSize': null, 'formats.dateFormat': null, 'session.idleTimeoutMinutes': null, ...sources },
});

describe('the back office settings the UI applies', () => {
  it('overrides the grids\' page size only when rows per page is set at some scope', () => {
    expect(backofficeSettingsOf(answer({})).pageSize).toBeUndefined();
    expect(backofficeSettingsOf(answer({ 'lists.pageSize': 'GLOBAL' })).pageSize).toBe(50);
    expect(backofficeSettingsOf(answer({ 'lists.pageSize': 'TENANT:3' }, { 'lists.pageSize': 20 })).pageSize).toBe(20);
  });

  it('reads the date style and the idle minutes, defaults included', () => {
    expect(backofficeSettingsOf(answer({}))).toEqual({ pageSize: undefined, dateStyle: 'language', idleMinutes: 30 });
    expect(backofficeSettingsOf(answer({ 'formats.dateFormat': 'GLOBAL' }, { 'formats.dateFormat': 'iso', 'session.idleTimeoutMinutes': 5 }))).toMatchObject({ dateStyle: 'iso', idleMinutes: 5 });
  });

  it('applies nothing without an answer', () => {
    expect(backofficeSettingsOf(undefined)).toEqual(UNKNOWN_BACKOFFICE_SETTINGS);
    expect(UNKNOWN_BACKOFFICE_SETTINGS).toEqual({ pageSize: undefined, dateStyle: 'language', idleMinutes: undefined });
  });

  it('reads them at the shell\'s narrowest scope: the till, else the store, else the tenant, else global', () => {
    expect(shellScopeText({ tenantOid: 3, locationOid: 5, terminalOid: 7 })).toBe('TERMINAL:7');
    expect(shellScopeText({ tenantOid: 3, locationOid: 5 })).toBe('LOCATION:5');
    expect(shellScopeText({ tenantOid: 3 })).toBe('TENANT:3');
    expect(shellScopeText({})).toBe('GLOBAL');
  });
});
