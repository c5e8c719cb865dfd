import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { ApiError } from '../lib/api-error';
import { scopeAccess } from './settings-access';
import { loadPosSettings, localText, type LocalText, type PosSettingsCatalogue } from './settings-document';

/**
 * The settings targets (docs/settings.md "Targets"): each a tree of settings declared in its own document, with its
 * page `/settings/<key>/configuration` whose rights govern it, declared in server/metadata/settings-targets.json.
 */
export const SETTINGS_TARGETS_FILE = path.join(BUILT_IN_METADATA_DIR, 'settings-targets.json');

/** A target's key: in URLs (/settings/<key>/configuration) and in the stored values and change records. */
export const TARGET_KEY = /^[a-z][a-z0-9]{0,29}$/;

export interface SettingsTarget {
  key: string;
  label: LocalText;
  /** Whether a change is pushed to the connected POS terminals below its scope (their configuration carries it). */
  appliesToTerminals: boolean;
  /** The page whose Read and Update rights govern the target. */
  pagePath: string;
  settings: PosSettingsCatalogue;
  access: ReturnType<typeof scopeAccess>;
}

export interface SettingsTargets {
  byKey: Map<string, SettingsTarget>;
  /** The target or a 404 naming the declared ones. */
  get(key: string): SettingsTarget;
}

const TARGET_MEMBERS = new Set(['key', 'document', 'appliesToTerminals', 'label']);
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const configurationPagePath = (key: string) => `/settings/${key}/configuration`;

/** Makes the targets from their declarations and checked documents (also for tests with their own documents). */
export function settingsTargetsOf(targets: Omit<SettingsTarget, 'pagePath' | 'access'>[]): SettingsTargets {
  const byKey = new Map<string, SettingsTarget>();
  for (const target of targets) {
    const pagePath = configurationPagePath(target.key);
    byKey.set(target.key, { ...target, pagePath, access: scopeAccess(pagePath, `the ${target.label.en} configuration`) });
  }
  return {
    byKey,
    get(key) {
      const found = byKey.get(key);
      if (!found) throw new ApiError(404, `No settings target ${key} is declared; the declared ones are ${[...byKey.keys()].join(', ')}.`, { errors: { target: ['is not a declared settings target'] } });
      return found;
    },
  };
}

/** Checks the targets document; throws naming the file, the path in it and the reason of every problem. */
async function checkTargets(parsed: unknown, file: string): Promise<SettingsTargets> {
  const problems: string[] = [];
  const declared: Omit<SettingsTarget, 'pagePath' | 'access'>[] = [];
  if (!isObject(parsed)) problems.push('$: must be an object');
  else if (parsed.version !== 1) problems.push('$.version: must be 1');
  else if (!Array.isArray(parsed.targets) || parsed.targets.length === 0) problems.push('$.targets: must be an array of at least one target');
  else
    for (const [index, value] of (parsed.targets as unknown[]).entries()) {
      const where = `$.targets[${index}]`;
      if (!isObject(value)) {
        problems.push(`${where}: must be an object`);
        continue;
      }
      for (const member of Object.keys(value)) if (!TARGET_MEMBERS.has(member)) problems.push(`${where}.${member}: is not a member of a target`);
      if (typeof value.key !== 'string' || !TARGET_KEY.test(value.key)) problems.push(`${where}.key: must be lowercase letters and digits, starting with a letter`);
      else if (declared.some((target) => target.key === value.key)) problems.push(`${where}.key: the target ${value.key} is declared twice`);
      if (typeof value.appliesToTerminals !== 'boolean') problems.push(`${where}.appliesToTerminals: must be true or false`);
      if (!isObject(value.label) || typeof value.label.en !== 'string' || value.label.en === '') problems.push(`${where}.label: must be an object of texts per language with at least "en"`);
      if (typeof value.document !== 'string' || !/^[a-z][a-z0-9-]*\.json$/.test(value.document)) {
        problems.push(`${where}.document: must be the name of a .json file in server/metadata`);
        continue;
      }
      if (problems.length > 0) continue;
      try {
        const settings = await loadPosSettings(path.join(path.dirname(file), value.document));
        declared.push({ key: value.key as string, label: value.label as LocalText, appliesToTerminals: value.appliesToTerminals as boolean, settings });
      } catch (error) {
        problems.push(`${where}.document: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  if (problems.length > 0) throw new Error(`${path.basename(file)}: ${problems.join('; ')}`);
  return settingsTargetsOf(declared);
}

let builtIn: Promise<SettingsTargets> | undefined;

/** Reads and checks the targets and their documents; the built-in ones are read once. */
export function loadSettingsTargets(file = SETTINGS_TARGETS_FILE): Promise<SettingsTargets> {
  const load = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`${path.basename(file)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return checkTargets(parsed, file);
  };
  if (file !== SETTINGS_TARGETS_FILE) return load();
  builtIn ??= load().catch((error: unknown) => {
    builtIn = undefined;
    throw error;
  });
  return builtIn;
}

/** The target's name in the first of `languages` it has, else English. */
export const targetText = (target: SettingsTarget, languages: readonly string[]): string => localText(target.label, languages) ?? target.key;
