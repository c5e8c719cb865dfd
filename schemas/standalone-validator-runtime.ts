/**
 * The two helpers ajv's precompiled validators call (schemas/entity-document-validator.generated.ts): ajv's standalone
 * code `require`s them from ajv's runtime folder, which neither the browser bundle nor Node's ES modules can load as
 * written, so the generator points them here. Both behave as ajv's own.
 */

/** A string's length in code points, as JSON Schema counts `minLength` and `maxLength` (ajv's runtime/ucs2length). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let at = 0; at < text.length; length++) {
    const unit = text.charCodeAt(at++);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && at < text.length && (text.charCodeAt(at) & 0xfc00) === 0xdc00) at++;
  }
  return length;
}

/** Deep equality of JSON values, for `uniqueItems`, `enum` and `const` (ajv's runtime/equal, fast-deep-equal). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => equal(item, other[index]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
