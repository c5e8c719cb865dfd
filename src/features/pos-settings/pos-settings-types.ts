/** The shapes of /api/pos-settings/* (docs/pos-settings.md). */
export type ScopeLevel = 'GLOBAL' | 'COUNTRY' | 'TENANT' | 'LOCATION' | 'TERMINAL';

export interface ScopeRef {
  level: ScopeLevel;
  key: string;
  scope: string;
  id: string;
  text: string;
}

export type SettingType = 'boolean' | 'integer' | 'decimal' | 'string' | 'enum' | 'time';

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
  value: unknown;
  source: ScopeRef | null;
  own: boolean;
  inherited: { value: unknown; source: ScopeRef | null };
}

export interface GroupView {
  path: string;
  label: string;
  settings: SettingView[];
  groups: GroupView[];
}

export interface Configuration {
  scope: ScopeRef & { tenantOid: number | null; country: string | null };
  chain: ScopeRef[];
  canChange: boolean;
  groups: GroupView[];
}
