import type { GroupView, ScopeRef, SettingView, ValueSource } from '../../schemas/pos-settings-wire';
import { localText, type PosSettingsCatalogue, type SettingDeclaration, type SettingGroup } from './settings-document';
import type { ScopeValues } from './settings-store';

// The views are the wire shapes the configuration page reads (schemas/pos-settings-wire.ts).
export type { GroupView, SettingView, ValueSource };

/** The value of `path` at the last scope of `chain` that sets it, else the declared default. */
export function effectiveValue(setting: SettingDeclaration, path: string, chain: readonly ScopeRef[], values: ScopeValues): ValueSource {
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const scope = chain[index]!;
    const set = values.get(scope.scope);
    if (set?.has(path)) return { value: set.get(path), source: scope };
  }
  return { value: setting.default, source: null };
}

/** Every setting's effective value at the end of the chain: what a terminal receives. */
export function effectiveSettings(catalogue: PosSettingsCatalogue, chain: readonly ScopeRef[], values: ScopeValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, setting] of catalogue.byPath) out[path] = effectiveValue(setting, path, chain, values).value;
  return out;
}

/** Where each setting's effective value at the end of the chain is set (its scope text), or null for the default. */
export function effectiveSources(catalogue: PosSettingsCatalogue, chain: readonly ScopeRef[], values: ScopeValues): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [path, setting] of catalogue.byPath) out[path] = effectiveValue(setting, path, chain, values).source?.scope ?? null;
  return out;
}

/** The tree of groups and settings at the end of `chain`, labels in the first language of `languages` declared. */
export function buildSettingsTree(catalogue: PosSettingsCatalogue, chain: readonly ScopeRef[], values: ScopeValues, languages: readonly string[]): GroupView[] {
  const self = chain[chain.length - 1]!;
  const above = chain.slice(0, -1);
  const group = (declared: SettingGroup, prefix: string): GroupView => {
    const here = prefix ? `${prefix}.${declared.key}` : declared.key;
    return {
      path: here,
      label: localText(declared.label, languages)!,
      settings: declared.settings.map((setting) => {
        const path = `${here}.${setting.key}`;
        const effective = effectiveValue(setting, path, chain, values);
        return {
          path,
          label: localText(setting.label, languages)!,
          description: localText(setting.description, languages) ?? null,
          type: setting.type,
          min: setting.min ?? null,
          max: setting.max ?? null,
          scale: setting.scale ?? null,
          maxLength: setting.maxLength ?? null,
          options: setting.options?.map((option) => ({ value: option.value, label: localText(option.label, languages)! })) ?? null,
          default: setting.default,
          value: effective.value,
          source: effective.source,
          own: effective.source?.scope === self.scope,
          inherited: effectiveValue(setting, path, above, values),
        };
      }),
      groups: (declared.groups ?? []).map((child) => group(child, here)),
    };
  };
  return catalogue.document.groups.map((declared) => group(declared, ''));
}
