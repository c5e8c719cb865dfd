import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';

import { SETTING_TYPES, type SettingType } from '../../schemas/pos-settings-wire';

// The kinds of value a POS setting holds are part of the wire shapes (schemas/pos-settings-wire.ts).
export { SETTING_TYPES, type SettingType };

/** Text per language code; `en` is required and is the fallback. */
export type LocalText = Record<string, string>;

/** One setting as declared in server/metadata/pos-settings.json. */
export interface SettingDeclaration {
  key: string;
  type: SettingType;
  default: unknown;
  label: LocalText;
  description?: LocalText;
  /** integer and decimal */
  min?: number;
  max?: number;
  /** decimal: most digits after the point */
  scale?: number;
  /** string */
  maxLength?: number;
  /** enum */
  options?: { value: string; label: LocalText }[];
}

/** A group of settings and subgroups. */
export interface SettingGroup {
  key: string;
  label: LocalText;
  settings: SettingDeclaration[];
  groups?: SettingGroup[];
}

export interface SettingsDocument {
  version: 1;
  groups: SettingGroup[];
}

/** A checked document with every setting by its dotted path (`sales.returns.returnDays`). */
export interface PosSettingsCatalogue {
  document: SettingsDocument;
  byPath: Map<string, SettingDeclaration>;
}

export const POS_SETTINGS_FILE = path.join(BUILT_IN_METADATA_DIR, 'pos-settings.json');

/** How deep groups nest (a group in a group in a group). */
export const MAX_GROUP_DEPTH = 4;

const KEY = /^[a-z][A-Za-z0-9]{0,39}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const SETTING_MEMBERS = new Set(['key', 'type', 'default', 'label', 'description', 'min', 'max', 'scale', 'maxLength', 'options']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkText(value: unknown, where: string, problems: string[]): void {
  if (!isObject(value) || typeof value.en !== 'string' || value.en.trim() === '') {
    problems.push(`${where}: must be an object of texts per language with at least "en"`);
    return;
  }
  for (const [lang, text] of Object.entries(value)) if (!/^[a-z]{2}$/.test(lang) || typeof text !== 'string') problems.push(`${where}.${lang}: must be a text under a two-letter language code`);
}

/**
 * Checks a value against a declaration: undefined when it fits, else the reason. The same check guards the
 * declared defaults at load and every value an administrator sets.
 */
export function valueProblem(setting: SettingDeclaration, value: unknown): string | undefined {
  switch (setting.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (setting.type === 'integer' && !Number.isSafeInteger(value)) return 'must be a whole number';
      if (setting.min !== undefined && value < setting.min) return `must be at least ${setting.min}`;
      if (setting.max !== undefined && value > setting.max) return `must be at most ${setting.max}`;
      if (setting.type === 'decimal' && setting.scale !== undefined && Math.abs(Math.round(value * 10 ** setting.scale) - value * 10 ** setting.scale) > 1e-6) return `must have at most ${setting.scale} digit(s) after the point`;
      return undefined;
    }
    case 'string':
      if (typeof value !== 'string') return 'must be a text';
      if (setting.maxLength !== undefined && [...value].length > setting.maxLength) return `must be at most ${setting.maxLength} characters long`;
      return undefined;
    case 'enum':
      return typeof value === 'string' && setting.options?.some((option) => option.value === value) ? undefined : `must be one of ${(setting.options ?? []).map((option) => option.value).join(', ')}`;
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? undefined : 'must be a time of day as HH:MM (00:00 to 23:59)';
  }
}

