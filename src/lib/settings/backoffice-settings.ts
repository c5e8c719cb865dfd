import { dateStyleOf, type DateStyle } from '../../../schemas';
import type { EffectiveSettings } from './effective-settings';

/** The settings target of the back office's own settings (server/metadata/backoffice-settings.json). */
export const BACKOFFICE_TARGET = 'backoffice';

/** The back office's settings as the UI applies them (docs/settings.md "What the back office settings do"). */
export interface BackofficeSettings {
  /** Rows per page of the lists when `lists.pageSize` is set at some scope; undefined: each grid's metadata decides. */
  pageSize: number | undefined;
  /** How dates are written (`formats.dateFormat`). */
  dateStyle: DateStyle;
  /** Minutes without activity before the session locks (`session.idleTimeoutMinutes`); undefined: not known, no lock. */
  idleMinutes: number | undefined;
}

/** Before (or without) an answer: nothing overrides the metadata, dates as the language writes them, no idle lock. */
export const UNKNOWN_BACKOFFICE_SETTINGS: BackofficeSettings = { pageSize: undefined, dateStyle: 'language', idleMinutes: undefined };

const positiveInteger = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);

/**
 * The settings of an answer of GET /api/settings/backoffice/effective. The page size overrides the grids' own only
 * when it is set somewhere (its source is not the default): a grid whose metadata asks for 25 rows keeps them until a
 * scope sets rows per page.
 */
export function backofficeSettingsOf(answer: EffectiveSettings | undefined): BackofficeSettings {
  if (!answer) return UNKNOWN_BACKOFFICE_SETTINGS;
  const { values, sources } = answer;
  return {
    pageSize: sources['lists.pageSize'] ? positiveInteger(values['lists.pageSize']) : undefined,
    dateStyle: dateStyleOf(values['formats.dateFormat']),
    idleMinutes: positiveInteger(values['session.idleTimeoutMinutes']),
  };
}
