import type { FieldModel } from './entity-document';
import { effectiveBounds } from './managed-types';
import type { MessageParams } from './messages';

/** Rules a rule string may name (spec 2 §5), joined by '|'. */
export const STRING_RULES = ['required', 'id', 'numeric', 'integer', 'decimal', 'minLength', 'maxLength', 'min', 'max', 'mayRequired'] as const;

/** A rule name: the rule-string rules plus `unique`, which only the field model sets. */
export type RuleName = (typeof STRING_RULES)[number] | 'unique';

/** One parsed rule; `arg` for the rules that take `:N`. */
export interface Rule {
  name: RuleName;
  arg?: number;
}

/** The result of parsing a rule string. */
export interface ParsedRules {
  rules: Rule[];
  /** One sentence per problem, e.g. "unknown rule 'lenght'". Empty when the string is valid. */
  errors: string[];
}

/** A failed rule: the message key's validator name and its parameters. */
export interface RuleFailure {
  key: string;
  params: MessageParams;
}

const WITH_LENGTH = new Set<RuleName>(['minLength', 'maxLength']);
const WITH_NUMBER = new Set<RuleName>(['min', 'max']);
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses a rule string such as `"id|maxLength:32"`. Unknown rules, missing or extra arguments and
 * non-numeric arguments are reported in `errors`; the valid rules are still returned.
 */
export function parseRules(text: string): ParsedRules {
  const rules: Rule[] = [];
  const errors: string[] = [];
  if (text.trim() === '') return { rules, errors };
  for (const raw of text.split('|')) {
    const part = raw.trim();
    const colon = part.indexOf(':');
    const name = colon < 0 ? part : part.slice(0, colon);
    const arg = colon < 0 ? undefined : part.slice(colon + 1).trim();
    if (!(STRING_RULES as readonly string[]).includes(name)) {
      errors.push(part === '' ? "empty rule (two '|' in a row?)" : `unknown rule '${name}' (known: ${STRING_RULES.join(', ')})`);
      continue;
    }
    const rule = name as RuleName;
    if (WITH_LENGTH.has(rule) || WITH_NUMBER.has(rule)) {
      if (arg === undefined || arg === '') {
        errors.push(`rule '${rule}' needs a number, e.g. '${rule}:10'`);
        continue;
      }
      const value = NUMBER_TEXT.test(arg) ? Number(arg) : NaN;
      if (!Number.isFinite(value) || (WITH_LENGTH.has(rule) && (!Number.isInteger(value) || value < 0))) {
        errors.push(`rule '${rule}' has a bad argument '${arg}' (expected ${WITH_LENGTH.has(rule) ? 'a whole number >= 0' : 'a number'})`);
        continue;
      }
      rules.push({ name: rule, arg: value });
    } else if (arg !== undefined) {
      errors.push(`rule '${rule}' takes no argument`);
    } else rules.push({ name: rule });
  }
  return { rules, errors };
}

/**
 * The rules the field model implies: required, unique, minLength, maxLength (String), min and max
 * (Number, the tighter of the field's and its managed type's bounds).
 */
export function modelRules(field: FieldModel): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ name: 'required' });
  if (field.unique) rules.push({ name: 'unique' });
  if (field.type === 'String') {
    if (field.minLength !== undefined) rules.push({ name: 'minLength', arg: field.minLength });
    if (field.maxLength !== undefined) rules.push({ name: 'maxLength', arg: field.maxLength });
  }
  if (field.type === 'Number') {
    const { min, max } = effectiveBounds(field);
    if (min !== undefined) rules.push({ name: 'min', arg: min });
    if (max !== undefined) rules.push({ name: 'max', arg: max });
  }
  return rules;
}

/**
 * Every rule of a field: the model rules, then the valid rules of its rule string.
 */
export function fieldRules(field: FieldModel): Rule[] {
  return [...modelRules(field), ...(field.rules ? parseRules(field.rules).rules : [])];
}

/** True for the values `required` refuses: null, undefined, blank text and empty lists. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

const ID = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * Evaluates rules on one value and returns the failures (empty when all pass). Only `required` and
 * `mayRequired` look at empty values; the others pass on them so an optional field may stay empty.
 * `unique` always passes: uniqueness is the server's job (spec 2 §5).
 */
export function evaluateRules(rules: readonly Rule[], value: unknown, label?: string): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const empty = isEmptyValue(value);
  const fail = (key: string, params: MessageParams = {}) => failures.push({ key, params: { label, ...params } });
  for (const rule of rules) {
    if (rule.name === 'required') {
      if (empty) fail('required');
      continue;
    }
    if (rule.name === 'mayRequired') {
      if (asNumber(value) === undefined) fail('mayRequired', empty ? {} : { value: String(value) });
      continue;
    }
    if (empty || rule.name === 'unique') continue;
    const text = typeof value === 'string' ? value : undefined;
    const number = asNumber(value);
    switch (rule.name) {
      case 'id':
        if (text === undefined || !ID.test(text)) fail('id', { value: String(value) });
        break;
      case 'numeric':
      case 'decimal':
        if (number === undefined) fail(rule.name, { value: String(value) });
        break;
      case 'integer':
        if (number === undefined || !Number.isInteger(number)) fail('integer', { value: String(value) });
        break;
      case 'minLength':
      case 'maxLength': {
        if (text === undefined) break;
        const actual = [...text].length;
        const limit = rule.arg ?? 0;
        if (rule.name === 'minLength' ? actual < limit : actual > limit) fail(rule.name, { [rule.name === 'minLength' ? 'min' : 'max']: limit, actual });
        break;
      }
      case 'min':
      case 'max': {
        if (number === undefined) break;
        const limit = rule.arg ?? 0;
        if (rule.name === 'min' ? number < limit : number > limit) fail(rule.name, { [rule.name]: limit, value: number });
        break;
      }
    }
  }
  return failures;
}
