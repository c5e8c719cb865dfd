import { compileCondition, explainCondition, formatExplanation, type CompiledCondition, type Condition, type ExplanationMessages } from '../conditions';
import type { CompiledEntity } from './compile-entity';
import type { CompiledEffects, UiSchema } from './compile-ui-schema';
import type { EntityDocument } from './entity-document';
import { valueAt } from './field-paths';
import { schemaAt } from './schema-at';
import { decimalStringNames, decimalStringsOfSchema } from './decimal-strings';

/**
 * The effects of a record's fields (`extensions.effects`: disabled, readonly, required, visible), evaluated the same
 * way by the editor (per keystroke, with reasons in the user's language) and by the server (`POST .../adjust`, the
 * readonly and disabled checks of a save, conditional required). One compile cache serves both.
 */

// Keyed by the condition object (a document's conditions live as long as the document), then by the decimal-string
// fields it was compiled for: the same condition reads a decimal string numerically only when the field is one.
const compiledConditions = new WeakMap<object, Map<string, CompiledCondition>>();
// A kind's decimal-string set is one object for its life: its key is worked out once, not per field per keystroke.
const decimalStringsKeys = new WeakMap<ReadonlySet<string>, string>();

function decimalStringsKey(decimalStrings: ReadonlySet<string>): string {
  let key = decimalStringsKeys.get(decimalStrings);
  if (key === undefined) decimalStringsKeys.set(decimalStrings, (key = [...decimalStrings].sort().join('\u0000')));
  return key;
}

/** The compiled form of an effect's condition, compiled once per condition object and decimal-string set. */
export function compiledEffect(condition: Condition, decimalStrings: ReadonlySet<string>): CompiledCondition {
  let byDecimalStrings = compiledConditions.get(condition);
  if (!byDecimalStrings) compiledConditions.set(condition, (byDecimalStrings = new Map()));
  const key = decimalStringsKey(decimalStrings);
  let compiled = byDecimalStrings.get(key);
  if (!compiled) byDecimalStrings.set(key, (compiled = compileCondition(condition, { decimalStrings })));
  return compiled;
}

/** Whether an effect's condition holds on a record; `fallback` when the field has no such effect. */
export function effectHolds(condition: Condition | undefined, record: Record<string, unknown>, decimalStrings: ReadonlySet<string>, fallback: boolean): boolean {
  return condition === undefined ? fallback : compiledEffect(condition, decimalStrings)(record);
}

/** The evaluated effects of one field, as the API answers them (`POST .../adjust`). */
export interface FieldState {
  disabled: boolean;
  readonly: boolean;
  required: boolean;
  visible: boolean;
}

/**
 * The effect state of every field of a record (system fields included): a field's own `readonly` / `required`
 * declaration, or its effect's condition holding on the record.
 */
export function recordFieldStates(
  doc: Pick<EntityDocument, 'fields' | 'extensions'>, fields: readonly { name: string; readonly?: boolean; required?: boolean }[], record: Record<string, unknown>,
  decimalStrings: ReadonlySet<string> = decimalStringNames(doc.fields),
): Record<string, FieldState> {
  const states: Record<string, FieldState> = {};
  for (const field of fields) {
    const effects = doc.extensions?.effects?.[field.name];
    states[field.name] = {
      disabled: effectHolds(effects?.disabled, record, decimalStrings, false),
      readonly: field.readonly === true || effectHolds(effects?.readonly, record, decimalStrings, false),
      required: field.required === true || effectHolds(effects?.required, record, decimalStrings, false),
      visible: effectHolds(effects?.visible, record, decimalStrings, true),
    };
  }
  return states;
}

/** The live state of one field's effects in the editor. */
export interface FieldEffectState {
  disabled: boolean;
  readonly: boolean;
  required: boolean;
  hidden: boolean;
  /** Why the field is disabled or read-only, in words ("Kind equals Voucher"). */
  reason?: string;
  /** Which effect the reason explains. */
  reasonKind?: 'disabled' | 'readonly';
}

/** Effect states by field path. */
export type EffectStates = Readonly<Record<string, FieldEffectState>>;

/** Evaluates the conditional effects of an entity's fields against a record. */
export interface FieldEffectsEngine {
  /** Every field with effects, evaluated from scratch. */
  evaluateAll(record: Record<string, unknown>): EffectStates;
  /**
   * Re-evaluates only the fields whose conditions read a value that differs between `before` and `after`;
   * returns `previous` itself when no state changed, and keeps the state objects of unchanged fields.
   */
  update(previous: EffectStates, before: Record<string, unknown>, after: Record<string, unknown>): EffectStates;
  /** How many field evaluations ran since creation (the proof that only dependents are re-evaluated). */
  readonly evaluations: number;
}

