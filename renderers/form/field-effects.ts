import type { EffectStates, FieldEffectState, UiSchema } from '../../schemas';

// The effects engine is schemas/ `createFieldEffects` (the same rules as the server's); this module applies its states
// to rjsf's uiSchema.
export { createFieldEffects, fieldTitle, choiceTitle, type FieldEffectState, type EffectStates, type FieldEffectsEngine } from '../../schemas';

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
