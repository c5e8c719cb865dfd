/**
 * One problem found in an entity document: where it is and what a schema author should do about it.
 */
export interface DocumentIssue {
  /** The document's file (as given by the caller; empty when unknown). */
  file: string;
  /** JSON pointer into the document, e.g. `/fields/3/maxLength` (empty for the whole document). */
  path: string;
  /** A sentence the author can act on, e.g. "field 'Price': min (10) is greater than max (5)". */
  message: string;
}

/**
 * Escapes one JSON pointer segment (RFC 6901), so keys like "a/b" stay one segment.
 */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Joins a base pointer with further segments.
 */
export function pointer(base: string, ...segments: (string | number)[]): string {
  return base + segments.map((s) => `/${pointerSegment(s)}`).join('');
}