function checkSetting(value: unknown, where: string, problems: string[]): void {
  if (!isObject(value)) {
    problems.push(`${where}: must be an object`);
    return;
  }
  for (const member of Object.keys(value)) if (!SETTING_MEMBERS.has(member)) problems.push(`${where}.${member}: is not a member of a setting`);
  if (typeof value.key !== 'string' || !KEY.test(value.key)) problems.push(`${where}.key: must be a camelCase key of letters and digits`);
  if (!SETTING_TYPES.includes(value.type as SettingType)) {
    problems.push(`${where}.type: must be one of ${SETTING_TYPES.join(', ')}`);
    return;
  }
  checkText(value.label, `${where}.label`, problems);
  if (value.description !== undefined) checkText(value.description, `${where}.description`, problems);
  for (const bound of ['min', 'max', 'scale', 'maxLength'] as const) {
    if (value[bound] !== undefined && (typeof value[bound] !== 'number' || !Number.isFinite(value[bound]))) problems.push(`${where}.${bound}: must be a number`);
  }
  if ((value.min !== undefined || value.max !== undefined) && value.type !== 'integer' && value.type !== 'decimal') problems.push(`${where}: min and max are for integer and decimal settings`);
  if (value.scale !== undefined && value.type !== 'decimal') problems.push(`${where}.scale: is for decimal settings`);
  if (value.maxLength !== undefined && value.type !== 'string') problems.push(`${where}.maxLength: is for string settings`);
  if (value.type === 'enum') {
    if (!Array.isArray(value.options) || value.options.length === 0) problems.push(`${where}.options: an enum setting needs at least one option`);
    else
      value.options.forEach((option: unknown, index) => {
        if (!isObject(option) || typeof option.value !== 'string' || option.value === '') problems.push(`${where}.options[${index}].value: must be a text`);
        else checkText(option.label, `${where}.options[${index}].label`, problems);
      });
  } else if (value.options !== undefined) problems.push(`${where}.options: is for enum settings`);
  const problem = valueProblem(value as unknown as SettingDeclaration, value.default);
  if (problem) problems.push(`${where}.default: ${problem}`);
}

function checkGroup(value: unknown, where: string, prefix: string, problems: string[], byPath: Map<string, SettingDeclaration>, depth = 1): void {
  if (depth > MAX_GROUP_DEPTH) {
    problems.push(`${where}: groups nest at most ${MAX_GROUP_DEPTH} deep`);
    return;
  }
  if (!isObject(value)) {
    problems.push(`${where}: must be an object`);
    return;
  }
  if (typeof value.key !== 'string' || !KEY.test(value.key)) {
    problems.push(`${where}.key: must be a camelCase key of letters and digits`);
    return;
  }
  checkText(value.label, `${where}.label`, problems);
  const here = prefix ? `${prefix}.${value.key}` : value.key;
  if (!Array.isArray(value.settings)) problems.push(`${where}.settings: must be an array`);
  else
    value.settings.forEach((setting: unknown, index) => {
      const at = `${where}.settings[${index}]`;
      checkSetting(setting, at, problems);
      if (isObject(setting) && typeof setting.key === 'string') {
        const full = `${here}.${setting.key}`;
        if (byPath.has(full)) problems.push(`${at}.key: the path ${full} is declared twice`);
        byPath.set(full, setting as unknown as SettingDeclaration);
      }
    });
  if (value.groups !== undefined) {
    if (!Array.isArray(value.groups)) problems.push(`${where}.groups: must be an array`);
    else value.groups.forEach((group: unknown, index) => checkGroup(group, `${where}.groups[${index}]`, here, problems, byPath, depth + 1));
  }
}

/** Checks a parsed document; throws naming the file, the path in it and the reason of every problem. */
export function checkSettingsDocument(parsed: unknown, file: string): PosSettingsCatalogue {
  const problems: string[] = [];
  const byPath = new Map<string, SettingDeclaration>();
  if (!isObject(parsed)) problems.push('$: must be an object');
  else {
    if (parsed.version !== 1) problems.push('$.version: must be 1');
    if (!Array.isArray(parsed.groups)) problems.push('$.groups: must be an array');
    else parsed.groups.forEach((group: unknown, index) => checkGroup(group, `$.groups[${index}]`, '', problems, byPath));
  }
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return { document: parsed as unknown as SettingsDocument, byPath };
}

const builtIn = new Map<string, Promise<PosSettingsCatalogue>>();

/**
 * Reads and checks a settings document (server/metadata/pos-settings.json unless told); the built-in ones (in
 * server/metadata/) are read once.
 */
export function loadPosSettings(file = POS_SETTINGS_FILE): Promise<PosSettingsCatalogue> {
  const load = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return checkSettingsDocument(parsed, file);
  };
  if (path.dirname(file) !== BUILT_IN_METADATA_DIR) return load();
  let loading = builtIn.get(file);
  if (!loading) {
    loading = load().catch((error: unknown) => {
      builtIn.delete(file);
      throw error;
    });
    builtIn.set(file, loading);
  }
  return loading;
}

/** The text of the first of `languages` the map has, else English. */
export function localText(text: LocalText | undefined, languages: readonly string[]): string | undefined {
  if (!text) return undefined;
  for (const lang of languages) if (typeof text[lang] === 'string') return text[lang];
  return text.en;
}
