import type { Queryable } from '../db/database';
import type { TerminalPlace } from '../pos-settings/terminal-settings';
import { effectiveLayouts } from './layout-store';

/**
 * The button layouts a terminal shows (the `posLayouts` of its configuration, docs/pos-layouts.md): per kind, each
 * layout name with the layout of the nearest scope of the terminal's chain that has one.
 */
export async function terminalPosLayouts(db: Queryable, place: TerminalPlace) {
  const chain = ['GLOBAL', ...(place.country ? [`COUNTRY:${place.country}`] : []), `TENANT:${place.tenantOid}`, ...(place.locationOid !== null ? [`LOCATION:${place.locationOid}`] : []), `TERMINAL:${place.terminalOid}`];
  const layouts = await effectiveLayouts(db, chain);
  return { quickAccesses: layouts['quick-access'], articleQuickSelections: layouts['article-quick-selection'] };
}
