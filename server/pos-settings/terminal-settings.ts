import type { Queryable } from '../db/database';
import { loadPosSettings } from './settings-document';
import type { ScopeLevel, ScopeRef } from './settings-scope';
import { readScopeValues } from './settings-store';
import { effectiveSettings, effectiveValue } from './settings-view';

/** Where a POS terminal sits: what its chain of scopes is made of. */
export interface TerminalPlace {
  terminalOid: number;
  locationOid: number | null;
  tenantOid: number;
  country: string | null;
}

const link = (level: ScopeLevel, key: string): ScopeRef => ({ level, key, scope: level === 'GLOBAL' ? 'GLOBAL' : `${level}:${key}`, id: key, text: key });

/**
 * The effective POS configuration of a terminal (every declared path with the value of the nearest scope that sets
 * it, else the default): the `posSettings` of the configuration a terminal is pushed (docs/settings.md).
 */
export async function terminalPosSettings(db: Queryable, place: TerminalPlace): Promise<Record<string, unknown>> {
  const catalogue = await loadPosSettings();
  const chain = [
    link('GLOBAL', ''),
    ...(place.country ? [link('COUNTRY', place.country)] : []),
    link('TENANT', String(place.tenantOid)),
    ...(place.locationOid !== null ? [link('LOCATION', String(place.locationOid))] : []),
    link('TERMINAL', String(place.terminalOid)),
  ];
  return effectiveSettings(catalogue, chain, await readScopeValues(db, 'pos', chain.map((scope) => scope.scope)));
}

/**
 * One setting's effective value at the end of a chain of scope texts (`GLOBAL`, `COUNTRY:DE`, `TENANT:12`, ...,
 * nearest last), else its default: what a document's terminal prints with (the receipt printer's paper width). The
 * POS target only: settingAt reads the pos settings document.
 */
export async function settingAt(db: Queryable, chain: readonly string[], path: string): Promise<unknown> {
  const setting = (await loadPosSettings()).byPath.get(path);
  if (!setting) throw new Error(`${path} is not a declared POS setting`);
  const refs = chain.map((scope): ScopeRef => {
    const [level, key = ''] = scope.split(':') as [ScopeLevel, string?];
    return link(level, key);
  });
  return effectiveValue(setting, path, refs, await readScopeValues(db, 'pos', chain)).value;
}
