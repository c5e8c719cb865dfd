/**
 * Reading a field path from a record. Dots descend into plain objects only ("Address.City"); an array,
 * a scalar or a null along the way makes the field missing, and only own keys count, so "constructor"
 * or "__proto__" never reach into prototypes. Never throws, whatever the record holds.
 */

/** Reads one field path from a record; `undefined` means missing. */
export function resolveField(record: unknown, path: string): unknown {
  return fieldReader(path)(record);
}

function step(current: unknown, key: string): unknown {
  if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
  return Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
}

/** Builds a reader for one path once, so compiled conditions do not split strings per evaluation. */
export function fieldReader(path: string): (record: unknown) => unknown {
  const segments = path.split('.');
  if (segments.length === 1) return (record) => step(record, path);
  if (segments.length === 2) {
    const [a, b] = segments as [string, string];
    return (record) => step(step(record, a), b);
  }
  return (record) => {
    let current = record;
    for (const segment of segments) {
      current = step(current, segment);
      if (current === undefined) return undefined;
    }
    return current;
  };
}
