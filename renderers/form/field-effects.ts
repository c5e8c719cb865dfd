import { compileCondition, explainCondition, formatExplanation, type CompiledCondition, type ExplanationMessages } from '../../conditions';
import type { Condition } from '../../conditions/condition';
import { valueAt, wideIntegersOfSchema, type CompiledEffects, type CompiledEntity, type UiSchema } from '../../schemas';
import { schemaAt } from './schema-at';

/** The live state of one field's effects. */
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

interface FieldEffectRule {
  path: string;
  effects: CompiledEffects;
  disabled?: CompiledCondition;
  readonly?: CompiledCondition;
  required?: CompiledCondition;
  visible?: CompiledCondition;
}

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

/** The label of a field path for explanations: the schema title, else the path. */
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
 * Compiles the effects of a compiled entity once (conditions/ `compileCondition`), for evaluation per keystroke.
 * Which fields a change touches comes from `compiled.effectDependents`.
 *
 * @param messages the words of the reasons, in the UI language (`explanationMessages(i18n)`); English by default
 */
export function createFieldEffects(compiled: Pick<CompiledEntity, 'uiSchema' | 'effectDependents' | 'schema'>, messages?: ExplanationMessages): FieldEffectsEngine {
  const found = new Map<string, CompiledEffects>();
  // Wide integers (decimal strings) compare numerically, as on the server.
  const options = { wideIntegers: wideIntegersOfSchema(compiled.schema) };
  collectEffects(compiled.uiSchema, '', found);
  const rules = new Map<string, FieldEffectRule>();
  for (const [path, effects] of found) {
    const compile = (c: Condition | undefined) => (c ? compileCondition(c, options) : undefined);
    rules.set(path, { path, effects, disabled: compile(effects.disabled), readonly: compile(effects.readonly), required: compile(effects.required), visible: compile(effects.visible) });
  }
  const sources = Object.entries(compiled.effectDependents);
  const label = (path: string) => fieldTitle(compiled, path);
  const valueLabel = (path: string, value: unknown) => choiceTitle(compiled, path, value);
  let evaluations = 0;

  const evaluate = (rule: FieldEffectRule, record: Record<string, unknown>): FieldEffectState => {
    evaluations++;
    const state: FieldEffectState = {
      disabled: rule.disabled?.(record) ?? false,
      readonly: rule.readonly?.(record) ?? false,
      required: rule.required?.(record) ?? false,
      hidden: rule.visible ? !rule.visible(record) : false,
    };
    // Explaining is slower than evaluating: only for the effect that holds, and only when it is re-evaluated.
    const kind = state.disabled ? 'disabled' : state.readonly ? 'readonly' : undefined;
    if (kind) {
      state.reasonKind = kind;
      state.reason = formatExplanation(explainCondition(rule.effects[kind]!, record, options), label, messages, valueLabel);
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
      for (const rule of rules.values()) states[rule.path] = evaluate(rule, record);
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
        const rule = rules.get(target);
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

const applied = new WeakMap<FieldEffectState, WeakMap<UiSchema, UiSchema>>();

function applyState(node: UiSchema, state: FieldEffectState): UiSchema {
  let byNode = applied.get(state);
  const cached = byNode?.get(node);
  if (cached) return cached;
  const options = { ...((node['ui:options'] as Record<string, unknown> | undefined) ?? {}), effectRequired: state.required, effectHidden: state.hidden, effectReason: state.reason };
  const out: UiSchema = { ...node, 'ui:options': options };
  if (state.disabled) out['ui:disabled'] = true;
  if (state.readonly) out['ui:readonly'] = true;
  if (!byNode) applied.set(state, (byNode = new WeakMap()));
  byNode.set(node, out);
  return out;
}

/**
 * The uiSchema with the effect states applied: `ui:disabled`, `ui:readonly`, and in `ui:options` `effectRequired`,
 * `effectHidden` and `effectReason`. Nodes of fields whose state object did not change keep their identity.
 */
export function applyEffects(uiSchema: UiSchema, states: EffectStates): UiSchema {
  let root = uiSchema;
  for (const [path, state] of Object.entries(states)) {
    const keys = path.split('.');
    const rebuild = (node: UiSchema, depth: number): UiSchema => {
      const key = keys[depth]!;
      const child = (node[key] as UiSchema | undefined) ?? {};
      const next = depth === keys.length - 1 ? applyState(child, state) : rebuild(child, depth + 1);
      return next === child ? node : { ...node, [key]: next };
    };
    root = rebuild(root, 0);
  }
  return root;
}
