import type { SettingView } from './pos-settings-types';

/** Why a typed text is not a value of the setting; the same rules the server applies (docs/settings.md "Types"). */
export type ValueProblem =
  | { kind: 'required' }
  | { kind: 'number' }
  | { kind: 'whole' }
  | { kind: 'min'; limit: number }
  | { kind: 'max'; limit: number }
  | { kind: 'scale'; limit: number }
  | { kind: 'length'; limit: number }
  | { kind: 'time' }
  | { kind: 'option' };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The value a text typed into the editor stands for, or the problem with it. Numbers accept a decimal comma too
 * (typed in German, Arabic digits are left to the browser's numeric keyboard); booleans come from the switch.
 */
export function parseSettingInput(setting: Pick<SettingView, 'type' | 'min' | 'max' | 'scale' | 'maxLength' | 'options'>, text: string | boolean): { value: unknown } | { problem: ValueProblem } {
  if (setting.type === 'boolean') return { value: text === true || text === 'true' };
  const raw = String(text);
  switch (setting.type) {
    case 'integer':
    case 'decimal': {
      const trimmed = raw.trim().replace(',', '.');
      if (trimmed === '') return { problem: { kind: 'required' } };
      if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return { problem: { kind: 'number' } };
      const value = Number(trimmed);
      if (setting.type === 'integer' && !Number.isSafeInteger(value)) return { problem: { kind: 'whole' } };
      if (setting.min !== null && value < setting.min) return { problem: { kind: 'min', limit: setting.min } };
      if (setting.max !== null && value > setting.max) return { problem: { kind: 'max', limit: setting.max } };
      if (setting.type === 'decimal' && setting.scale !== null && (trimmed.split('.')[1]?.length ?? 0) > setting.scale) return { problem: { kind: 'scale', limit: setting.scale } };
      return { value };
    }
    case 'string':
      if (setting.maxLength !== null && [...raw].length > setting.maxLength) return { problem: { kind: 'length', limit: setting.maxLength } };
      return { value: raw };
    case 'time':
      return TIME.test(raw) ? { value: raw } : { problem: { kind: 'time' } };
    case 'enum':
      return setting.options?.some((option) => option.value === raw) ? { value: raw } : { problem: { kind: 'option' } };
  }
}

/** The text an editor starts with for a value. */
export function inputTextOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