/** The compiled effects of every field that has some, by dotted field path (array items have no path). */
export function effectsByPath(compiled: Pick<CompiledEntity, 'uiSchema'>): Map<string, CompiledEffects> {
  const found = new Map<string, CompiledEffects>();
  collectEffects(compiled.uiSchema, '', found);
  return found;
}

/** Collects `ui:options.effects` from a uiSchema tree, by dotted field path (array items have no path). */
function collectEffects(ui: UiSchema, prefix: string, out: Map<string, CompiledEffects>): void {
  for (const [key, node] of Object.entries(ui)) {
    if (key.startsWith('ui:') || key === 'items' || node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const options = (node as UiSchema)['ui:options'] as { effects?: CompiledEffects } | undefined;
    if (options?.effects) out.set(path, options.effects);
    collectEffects(node as UiSchema, path, out);
  }
}

/** The label of a field path for explanations and messages: the schema title, else the path. */
export function fieldTitle(compiled: Pick<CompiledEntity, 'schema'>, path: string): string {
  const title = schemaAt(compiled.schema, path)?.title;
  return typeof title === 'string' && title !== '' ? title : path;
}

/** The title of a stored value of a field with choices (the compiled `oneOf` of `const`/`title`), if it has one. */
export function choiceTitle(compiled: Pick<CompiledEntity, 'schema'>, path: string, value: unknown): string | undefined {
  const choices = schemaAt(compiled.schema, path)?.oneOf;
  if (!Array.isArray(choices)) return undefined;
  const title = (choices as { const?: unknown; title?: unknown }[]).find((choice) => choice.const === value)?.title;
  return typeof title === 'string' && title !== '' ? title : undefined;
}

/**
 * The effects of a compiled entity, for evaluation per keystroke. Which fields a change touches comes from
 * `compiled.effectDependents`.
 *
 * @param messages the words of the reasons, in the UI language; English by default
 */
export function createFieldEffects(compiled: Pick<CompiledEntity, 'uiSchema' | 'effectDependents' | 'schema'>, messages?: ExplanationMessages): FieldEffectsEngine {
  const found = effectsByPath(compiled);
  // Wide integers and exact decimals (decimal strings) compare numerically, as on the server.
  const decimalStrings = decimalStringsOfSchema(compiled.schema);
  const options = { decimalStrings };
  const rules = [...found].map(([path, effects]) => ({ path, effects }));
  const byPath = new Map(rules.map((rule) => [rule.path, rule]));
  const sources = Object.entries(compiled.effectDependents);
  const label = (path: string) => fieldTitle(compiled, path);
  const valueLabel = (path: string, value: unknown) => choiceTitle(compiled, path, value);
  let evaluations = 0;

  const evaluate = ({ effects }: { effects: CompiledEffects }, record: Record<string, unknown>): FieldEffectState => {
    evaluations++;
    const state: FieldEffectState = {
      disabled: effectHolds(effects.disabled, record, decimalStrings, false),
      readonly: effectHolds(effects.readonly, record, decimalStrings, false),
      required: effectHolds(effects.required, record, decimalStrings, false),
      hidden: !effectHolds(effects.visible, record, decimalStrings, true),
    };
    // Explaining is slower than evaluating: only for the effect that holds, and only when it is re-evaluated.
    const kind = state.disabled ? 'disabled' : state.readonly ? 'readonly' : undefined;
    if (kind) {
      state.reasonKind = kind;
      state.reason = formatExplanation(explainCondition(effects[kind]!, record, options), label, messages, valueLabel);
    }
    return state;
  };
  const same = (a: FieldEffectState | undefined, b: FieldEffectState) =>
    a !== undefined && a.disabled === b.disabled && a.readonly === b.readonly && a.required === b.required && a.hidden === b.hidden && a.reason === b.reason;

  return {
    get evaluations() {
      return evaluations;
    },
    evaluateAll(record) {
      const states: Record<string, FieldEffectState> = {};
      for (const rule of rules) states[rule.path] = evaluate(rule, record);
      return states;
    },
    update(previous, before, after) {
      const targets = new Set<string>();
      for (const [source, dependents] of sources) {
        if (valueAt(before, source) !== valueAt(after, source)) for (const target of dependents) targets.add(target);
      }
      if (targets.size === 0) return previous;
      let next: Record<string, FieldEffectState> | undefined;
      for (const target of targets) {
        const rule = byPath.get(target);
        if (!rule) continue;
        const state = evaluate(rule, after);
        if (same(previous[target], state)) continue;
        next ??= { ...previous };
        next[target] = state;
      }
      return next ?? previous;
    },
  };
}
