import type { JsonSchema } from './compile-field-schema';

/** The sub-schema of a dotted field path ("Dimensions.Width") in a compiled record schema. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const key of path.split('.')) {
    const properties = node?.properties as Record<string, JsonSchema> | undefined;
    node = properties?.[key];
    if (!node) return undefined;
  }
  return node;
}
