/** The kind of a runtime value as the operators see it; `missing` is `undefined` (an absent field). */
export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'missing' | 'array' | 'object' | 'other';

/**
 * Whether a value is a plain object (a JSON object): its prototype is `Object.prototype` or `null`.
 * Class instances (Date, Map, ...) are not, so they never pass for `{}`.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Classifies a record value for the operators. Anything JSON cannot carry (functions, symbols, bigints,
 * class instances) is `other`: no operator but the null family holds for it, so odd values never throw.
 */
export function valueKind(value: unknown): ValueKind {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      if (Array.isArray(value)) return 'array';
      return isPlainObject(value) ? 'object' : 'other';
    default:
      return 'other';
  }
}
