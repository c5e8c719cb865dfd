/**
 * The two helpers ajv's precompiled validators call (schemas/entity-document-validator.generated.ts): ajv's standalone
 * code `require`s them from ajv's runtime folder, which neither the browser bundle nor Node's ES modules can load as
 * written, so the generator points them here.
 */
import { deepEqual } from '../conditions';

/** A string's length in code points, as JSON Schema counts `minLength` and `maxLength` (ajv's runtime/ucs2length). */
export const ucs2length = (text: string): number => [...text].length;

/** Deep equality of JSON values, for `uniqueItems`, `enum` and `const` (ajv's runtime/equal). */
export const equal = deepEqual;
