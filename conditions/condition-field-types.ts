/**
 * What the checker knows about the record a condition reads: the kind of every field path.
 * The schemas compiler builds this from an entity's field model; `conditions/` never sees the model itself.
 */

/** The kinds of value a field can hold, as the field model names them. */
export const CONDITION_FIELD_KINDS = ['String', 'Number', 'Boolean', 'Object', 'Array'] as const;

/** A field kind ('String', 'Number', 'Boolean', 'Object' or 'Array'). */
export type ConditionFieldKind = (typeof CONDITION_FIELD_KINDS)[number];

/**
 * Field path to kind: top-level fields by name ("Kind"), properties of Object fields by dotted path
 * ("Address.City"). A path that is not a key here is an unknown field for the checker.
 */
export type ConditionFieldTypes = Readonly<Record<string, ConditionFieldKind>>;
