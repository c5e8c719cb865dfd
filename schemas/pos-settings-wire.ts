/**
 * The shapes of /api/pos-settings/* on the wire (docs/settings.md), one declaration for the server that answers
 * them (server/pos-settings/*) and the configuration page that reads them (src/features/pos-settings/*).
 */

/** The levels a setting may be set at, from the top down; a value set at one is inherited by those below. */
export const SCOPE_LEVELS = ['GLOBAL', 'COUNTRY', 'TENANT', 'LOCATION', 'TERMINAL'] as const;
export type ScopeLevel = (typeof SCOPE_LEVELS)[number];

/** The kinds of value a POS setting holds (docs/settings.md "Types"). */
export const SETTING_TYPES = ['boolean', 'integer', 'decimal', 'string', 'enum', 'time'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** One level of a scope's chain. */
export interface ScopeRef {
  level: ScopeLevel;
  /** '' for GLOBAL, the country code, or the record's Oid as text. */
  key: string;
  /** The scope as the API writes it (`TENANT:12`). */
  scope: string;
  /** Business id: GLOBAL, the country code, the tenant or location Id, the terminal number. */
  id: string;
  text: string;
}

/** Where a value comes from: a scope of the chain, or null for the declared default. */
export interface ValueSource {
  value: unknown;
  source: ScopeRef | null;
}

/** One setting at a scope, as the configuration page shows it. */
export interface SettingView {
  path: string;
  label: string;
  description: string | null;
  type: SettingType;
  min: number | null;
  max: number | null;
  scale: number | null;
  maxLength: number | null;
  options: { value: string; label: string }[] | null;
  default: unknown;
  /** The effective value at the scope. */
  value: unknown;
  /** Where it comes from: the scope itself (an override here), one above, or null (the default). */
  source: ScopeRef | null;
  /** Whether the value is set at this very scope (it can be reset here). */
  own: boolean;
  /** What a reset here would leave: the value from above and where it comes from. */
  inherited: ValueSource;
}

/** A group of settings with its subgroups. */
export interface GroupView {
  path: string;
  label: string;
  settings: SettingView[];
  groups: GroupView[];
}

/** `GET /api/pos-settings/configuration`: a scope's settings tree with its chain and whether the caller may change it. */
export interface Configuration {
  scope: ScopeRef & { tenantOid: number | null; country: string | null };
  chain: ScopeRef[];
  canChange: boolean;
  groups: GroupView[];
}

/**
 * `GET /api/settings/<target>/effective`: every declared setting's effective value at a scope (after inheritance), and
 * where each comes from, so that a reader can tell a value set somewhere from the declared default.
 */
export interface EffectiveSettings {
  /** The scope asked for, as the API writes it (`TENANT:12`). */
  scope: string;
  /** Per setting path, its effective value. */
  values: Record<string, unknown>;
  /** Per setting path, the scope the value is set at (`GLOBAL`, `TENANT:12`, ...), or null when it is the default. */
  sources: Record<string, string | null>;
}
